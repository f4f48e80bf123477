// Names on an archived day's pages are read when the page is built, from the players rows of
// their shards, never from the archive: a rename, or an account deletion, reaches every day
// already in R2 without rewriting it. An id with no players row (its account was deleted; the
// stand-in of a deleted player's rounds once they left D1) or a stand-in row is "a deleted player".
// Cost per page: one query per shard holding any of the page's players, each reading one primary-key
// row per player (`limit` rows over all shards at most).
import { inArray } from "drizzle-orm";
import type { LeaderboardRow } from "../results/queries.ts";
import { players } from "../db/schema.ts";
import { type ShardEnv, playersByShard } from "../db/shards.ts";

export interface CurrentName {
  name: string | null;
  deleted: boolean;
}

/** The players' names as they are now; a player without a row is absent. */
export async function currentNames(env: ShardEnv, playerIds: readonly string[]): Promise<Map<string, CurrentName>> {
  const parts = await Promise.all(
    playersByShard(env, playerIds).map(({ db, playerIds: ids }) =>
      db.select({ id: players.id, name: players.name, deletedAt: players.deletedAt }).from(players).where(inArray(players.id, ids)),
    ),
  );
  return new Map(parts.flat().map((p) => [p.id, { name: p.name, deleted: p.deletedAt !== null }]));
}

/** The rows with their players' current names. */
export async function withCurrentNames(env: ShardEnv, rows: readonly LeaderboardRow[]): Promise<LeaderboardRow[]> {
  if (rows.length === 0) return [];
  const names = await currentNames(env, rows.map((r) => r.playerId));
  return rows.map((row) => {
    const now = names.get(row.playerId);
    return { ...row, name: now?.name ?? null, deleted: now === undefined || now.deleted };
  });
}
