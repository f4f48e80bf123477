// The hourly upkeep (wrangler.toml's second cron): settle probes for days past their sync
// deadline and stranded syncs replayed (settled days move to R2 every minute, a bounded slice at
// a time: archive-tick.ts), and (with
// the nightly cron) the cleanup of what nothing will read again. Every part is idempotent, and a
// run that stops half-way is taken up by the next.
import type { Db } from "../db/client.ts";
import { abandonedCandidates, deleteExpiredLinkCodes, deleteOldRoomResults, deletePlayersWithNothing, deleteZeroAggregates } from "../db/queries/cleanup.ts";
import { type ShardEnv, playersByShard } from "../db/shards.ts";
import { deleteExpiredChallenges, passkeyOwnersOf } from "../db/queries/passkeys.ts";
import { countReplay, removeStranded, strandedBatch, summaryOwnersOf } from "../db/queries/retention.ts";
import type { Env } from "../env.ts";
import { mergeSyncs } from "./merge-syncs.ts";
import { sendProbes } from "./retention.ts";
import type { SyncMessage } from "./sync-producer.ts";

const DAY_MS = 86_400_000;
/** A player who never played is deleted after this long (a link code or a visit since keeps nobody: they have no history). */
export const ABANDONED_AFTER_MS = 30 * DAY_MS;
/** Room results older than this leave D1 (stats list the last year of rooms). */
export const ROOM_RESULTS_KEPT_MS = 400 * DAY_MS;
const CLEANUP_ROWS = 1000;

/** Merges stranded syncs again (the same merge as the consumer's: what is stored already changes nothing). */
export async function replayStranded(env: Env, db: Db, limit = 100): Promise<{ replayed: number; failed: number }> {
  const rows = await strandedBatch(db, limit);
  if (rows.length === 0) return { replayed: 0, failed: 0 };
  try {
    await mergeSyncs(env, rows.map((r) => JSON.parse(r.body) as SyncMessage));
  } catch (error) {
    console.error(`replay of ${rows.length} stranded syncs failed: ${error instanceof Error ? error.message : String(error)}`);
    await countReplay(db, rows.map((r) => r.id));
    return { replayed: 0, failed: rows.length };
  }
  await removeStranded(db, rows.map((r) => r.id));
  return { replayed: rows.length, failed: 0 };
}

export interface CleanupCounts {
  linkCodes: number;
  players: number;
  aggregates: number;
  roomResults: number;
  passkeyChallenges: number;
}

export async function cleanUp(env: ShardEnv, db: Db, now: number, start: string = crypto.randomUUID()): Promise<CleanupCounts> {
  return {
    linkCodes: await deleteExpiredLinkCodes(db, now, CLEANUP_ROWS),
    players: await deleteAbandonedPlayers(env, db, now - ABANDONED_AFTER_MS, start),
    aggregates: await deleteZeroAggregates(db),
    roomResults: await deleteOldRoomResults(db, now - ROOM_RESULTS_KEPT_MS, CLEANUP_ROWS),
    passkeyChallenges: await deleteExpiredChallenges(db, now),
  };
}

/**
 * Players created before `before` who never played: nothing keeps them (db/queries/cleanup.ts) and
 * they have no summary or passkey on their shard. The candidates are read from a random id on, so
 * players kept only by those (regular players whose rounds were archived) never stop the cleanup
 * behind them. How many were deleted.
 */
async function deleteAbandonedPlayers(env: ShardEnv, db: Db, before: number, start: string): Promise<number> {
  const candidates = await abandonedCandidates(db, before, start, CLEANUP_ROWS);
  const kept = await Promise.all(
    playersByShard(env, candidates).map(async ({ db: shard, playerIds }) => {
      const [summaries, passkeys] = await Promise.all([summaryOwnersOf(shard, playerIds), passkeyOwnersOf(shard, playerIds)]);
      return playerIds.filter((id) => summaries.has(id) || passkeys.has(id));
    }),
  );
  const keep = new Set(kept.flat());
  return deletePlayersWithNothing(db, candidates.filter((id) => !keep.has(id)), before);
}

export interface UpkeepReport {
  probes: string[];
  replayed: number;
}

export async function upkeep(env: Env, db: Db, now: number): Promise<UpkeepReport> {
  const probes = await sendProbes(env, db, now);
  const { replayed } = await replayStranded(env, db);
  return { probes, replayed };
}
