import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type RoomResultRow, roomResults } from "../db/schema.ts";
import { type ShardEnv, playersByShard } from "../db/shards.ts";

// Production D1 binds at most 100 parameters per statement: 14 columns, 7 rows.
const ROWS_PER_INSERT = 7;

/**
 * What places a room result on a shard: its player's id, so their history reads one shard; a
 * guest's row (no player) by its round's key, so guests' rows spread over the shards as well.
 */
export function roomResultKey(row: Pick<RoomResultRow, "playerId" | "roundKey">): string {
  return row.playerId ?? row.roundKey;
}

/** Inserts rows on one shard, a few rows a statement, in one batch; a row already there is left alone. */
export async function insertRoomResultsHere(db: Db, rows: readonly RoomResultRow[]): Promise<void> {
  if (rows.length === 0) return;
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    statements.push(db.insert(roomResults).values(rows.slice(i, i + ROWS_PER_INSERT)).onConflictDoNothing());
  }
  await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
}

/**
 * Writes a finished round's rows, each on its player's shard (one batch per shard, side by side);
 * idempotent: a write retried after a failure on one shard changes nothing on the others.
 */
export async function insertRoomResults(env: ShardEnv, rows: readonly RoomResultRow[]): Promise<void> {
  // playersByShard places any key as it places a player id: a guest's round key too.
  const groups = playersByShard(env, rows.map(roomResultKey));
  await Promise.all(
    groups.map(({ db, playerIds }) => {
      const keys = new Set(playerIds);
      return insertRoomResultsHere(db, rows.filter((row) => keys.has(roomResultKey(row))));
    }),
  );
}

/** A player's room rounds, newest first, from the player's shard (`db`). */
export async function playerRoomResults(db: Db, playerId: string, limit: number): Promise<RoomResultRow[]> {
  return db.select().from(roomResults).where(eq(roomResults.playerId, playerId)).orderBy(desc(roomResults.finishedAt)).limit(limit);
}
