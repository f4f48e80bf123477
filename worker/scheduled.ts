// The crons (wrangler.toml), each handed to the feature that owns it. Shortly before midnight UTC:
// tomorrow's puzzles stored ahead of time (puzzles/precompute.ts), then the cleanup of what nothing
// will read again (archive/upkeep.ts). Every hour at :17: the upkeep of settled days and stranded
// syncs (archive/upkeep.ts); on the hour: the reminders (reminders/reminders.ts). Every minute: a
// slice of the archiving of settled days (archive/archive-tick.ts).
import { archiveTick } from "./archive/archive-tick.ts";
import { ARCHIVE_CRON } from "./archive/archive-pace.ts";
import { cleanUp, upkeep } from "./archive/upkeep.ts";
import { homeDb } from "./db/shards.ts";
import type { Env } from "./env.ts";
import { precomputePuzzles } from "./puzzles/precompute.ts";
import { REMINDER_CRON, enqueueReminders } from "./reminders/reminders.ts";

/** wrangler.toml's nightly cron; a cron this table does not name is the hourly upkeep. */
export const NIGHTLY_CRON = "50 23 * * *";

type CronJob = (env: Env, scheduledTime: number) => Promise<unknown>;

const CRONS: Record<string, CronJob> = {
  [NIGHTLY_CRON]: async (env, time) => {
    await precomputePuzzles(env, time);
    await cleanUp(env, homeDb(env), time);
  },
  [ARCHIVE_CRON]: (env, time) => archiveTick(env, homeDb(env), time),
  [REMINDER_CRON]: (env, time) => enqueueReminders(env, env.REMINDER_QUEUE, time),
};

const hourlyUpkeep: CronJob = (env, time) => upkeep(env, homeDb(env), time);

/** The job of the cron `cron`, run as of `scheduledTime`. */
export function runCron(cron: string, env: Env, scheduledTime: number): Promise<unknown> {
  return (CRONS[cron] ?? hourlyUpkeep)(env, scheduledTime);
}
