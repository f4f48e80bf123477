// When a day's ranked results may still change, and so how long answers built from them may be
// cached. Receipts of a ranked round sync until SYNC_WINDOW after the day closes (a player who
// was offline at midnight still counts); the day is settled once none of its messages is pending
// anywhere (archive/retention.ts decides, never the clock alone): its leaderboard and solution
// then never change and are cached for good.
import { closesAt } from "../puzzles/days.ts";
import { GRACE_MS } from "#game/round.ts";

export const SYNC_WINDOW_MS = 24 * 3600_000;

/** Seconds a shared answer is cached: today's for a few seconds (it says how fresh it is). */
export const LIVE_MAX_AGE = 5;
export const RECENT_MAX_AGE = 60;
export const SETTLED_MAX_AGE = 365 * 24 * 3600;
/** A settled day's leaderboard pages name players as they are now (renamed, deleted): cached this long at most. */
export const SETTLED_NAMES_MAX_AGE = 600;

/** The last moment a receipt of the day's ranked rounds is accepted. */
export function syncDeadline(date: string): number {
  return closesAt(date) + SYNC_WINDOW_MS;
}

/** How long the day's shared answers (leaderboard, solution with shares) may be cached. */
export function sharedMaxAge(date: string, now: number, settled: boolean): number {
  if (settled) return SETTLED_MAX_AGE;
  return now < closesAt(date) ? LIVE_MAX_AGE : RECENT_MAX_AGE;
}

/**
 * When the day's solution (and its shares) becomes public: once no ranked round of the day can
 * still be open. A round started just before midnight runs `roundLength` past the close, and its
 * words count for GRACE_MS more; before this only a player whose own ranked round is over may
 * see the solution, so nobody can read it and feed it to a round still running.
 */
export function solutionOpensAt(date: string, roundLength: number): number {
  return closesAt(date) + roundLength + GRACE_MS;
}
