// Which days have a puzzle: from the launch day (puzzle 1) to today, UTC. Tomorrow's puzzle may
// already be stored (the cron precomputes it) but is never served before it opens.
import { addDays, dayStart, isIsoDate, puzzleNumber, todayUtc } from "../../shared/calendar.ts";
import type { Env } from "../env.ts";
import { ApiError } from "../http/errors.ts";

export function launchDate(env: Env): string {
  if (!isIsoDate(env.LAUNCH_DATE)) throw new ApiError(503, "unavailable", "the server's LAUNCH_DATE is not a date (YYYY-MM-DD)");
  return env.LAUNCH_DATE;
}

/** Resolves "today" and checks that the day's puzzle is open: 404 for future or pre-launch days. */
export function openDay(env: Env, date: string, now: number): string {
  const day = date === "today" ? todayUtc(now) : date;
  if (!isIsoDate(day)) throw new ApiError(400, "invalid-request", `not a date (YYYY-MM-DD): ${date}`);
  if (day > todayUtc(now)) throw new ApiError(404, "not-found", `the puzzle of ${day} is not out yet`);
  if (day < launchDate(env)) throw new ApiError(404, "not-found", `there is no puzzle before ${launchDate(env)}`);
  return day;
}

export function numberOf(env: Env, date: string): number {
  return puzzleNumber(date, launchDate(env));
}

export function opensAt(date: string): number {
  return dayStart(date);
}

export function closesAt(date: string): number {
  return dayStart(addDays(date, 1));
}
