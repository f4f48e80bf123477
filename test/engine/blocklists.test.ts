// Every language's blocklist against independently maintained lists of vulgar words and slurs
// (scripts/languages/profanity-lists.ts: at least three independent ones per language): each word of
// them that the language's lexicon would accept is either blocked (blocklist.txt) or kept on purpose
// (kept.txt, one reason a word), and no word three of them agree on is kept; and over a full year of
// daily boards (365 days, a fixed test secret), no blocked word is ever both traceable on the board
// and accepted. Each language's year is solved once, in its own test.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { addDays } from "../../shared/engine/calendar.ts";
import { dailyPuzzle, parseBlocklist } from "../../shared/engine/daily.ts";
import { Lexicon, traceWord } from "../../shared/engine/index.ts";
import { LANGUAGES, type Language } from "../../shared/engine/languages.ts";
import { AGREEMENT, listWords, namedBy, profanityLists } from "#scripts/languages/profanity-lists.ts";

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
  /** Every word the independent lists name (folded, of the daily rules' length), with how many agree. */
  named: Map<string, number>;
}

function listsOf(language: Language): Lists {
  const folder = language.code === "en" ? "shared/engine/lexicon" : `shared/engine/lexicon/${language.code}`;
  const normalize = (w: string) => language.normalize(w);
  const read = (file: string) => new Set(parseBlocklist(readFileSync(join(ROOT, folder, file), "utf8"), normalize));
  return {
    language,
    lexicon: Lexicon.fromBytes(readFileSync(join(ROOT, "dist/lexicon", language.lexiconFile))),
    blocklist: read("blocklist.txt"),
    kept: read("kept.txt"),
    named: new Map([...namedBy(language)].map(([word, families]) => [word, families.size])),
  };
}

describe.each(Object.values(LANGUAGES))("$name", (language) => {
  const lists = listsOf(language);

  it(`reads at least ${AGREEMENT} independent lists, each of them in full`, () => {
    const used = profanityLists(language.code);
    expect(new Set(used.map((list) => list.family)).size).toBeGreaterThanOrEqual(AGREEMENT);
    for (const list of used) expect(listWords(list, language).size, list.name).toBeGreaterThan(40);
  });

  it("blocks or deliberately keeps every word of the lists that its lexicon would accept", () => {
    const unjudged = [...lists.named.keys()].filter((w) => lists.lexicon.has(w) && !lists.kept.has(w));
    expect(unjudged).toEqual([]);
    // The lexicon accepts no blocked word; kept words are the lists' own, not blocked, and never
    // a word that enough lists agree on.
    expect([...lists.blocklist].filter((w) => lists.lexicon.has(w))).toEqual([]);
    expect([...lists.kept].filter((w) => !lists.named.has(w) || lists.blocklist.has(w))).toEqual([]);
    expect([...lists.kept].filter((w) => lists.named.get(w)! >= AGREEMENT)).toEqual([]);
  });

  it(`has no blocked word traceable and accepted on any of ${DAYS} daily boards`, async () => {
    // Blocked: the blocklist, and every word of the lists that is not kept on purpose.
    const blocked = [...new Set([...lists.blocklist, ...[...lists.named.keys()].filter((w) => !lists.kept.has(w))])];
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
