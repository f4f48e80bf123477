// Rounds and word submissions. The server judges every word against its own stored solution;
// nothing a client says about points or score is used.
import { type Reason, checkWord } from "../../shared/index.ts";
import type { Db } from "../db/client.ts";
import { recordWord, roundProgress, startOrResumeRound, storedWordPoints } from "../db/queries/rounds.ts";
import type { Round } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { defaultLexicon } from "./engine.ts";
import type { Puzzle } from "./puzzles.ts";

/** Words arriving within the grace after a ranked round's end still count. */
export const DEFAULT_ROUND_SECONDS = 180;
export const GRACE_MS = 5_000;

/** The length of a ranked round: the ROUND_SECONDS var (short rounds for browser tests), else 3 minutes. */
export function roundMs(env: Pick<Env, "ROUND_SECONDS">): number {
  const seconds = Number(env.ROUND_SECONDS ?? DEFAULT_ROUND_SECONDS);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 24 * 3600) {
    throw new ApiError(503, "unavailable", `the server's ROUND_SECONDS is not a whole number of seconds (1-86400): ${env.ROUND_SECONDS}`);
  }
  return seconds * 1000;
}

export type WordReason = Reason | "late";

export type WordResult =
  | { accepted: true; word: string; points: number; score: number; found: number }
  | { accepted: false; reason: WordReason; word: string; points: 0; score: number; found: number };

export interface RoundView {
  roundId: string;
  date: string;
  ranked: boolean;
  startedAt: string;
  /** Null for an unranked round: no time limit. */
  endsAt: string | null;
}

export function roundView(round: Round): RoundView {
  return {
    roundId: round.id,
    date: round.puzzleDate,
    ranked: round.ranked,
    startedAt: new Date(round.startedAt).toISOString(),
    endsAt: round.endsAt === null ? null : new Date(round.endsAt).toISOString(),
  };
}

/**
 * The player's round for the day: ranked (timed) when the day is today, unranked and untimed
 * for a past day. Asking again returns the same round.
 */
export async function startRound(
  db: Db,
  playerId: string,
  date: string,
  today: string,
  now: number,
  roundLength: number,
): Promise<{ round: Round; created: boolean }> {
  const ranked = date === today;
  const id = crypto.randomUUID();
  const round = await startOrResumeRound(db, {
    id,
    playerId,
    puzzleDate: date,
    ranked,
    startedAt: now,
    endsAt: ranked ? now + roundLength : null,
    score: 0,
    words: 0,
  });
  return { round, created: round.id === id };
}

export function isOver(round: Round, now: number, grace = 0): boolean {
  return round.endsAt !== null && now > round.endsAt + grace;
}

/** Why a word that is not in the solution does not count. */
function rejection(puzzle: Puzzle, word: string): Reason {
  const verdict = checkWord(puzzle.board, defaultLexicon(), puzzle.rules, word);
  // A word the current lexicon accepts but the stored solution lacks (a newer lexicon than the
  // day's) does not count: the stored solution is the authority.
  return verdict.accepted ? "not-a-word" : verdict.reason;
}

/**
 * Judges and records one word. Idempotent: a word already stored answers exactly as when it was
 * accepted (also after the round ended), and storing it again changes nothing.
 */
export async function submitWord(db: Db, round: Round, puzzle: Puzzle, word: string, now: number): Promise<WordResult> {
  const entry = puzzle.byWord.get(word);
  const late = isOver(round, now, GRACE_MS);
  if (entry !== undefined && !late) {
    const progress = await recordWord(db, round.id, word, entry.points, now);
    return { accepted: true, word, points: entry.points, ...progress };
  }
  if (entry !== undefined) {
    const stored = await storedWordPoints(db, round.id, word);
    if (stored !== undefined) return { accepted: true, word, points: stored, ...(await roundProgress(db, round.id)) };
  }
  // Nothing to write: the round as just read has the current score.
  const reason: WordReason = late ? "late" : rejection(puzzle, word);
  return { accepted: false, reason, word, points: 0, score: round.score, found: round.words };
}
