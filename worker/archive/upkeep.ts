// The hourly upkeep (wrangler.toml's second cron): settle probes for days past their sync
// deadline and stranded syncs replayed (settled days move to R2 every minute, a bounded slice at
// a time: archive-tick.ts), and (with
// the nightly cron) the cleanup of what nothing will read again. Every part is idempotent, and a
// run that stops half-way is taken up by the next.
import type { Db } from "../db/client.ts";
import {
  abandonedCandidates,
  archivedDays,
  deleteExpiredLinkCodes,
  deleteOldRoomResults,
  deletePlayersWithNothing,
  deletePuzzleCopies,
  deleteZeroAggregates,
  puzzleCopiesWithoutRounds,
} from "./cleanup-queries.ts";
import { type ShardEnv, allShards, shardCount, shardOfPlayer } from "../db/shards.ts";
import { deleteExpiredChallenges } from "../passkeys/queries.ts";
import { countReplay, removeStranded, strandedBatch } from "./queries.ts";
import type { Env } from "../env.ts";
import { mergeSyncs } from "../results/merge-syncs.ts";
import { sendProbes } from "./retention.ts";
import type { SyncMessage } from "../rounds/sync-producer.ts";

const DAY_MS = 86_400_000;
/** A player who never played is deleted after this long (a link code or a visit since keeps nobody: they have no history). */
export const ABANDONED_AFTER_MS = 30 * DAY_MS;
/** Room results older than this leave D1 (stats list the last year of rooms). */
export const ROOM_RESULTS_KEPT_MS = 400 * DAY_MS;
const CLEANUP_ROWS = 1000;
/** Abandoned-player candidates read per shard and run (one query there, one on shard 0 for them). */
export const PLAYERS_PER_SHARD = 1000;
/** Puzzle copies a shard k > 0 may drop per run (a few languages' days a night: any backlog clears in a few runs). */
export const PUZZLE_COPIES_PER_SHARD = 100;

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
  puzzleCopies: number;
  passkeyChallenges: number;
}

const sum = (counts: readonly number[]) => counts.reduce((total, n) => total + n, 0);

/**
 * The nightly cleanup. Shard 0's own tables are cleaned there; players, link codes, room results,
 * the days' partial counts and puzzle copies on every shard, side by side, each a bounded number of
 * rows a shard. `start`: where each shard's scan of abandoned players begins (a random id per shard
 * unless given).
 */
export async function cleanUp(env: ShardEnv, db: Db, now: number, start?: string): Promise<CleanupCounts> {
  const shards = allShards(env);
  const [players, aggregates, linkCodes, roomResults, puzzleCopies] = await Promise.all([
    Promise.all(shards.map((shard, index) => deleteAbandonedPlayers(env, index, shard, now - ABANDONED_AFTER_MS, start ?? crypto.randomUUID()))),
    Promise.all(shards.map((shard) => deleteZeroAggregates(shard))),
    Promise.all(shards.map((shard) => deleteExpiredLinkCodes(shard, now, CLEANUP_ROWS))),
    Promise.all(shards.map((shard) => deleteOldRoomResults(shard, now - ROOM_RESULTS_KEPT_MS, CLEANUP_ROWS))),
    Promise.all(shards.slice(1).map((shard) => deleteArchivedPuzzleCopies(shard, db))),
  ]);
  return {
    linkCodes: sum(linkCodes),
    players: sum(players),
    aggregates: sum(aggregates),
    roomResults: sum(roomResults),
    puzzleCopies: sum(puzzleCopies),
    passkeyChallenges: await deleteExpiredChallenges(db, now),
  };
}

/**
 * A shard k > 0's copies of days' puzzle rows (taken for its rounds: puzzles/puzzles.ts
 * storePuzzleOn) once the day is archived (on shard 0, `home`) and no round of it remains on the
 * shard; shard 0 keeps its rows (the archive lists them). Oldest first: days archive in date order,
 * so the round-less copies of days still in play come after those that can go. A past day replayed
 * later takes its copy again. How many were deleted.
 */
async function deleteArchivedPuzzleCopies(shard: Db, home: Db): Promise<number> {
  const archived = await archivedDays(home, await puzzleCopiesWithoutRounds(shard, PUZZLE_COPIES_PER_SHARD));
  return deletePuzzleCopies(shard, archived);
}

/**
 * One shard's players created before `before` who never played: nothing on their shard keeps them
 * (a round, a summary, a passkey, a league membership, a room result, a link code:
 * archive/cleanup-queries.ts). At most PLAYERS_PER_SHARD candidates a run and shard, read from a random
 * id on; each shard's database does the same bounded work whatever the number of shards. A player
 * row not on its own shard (waiting for scripts/rebalance-shards.ts) is left alone: what keeps it
 * may be elsewhere. How many were deleted.
 */
async function deleteAbandonedPlayers(env: ShardEnv, index: number, shard: Db, before: number, start: string): Promise<number> {
  const n = shardCount(env);
  const candidates = (await abandonedCandidates(shard, before, start, PLAYERS_PER_SHARD)).filter((id) => shardOfPlayer(id, n) === index);
  return deletePlayersWithNothing(shard, candidates, before);
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
