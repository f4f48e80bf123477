// Archiving that keeps pace: wrangler.toml's ARCHIVE_CRON runs `archiveTick` every minute, each
// run one bounded slice of retainSettledDays (services/retention.ts: ARCHIVE_PAGES_PER_RUN pages
// of rounds or deletes), under a lease so that two runs never work at once (a run that finds the
// lease held does nothing). A day of 10M rounds takes at most runsToArchive(10M) = 201 runs, so
// 3.4 hours (archive-pace.ts; `npm run scale` measures a day and reports the hours). Every step
// is idempotent, so a run that fails half-way is taken up by the next: a page is written again
// with the same bytes, and a day already folded into a summary is not folded twice
// (player-summary.ts foldDay).
import type { Db } from "../db/client.ts";
import { releaseLease, takeLease } from "../db/queries/leases.ts";
import type { Env } from "../env.ts";
import { type RetentionOptions, retainSettledDays } from "./retention.ts";

/** Longer than any run can last (a cron invocation's wall time is at most 15 minutes). */
const LEASE_MS = 15 * 60_000;
const LEASE = "archive";

export interface ArchiveRun {
  /** False when another run held the lease: this one did nothing. */
  ran: boolean;
  archived: string[];
}

/** One run of the archiving: a bounded slice, unless another run is at work. */
export async function archiveTick(env: Env, db: Db, now: number, options: RetentionOptions = {}): Promise<ArchiveRun> {
  const holder = crypto.randomUUID();
  if (!(await takeLease(db, LEASE, holder, now, now + LEASE_MS))) return { ran: false, archived: [] };
  try {
    return { ran: true, archived: await retainSettledDays(env, db, now, options) };
  } finally {
    await releaseLease(db, LEASE, holder);
  }
}

