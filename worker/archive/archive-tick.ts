// Archiving that keeps pace: wrangler.toml's ARCHIVE_CRON runs `archiveTick` every minute on
// shard 0, under a lease so that two runs never work at once (a run that finds the lease held does
// nothing): it settles days and takes the settled days' global steps (archive/retention.ts), then,
// while a settled day is not archived, sends one message per shard to the archive queue. Each
// message's invocation (`archiveSliceTick`, max_batch_size 1: one shard per invocation, each with
// its own subrequests) archives a slice of that shard's rounds, ARCHIVE_PAGES_PER_RUN pages at
// most, under that shard's lease. The shards work at once, so a day of 10M rounds over N shards
// takes at most runsToArchive(10M, N) minutes (archive-pace.ts; `npm run scale` measures a day and
// reports the hours). Every step is idempotent, so a run that fails half-way is taken up by the
// next: a page is written again with the same bytes, and a day already folded into a summary is
// not folded twice (player-summary.ts foldDay). A lost or failed message is sent again a minute on.
import type { Db } from "../db/client.ts";
import { database } from "../db/client.ts";
import { releaseLease, takeLease } from "./leases.ts";
import { shardCount, shardD1 } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { type RetentionOptions, archiveShardSlice, coordinateArchiving } from "./retention.ts";

/** Longer than any run can last (a cron or queue invocation's wall time is at most 15 minutes). */
const LEASE_MS = 15 * 60_000;
/** The global run's lease on shard 0; each shard's slices hold SLICE_LEASE on their own shard. */
const LEASE = "archive";
const SLICE_LEASE = "archive-slice";

/** wrangler.toml's archive queue: one message per shard and minute while a settled day is not archived. */
export const ARCHIVE_QUEUE = "tumbleword-archive";

/** A slice of shard `shard`'s archiving, at the time of the cron's run that sent it. */
export interface ArchiveSlice {
  kind: "archive-slice";
  shard: number;
  now: number;
}

export interface ArchiveRun {
  /** False when another run held the lease: this one did nothing. */
  ran: boolean;
  archived: string[];
  /** The shards sent a slice to do. */
  slices: number[];
}

/** Runs `work` under the lease `name` on `db`; null when another run holds it. */
async function underLease<T>(db: Db, name: string, now: number, work: () => Promise<T>): Promise<T | null> {
  const holder = crypto.randomUUID();
  if (!(await takeLease(db, name, holder, now, now + LEASE_MS))) return null;
  try {
    return await work();
  } finally {
    await releaseLease(db, name, holder);
  }
}

/** The minute's run: the global steps, then a slice for every shard while a day waits for them. */
export async function archiveTick(env: Env, db: Db, now: number, options: RetentionOptions = {}): Promise<ArchiveRun> {
  const run = await underLease(db, LEASE, now, async () => {
    const done = await coordinateArchiving(env, db, now, options);
    const slices = done.pending && options.pages !== 0 ? Array.from({ length: shardCount(env) }, (_, shard) => shard) : [];
    if (slices.length > 0) await env.ARCHIVE_QUEUE.sendBatch(slices.map((shard) => ({ body: { kind: "archive-slice", shard, now } satisfies ArchiveSlice })));
    return { ran: true, archived: done.archived, slices };
  });
  return run ?? { ran: false, archived: [], slices: [] };
}

/** One shard's slice (the archive queue's message); null when another slice of the shard is at work. The pages it spent. */
export async function archiveSliceTick(env: Env, slice: ArchiveSlice, options: RetentionOptions = {}): Promise<number | null> {
  const db = database(shardD1(env, slice.shard));
  return underLease(db, SLICE_LEASE, slice.now, () => archiveShardSlice(env, slice.shard, slice.now, options));
}
