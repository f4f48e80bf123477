// Every language's blocklist against an independent maintained list (npm naughty-words, the
// LDNOOBW lists): each word of it that the language's lexicon would accept is either blocked
// (blocklist.txt) or kept on purpose (kept.txt, one reason a word); and over a full year of daily
// boards (365 days, a fixed test secret), no blocked word is ever both traceable on the board and
// accepted. Each language's year is solved once, in its own test.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/engine/calendar.ts";
import { dailyPuzzle, parseBlocklist } from "../../shared/engine/daily.ts";
import { Lexicon, traceWord } from "../../shared/engine/index.ts";
import { LANGUAGES, type Language } from "../../shared/engine/languages.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "../..");
/** A fixed secret made for this test (never a deployment's): the same 365 boards on every run. */
const SECRET = "blocklist-year-test-secret-0123456789abcdef";
const FIRST_DAY = "2027-01-01";
const DAYS = 365;

interface Lists {
  language: Language;
  lexicon: Lexicon;
  blocklist: Set<string>;
  kept: Set<string>;
  /** The independent list's single words, folded as a typed word is, of the daily rules' length. */
  independent: Set<string>;
}

function listsOf(language: Language): Lists {
  const folder = language.code === "en" ? "shared/engine/lexicon" : `shared/engine/lexicon/${language.code}`;
  const normalize = (w: string) => language.normalize(w);
  const read = (file: string) => new Set(parseBlocklist(readFileSync(join(ROOT, folder, file), "utf8"), normalize));
  const raw = JSON.parse(readFileSync(join(ROOT, "node_modules/naughty-words", `${language.code}.json`), "utf8")) as string[];
  const independent = new Set(
    raw.flatMap((entry) => {
      const word = /^[\p{L}]+$/u.test(entry.trim()) ? language.normalize(entry.trim().toLowerCase()) : null;
      return word !== null && word.length >= language.rules.minLength ? [word] : [];
    }),
  );
  return {
    language,
    lexicon: Lexicon.fromBytes(readFileSync(join(ROOT, "dist/lexicon", language.lexiconFile))),
    blocklist: read("blocklist.txt"),
    kept: read("kept.txt"),
    independent,
  };
}

describe.each(Object.values(LANGUAGES))("$name", (language) => {
  const lists = listsOf(language);

  it("blocks or deliberately keeps every word of the independent list that its lexicon would accept", () => {
    expect(lists.independent.size).toBeGreaterThan(20);
    const unjudged = [...lists.independent].filter((w) => lists.lexicon.has(w) && !lists.kept.has(w));
    expect(unjudged).toEqual([]);
    // The lexicon accepts no blocked word; kept words are the list's own and not blocked.
    expect([...lists.blocklist].filter((w) => lists.lexicon.has(w))).toEqual([]);
    expect([...lists.kept].filter((w) => !lists.independent.has(w) || lists.blocklist.has(w))).toEqual([]);
  });

  it(`has no blocked word traceable and accepted on any of ${DAYS} daily boards`, async () => {
    // Blocked: the blocklist, and every word of the independent list that is not kept on purpose.
    const blocked = [...new Set([...lists.blocklist, ...[...lists.independent].filter((w) => !lists.kept.has(w))])];
    const blocklist = [...lists.blocklist];
    const found: string[] = [];
    let spelled = 0;
    for (let day = 0; day < DAYS; day++) {
      const date = addDays(FIRST_DAY, day);
      const puzzle = await dailyPuzzle(SECRET, date, lists.lexicon, blocklist, language);
      const words = new Set(Array.from({ length: puzzle.compact.count }, (_, i) => puzzle.compact.word(i)));
      for (const word of blocked) {
        if (words.has(word) || (lists.lexicon.has(word) && traceWord(puzzle.board, word) !== null)) found.push(`${date}: ${word}`);
      }
      for (const word of blocklist) if (traceWord(puzzle.board, word) !== null) spelled++;
    }
    expect(found).toEqual([]);
    // The daily boards themselves never spell a word of the blocklist (any path, any dictionary).
    expect(spelled).toBe(0);
  }, 600_000);
});
