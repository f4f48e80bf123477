// The crons (wrangler.toml). Shortly before midnight UTC: store tomorrow's puzzles (one per language) ahead
// of time (and today's if it is somehow missing; a stored day is left as it is), and clean up. Every
// hour: the upkeep of settled days and stranded syncs (services/upkeep.ts). Every minute: a slice of
// the archiving of settled days (services/archive-tick.ts: the global steps here, each shard's slice
// through the archive queue).
import { addDays, utcDate } from "../shared/calendar.ts";
import { homeDb } from "./db/shards.ts";
import type { Env } from "./env.ts";
import { archiveTick } from "./services/archive-tick.ts";
import { boardsOfDay } from "./services/days.ts";
import { getPuzzles } from "./services/puzzles.ts";
import { cleanUp, upkeep } from "./services/upkeep.ts";

/** wrangler.toml's nightly cron; the other one is the hourly upkeep. */
export const NIGHTLY_CRON = "50 23 * * *";

export async function precomputePuzzles(env: Env, scheduledTime: number): Promise<string[]> {
  const today = utcDate(scheduledTime);
  // Every language's board of today and tomorrow.
  const dates = [today, addDays(today, 1)].flatMap(boardsOfDay);
  await getPuzzles(env, homeDb(env), dates, { now: scheduledTime, stored: true });
  return dates;
}

export async function nightly(env: Env, scheduledTime: number): Promise<void> {
  await precomputePuzzles(env, scheduledTime);
  await cleanUp(env, homeDb(env), scheduledTime);
}

export async function runUpkeep(env: Env, scheduledTime: number): Promise<void> {
  await upkeep(env, homeDb(env), scheduledTime);
}

export async function runArchiving(env: Env, scheduledTime: number): Promise<void> {
  await archiveTick(env, homeDb(env), scheduledTime);
}
