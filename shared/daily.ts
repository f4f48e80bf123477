// The daily puzzle: a secret-keyed seed per UTC day and a deterministic, curated board.
// Pure (Web Crypto only), so the Worker and the CLI (`tumbleword daily`) compute the same board.
//
// Seeds: attempt 0 of day D is HMAC-SHA256(secret, "tumbleword/D"); attempt n >= 1 is
// HMAC-SHA256(secret, "tumbleword/D/attempt-n"). Each seed drives createRng -> shake(DICE.new)
// under the classic rules. Without the secret nobody can compute a future board.
//
// The quality bar (QUALITY below), checked on each shake in turn until one passes:
// - at least 40 common words (SCOWL-common, as the lexicon marks them);
// - at least one common word of 7 or more letters;
// - no blocklisted word can be traced on the board at all (dictionary-free, any path).
// If no shake of the first MAX_ATTEMPTS passes (never seen in practice), the blocklist-clean
// shake with the most common points is used, so a day always has a puzzle.
import type { Board } from "./board.ts";
import { traceWord } from "./check.ts";
import { DICE, shake } from "./dice.ts";
import type { Lexicon } from "./lexicon/lexicon.ts";
import { isIsoDate } from "./calendar.ts";
import { createRng } from "./rng.ts";
import { RULES } from "./rules.ts";
import { type CompactSolution, type Solution, solveCompact } from "./solver/index.ts";

export const DAILY_RULES = RULES.classic;
export const DAILY_DICE = DICE.new;

export const QUALITY = Object.freeze({ minCommonWords: 40, minLongCommonLength: 7 });
export const MAX_ATTEMPTS = 500;

export interface DailyPuzzle {
  date: string;
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

type SeedFor = (attempt: number) => Promise<Uint8Array>;

async function daySeeds(secret: string, date: string): Promise<SeedFor> {
  if (secret.length === 0) throw new RangeError("the daily secret is empty");
  if (!isIsoDate(date)) throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return async (attempt) => {
    const label = attempt === 0 ? `tumbleword/${date}` : `tumbleword/${date}/attempt-${attempt}`;
    return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(label)));
  };
}

/** The seed bytes (32) of one shake of one day. */
export async function daySeed(secret: string, date: string, attempt = 0): Promise<Uint8Array> {
  return (await daySeeds(secret, date))(attempt);
}

function hasBlockedWord(board: Board, blocklist: readonly string[]): boolean {
  return blocklist.some((word) => traceWord(board, word) !== null);
}

function meetsQuality(solution: CompactSolution): boolean {
  if (solution.totals.commonWords < QUALITY.minCommonWords) return false;
  for (let i = 0; i < solution.count; i++) {
    if (solution.isCommon(i) && solution.letters(i) >= QUALITY.minLongCommonLength) return true;
  }
  return false;
}

function dailyOf(date: string, board: Board, compact: CompactSolution, attempts: number): DailyPuzzle {
  let solution: Solution | undefined;
  return {
    date,
    board,
    compact,
    attempts,
    get solution() {
      return (solution ??= compact.toSolution());
    },
  };
}

/** The day's curated board and its full solution (same inputs, same result, everywhere). */
export async function dailyPuzzle(
  secret: string,
  date: string,
  lexicon: Lexicon,
  blocklist: readonly string[],
): Promise<DailyPuzzle> {
  const seedFor = await daySeeds(secret, date);
  let fallback: DailyPuzzle | undefined;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const board = shake(DAILY_DICE, createRng(await seedFor(attempt)));
    if (hasBlockedWord(board, blocklist)) continue;
    const solution = solveCompact(board, lexicon, DAILY_RULES);
    if (meetsQuality(solution)) return dailyOf(date, board, solution, attempt + 1);
    if (fallback === undefined || solution.totals.commonPoints > fallback.compact.totals.commonPoints) {
      fallback = dailyOf(date, board, solution, attempt + 1);
    }
  }
  if (fallback === undefined) throw new Error(`no board for ${date} avoids the blocklist in ${MAX_ATTEMPTS} shakes`);
  return dailyOf(date, fallback.board, fallback.compact, MAX_ATTEMPTS);
}
