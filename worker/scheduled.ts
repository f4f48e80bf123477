// The cron (shortly before midnight UTC) stores tomorrow's puzzle ahead of time, and today's if it
// is somehow missing. Idempotent: a stored day is left as it is.
import { addDays, utcDate } from "../shared/calendar.ts";
import { database } from "./db/client.ts";
import type { Env } from "./env.ts";
import { getPuzzles } from "./services/puzzles.ts";

export async function precomputePuzzles(env: Env, scheduledTime: number): Promise<string[]> {
  const today = utcDate(scheduledTime);
  const dates = [today, addDays(today, 1)];
  await getPuzzles(env, database(env.DB), dates, { now: scheduledTime, stored: true });
  return dates;
}
