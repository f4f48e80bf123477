// Measures how fit for a family site a year of daily boards is, per language: the independent
// lists read (scripts/languages/profanity-lists.ts), how many of their words the dictionary
// accepts and how this tree decided them (blocked by the lists' agreement, blocked or kept on
// reading), then the (day, word) pairs of a year's solutions that this tree blocks.
// The boards come from the lexicons and blocklists of --root (this tree by default), so the same
// decisions measure the boards of an older tree: build the lexicons there first.
// --boards also prints each day's board and shakes, one line a day, to compare two trees' boards.
// Usage: node scripts/family-safe-boards.ts [--root DIR] [--secret S] [--from YYYY-MM-DD] [--days N] [--boards]
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { LANGUAGES, type Language, Lexicon, addDays, dailyPuzzle, languageBlocklist, parseBlocklist } from "#engine";
import { AGREEMENT, listWords, namedBy, profanityLists } from "./languages/profanity-lists.ts";

const here = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    root: { type: "string", default: here },
    // test/engine/blocklists.test.ts's secret and year.
    secret: { type: "string", default: "blocklist-year-test-secret-0123456789abcdef" },
    from: { type: "string", default: "2027-01-01" },
    days: { type: "string", default: "365" },
    boards: { type: "boolean", default: false },
  },
});
const root = resolve(values.root);

/** A tree's lists: shared/engine/lexicon/, or shared/lexicon/ in a tree from before the engine's folder. */
const listFile = (tree: string, language: Language, file: string) =>
  join(tree, existsSync(join(tree, "shared/engine/lexicon")) ? "shared/engine/lexicon" : "shared/lexicon", language.code === "en" ? "" : language.code, file);
const readList = (tree: string, language: Language, file: string) =>
  new Set(parseBlocklist(readFileSync(listFile(tree, language, file), "utf8"), (w) => language.normalize(w)));

async function measure(language: Language): Promise<void> {
  const named = namedBy(language);
  const lexicon = Lexicon.fromBytes(readFileSync(join(root, "dist/lexicon", language.lexiconFile)));
  const [blocked, kept] = [readList(here, language, "blocklist.txt"), readList(here, language, "kept.txt")];
  const [rootBlocked, rootKept] = [readList(root, language, "blocklist.txt"), readList(root, language, "kept.txt")];
  // What the dictionary accepts: what the lexicon has, and what a blocklist took out of it.
  const accepted = [...named.keys()].filter((w) => lexicon.has(w) || rootBlocked.has(w) || blocked.has(w));
  const agreed = accepted.filter((w) => named.get(w)!.size >= AGREEMENT);
  const read = accepted.filter((w) => named.get(w)!.size < AGREEMENT);
  console.log(`${language.name}:`);
  for (const list of profanityLists(language.code)) console.log(`  ${list.name} (${list.family}): ${listWords(list, language).size} words`);
  console.log(`  union ${named.size}, the dictionary accepts ${accepted.length}: ${agreed.length} named by ${AGREEMENT}+ families ` +
    `(${agreed.filter((w) => blocked.has(w)).length} blocked), ${read.length} read: ${read.filter((w) => blocked.has(w)).length} blocked, ` +
    `${read.filter((w) => kept.has(w)).length} kept; the blocklist ${blocked.size} words`);
  const already = (decided: Set<string>, before: Set<string>) => accepted.filter((w) => decided.has(w) && before.has(w)).length;
  console.log(`  already so in --root: ${already(blocked, rootBlocked)} of the blocked, ${already(kept, rootKept)} of the kept`);

  const isBlocked = (w: string) => blocked.has(w) || (named.has(w) && !kept.has(w));
  const blocklist = languageBlocklist(readFileSync(listFile(root, language, "blocklist.txt"), "utf8"), language);
  const days = new Map<string, number>();
  let hits = 0;
  let shakes = 0;
  for (let day = 0; day < Number(values.days); day++) {
    const date = addDays(values.from, day);
    const puzzle = await dailyPuzzle(values.secret, date, lexicon, blocklist, language);
    shakes += puzzle.attempts;
    if (values.boards) console.log(`  ${language.code} ${date} ${puzzle.board.faces.join("")} ${puzzle.attempts}`);
    for (let i = 0; i < puzzle.compact.count; i++) {
      const word = puzzle.compact.word(i);
      if (!isBlocked(word)) continue;
      hits++;
      days.set(word, (days.get(word) ?? 0) + 1);
    }
  }
  const top = [...days].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  console.log(`  ${values.days} boards from ${values.from} (${shakes} shakes): ${hits} (day, word) hits of ${days.size} blocked words` +
    (top.length > 0 ? `: ${top.map(([w, n]) => `${w} ${n}`).join(", ")}` : ""));
}

for (const language of Object.values(LANGUAGES)) await measure(language);
