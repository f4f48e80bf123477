// The nightly precompute: every language's puzzle of today and tomorrow stored ahead of time (a
// stored day is left as it is), so midnight's first requests find tomorrow's board ready.
import { addDays, utcDate } from "#engine";
import { homeDb } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { boardsOfDay } from "./days.ts";
import { getPuzzles } from "./puzzles.ts";

/** The boards stored, as board keys. */
export async function precomputePuzzles(env: Env, scheduledTime: number): Promise<string[]> {
  const today = utcDate(scheduledTime);
  const dates = [today, addDays(today, 1)].flatMap(boardsOfDay);
  await getPuzzles(env, homeDb(env), dates, { now: scheduledTime, stored: true });
  return dates;
}
