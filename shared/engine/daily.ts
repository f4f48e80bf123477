// The daily puzzle: a secret-keyed seed per UTC day and language, and a deterministic, curated
// board. Pure (Web Crypto only), so the Worker and the CLI (`tumbleword daily`) compute the same
// board.
//
// Seeds: attempt 0 of day D is HMAC-SHA256(secret, label), attempt n >= 1 signs the label with
// "/attempt-n" added. English's label is "tumbleword/D" (as it always was); the other languages'
// are "tumbleword/<code>/D" (languages.ts). Each seed drives createRng -> shake(the language's
// dice) under its rules (classic). Without the secret nobody can compute a future board.
//
// The quality bar (the language's `quality`; English's is QUALITY below), checked on each shake
// in turn until one passes:
// - at least minCommonWords everyday words (as the lexicon marks them common);
// - at least one everyday word of minLongCommonLength or more letters;
// - no blocklisted word can be traced on the board at all (dictionary-free, any path).
// If no shake of the first MAX_ATTEMPTS passes (never seen in practice), the blocklist-clean
// shake with the most common points is used, so a day always has a puzzle.
import type { Board } from "./board.ts";
import { traceWord } from "./check.ts";
import { DICE, shake } from "./dice.ts";
import { readListFile } from "./lexicon/list-file.ts";
import { EngineError } from "./errors.ts";
import { ENGLISH, type Language, type LanguageCode, type QualityBar } from "./languages.ts";
import type { Lexicon } from "./lexicon/lexicon.ts";
import { isIsoDate } from "./calendar.ts";
import { createRng } from "./rng.ts";
import { RULES } from "./rules.ts";
import { type CompactSolution, type Solution, solveCompact } from "./solver/index.ts";

export const DAILY_RULES = RULES.classic;
export const DAILY_DICE = DICE.new;

/** English's quality bar (each language has its own: languages.ts). */
export const QUALITY: QualityBar = ENGLISH.quality;
export const MAX_ATTEMPTS = 500;

export interface DailyPuzzle {
  date: string;
  language: LanguageCode;
  board: Board;
  /** The full solution in flat form: what to store and judge words with. */
  compact: CompactSolution;
  /** The same solution as objects, made on first use. */
  readonly solution: Solution;
  /** Shakes tried, counting the one used (1 = the day's first seed passed). */
  attempts: number;
}

/** The blocklist file's words (one per line, `#` starts the line's reason). */
export { readListFile as parseBlocklist } from "./lexicon/list-file.ts";

/** A language's blocklist file as its daily boards use it: English's as always, the others' words folded. */
export function languageBlocklist(text: string, language: Language): string[] {
  return language === ENGLISH ? readListFile(text) : readListFile(text, (w) => language.normalize(w));
}

type SeedFor = (attempt: number) => Promise<Uint8Array>;

async function daySeeds(secret: string, date: string, language: Language): Promise<SeedFor> {
  if (secret.length === 0) throw new RangeError("the daily secret is empty");
  if (!isIsoDate(date)) throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (attempt) => {
    return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(language.seedLabel(date, attempt))));
  };
}

/** The seed bytes (32) of one shake of one day, in a language (English unless given). */
export async function daySeed(secret: string, date: string, attempt = 0, language: Language = ENGLISH): Promise<Uint8Array> {
  return (await daySeeds(secret, date, language))(attempt);
}

function hasBlockedWord(board: Board, blocklist: readonly string[]): boolean {
  return blocklist.some((word) => traceWord(board, word) !== null);
}

/** Does a solved shake meet the bar (the blocklist aside)? */
export function meetsQuality(solution: CompactSolution, quality: QualityBar = QUALITY): boolean {
  if (solution.totals.commonWords < quality.minCommonWords) return false;
  for (let i = 0; i < solution.count; i++) {
    if (solution.isCommon(i) && solution.letters(i) >= quality.minLongCommonLength) return true;
  }
  return false;
}

function dailyOf(date: string, language: LanguageCode, board: Board, compact: CompactSolution, attempts: number): DailyPuzzle {
  let solution: Solution | undefined;
  return {
    date,
    language,
    board,
    compact,
    attempts,
    get solution() {
      return (solution ??= compact.toSolution());
    },
  };
}

/**
 * The day's curated board and its full solution in a language (English unless given; same
 * inputs, same result, everywhere). `lexicon` and `blocklist` must be the language's own.
 */
export async function dailyPuzzle(
  secret: string,
  date: string,
  lexicon: Lexicon,
  blocklist: readonly string[],
  language: Language = ENGLISH,
): Promise<DailyPuzzle> {
  if (lexicon.alphabet !== language.alphabet) {
    throw new EngineError(`the lexicon's letters (${lexicon.alphabet}) are not ${language.name}'s (${language.alphabet})`);
  }
  const seedFor = await daySeeds(secret, date, language);
  let fallback: DailyPuzzle | undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const board = shake(language.dice, createRng(await seedFor(attempt)));
    if (hasBlockedWord(board, blocklist)) continue;
    const solution = solveCompact(board, lexicon, language.rules);
    if (meetsQuality(solution, language.quality)) return dailyOf(date, language.code, board, solution, attempt + 1);
    if (fallback === undefined || solution.totals.commonPoints > fallback.compact.totals.commonPoints) {
      fallback = dailyOf(date, language.code, board, solution, attempt + 1);
    }
  }
  if (fallback === undefined) throw new Error(`no ${language.name} board for ${date} avoids the blocklist in ${MAX_ATTEMPTS} shakes`);
  return dailyOf(date, language.code, fallback.board, fallback.compact, MAX_ATTEMPTS);
}
