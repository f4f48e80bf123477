// The numbers of docs/languages.md: per language, the lexicon (words, everyday words, bytes) and
// the daily boards of a year (everyday words per board min / median / max, shakes to meet the
// quality bar), made with a fixed secret of this script's own (the real one stays secret, and
// the statistics do not depend on which secret signs the seeds).
// Usage: npm run -s build:lexicon && node scripts/language-stats.ts [en] [fr] [es] [de] [--year 2026] [--bar N]
//   --bar N   what if: the share of first shakes with at least N everyday words (and a long one)
//   --long L  with --bar: the long everyday word has at least L letters (default: the language's)
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGES, LANGUAGE_CODES, type LanguageCode, Lexicon, createRng, dailyPuzzle, daySeed, meetsQuality, parseBlocklist, shake, solveCompact } from "#engine";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SECRET = "tumbleword-language-stats";

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at < 0 ? undefined : args.splice(at, 2)[1];
};
const year = Number(option("--year") ?? 2026);
const bar = option("--bar");
const long = option("--long");
const codes = (args.length > 0 ? args : LANGUAGE_CODES) as LanguageCode[];

function daysOf(y: number): string[] {
  const days: string[] = [];
  for (let t = Date.UTC(y, 0, 1); t < Date.UTC(y + 1, 0, 1); t += 86_400_000) days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `min ${sorted[0]} / median ${sorted[Math.floor(sorted.length / 2)]} / max ${sorted[sorted.length - 1]}`;
};

for (const code of codes) {
  const language = LANGUAGES[code];
  const bytes = readFileSync(join(root, "dist/lexicon", language.lexiconFile));
  const lexicon = Lexicon.fromBytes(bytes);
  const blocklist = parseBlocklist(readFileSync(join(root, language.blocklistFile), "utf8"), (w) => language.normalize(w));
  const gzip = (await import("node:zlib")).gzipSync(bytes, { level: 9 }).byteLength;
  console.log(`${code} (${language.name}): ${lexicon.wordCount} words, ${lexicon.commonCount} everyday, ${bytes.byteLength} bytes (${gzip} gzipped)`);
  const days = daysOf(year);

  if (bar !== undefined) {
    const quality = { minCommonWords: Number(bar), minLongCommonLength: Number(long ?? language.quality.minLongCommonLength) };
    let passed = 0;
    const firstShakeCommon: number[] = [];
    for (const date of days) {
      const board = shake(language.dice, createRng(await daySeed(SECRET, date, 0, language)));
      const solution = solveCompact(board, lexicon, language.rules);
      firstShakeCommon.push(solution.totals.commonWords);
      if (meetsQuality(solution, quality)) passed++;
    }
    console.log(`  bar ${bar}, long ${quality.minLongCommonLength}: ${passed} of ${days.length} first shakes pass; everyday words per first shake ${summary(firstShakeCommon)}`);
    continue;
  }

  const started = performance.now();
  const common: number[] = [];
  const words: number[] = [];
  const attempts: number[] = [];
  for (const date of days) {
    const puzzle = await dailyPuzzle(SECRET, date, lexicon, blocklist, language);
    common.push(puzzle.compact.totals.commonWords);
    words.push(puzzle.compact.totals.words);
    attempts.push(puzzle.attempts);
  }
  const ms = (performance.now() - started) / days.length;
  console.log(`  bar: ${language.quality.minCommonWords} everyday words, one of ${language.quality.minLongCommonLength}+ letters`);
  console.log(`  ${year}'s ${days.length} daily boards: everyday words ${summary(common)}; all words ${summary(words)}`);
  console.log(`  shakes to meet the bar: ${summary(attempts)}, first shake kept on ${attempts.filter((a) => a === 1).length} days; ${ms.toFixed(1)} ms a day`);
}
