// Which days have a puzzle: from the launch day (puzzle 1) to today, UTC, in every language.
// Tomorrow's puzzle may already be stored (the cron precomputes it) but is never served before it
// opens. The functions here take a board's key (shared/game/puzzle-key.ts): its day decides.
import { LANGUAGE_CODES, addDays, dayStart, isIsoDate, puzzleNumber, todayUtc } from "#engine";
import { keyDate, parsePuzzleKey, puzzleKey } from "#game/puzzle-key.ts";
import type { Env } from "../env.ts";
import { DomainError } from "../domain-error.ts";

export function launchDate(env: Env): string {
  if (!isIsoDate(env.LAUNCH_DATE)) throw new DomainError("unavailable", "the server's LAUNCH_DATE is not a date (YYYY-MM-DD)");
  return env.LAUNCH_DATE;
}

/**
 * Resolves a requested board ("today", "2026-11-25", "today-fr", "2026-11-25-de") to its key and
 * checks that it is open: 400 for anything else, 404 for future or pre-launch days.
 */
export function openDay(env: Env, requested: string, now: number): string {
  const day = parsePuzzleKey(requested);
  if (day === null) {
    throw new DomainError("invalid-request", `not a puzzle: ${requested} (expected YYYY-MM-DD or "today", then -${LANGUAGE_CODES.slice(1).join(", -")} for another language)`);
  }
  const date = day.date === "today" ? todayUtc(now) : day.date;
  if (date > todayUtc(now)) throw new DomainError("not-found", `the puzzle of ${date} is not out yet`);
  if (date < launchDate(env)) throw new DomainError("not-found", `there is no puzzle before ${launchDate(env)}`);
  return puzzleKey(date, day.lang);
}

export function numberOf(env: Env, key: string): number {
  return puzzleNumber(keyDate(key), launchDate(env));
}

export function opensAt(key: string): number {
  return dayStart(keyDate(key));
}

export function closesAt(key: string): number {
  return dayStart(addDays(keyDate(key), 1));
}

/** The keys of one day's boards, English first. */
export function boardsOfDay(date: string): string[] {
  return LANGUAGE_CODES.map((lang) => puzzleKey(date, lang));
}
