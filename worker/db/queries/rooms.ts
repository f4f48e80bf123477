import { desc, eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type RoomResultRow, roomResults } from "../schema.ts";

// Production D1 binds at most 100 parameters per statement: 14 columns, 7 rows.
const ROWS_PER_INSERT = 7;

/** Writes a finished round's rows; idempotent (a retried write after a failure changes nothing). */
export async function insertRoomResults(db: Db, rows: readonly RoomResultRow[]): Promise<void> {
  if (rows.length === 0) return;
  const statements = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    statements.push(db.insert(roomResults).values(rows.slice(i, i + ROWS_PER_INSERT)).onConflictDoNothing());
  }
  await db.batch(statements as [(typeof statements)[0], ...typeof statements]);
}

/** A player's room rounds, newest first. */
export async function playerRoomResults(db: Db, playerId: string, limit: number): Promise<RoomResultRow[]> {
  return db.select().from(roomResults).where(eq(roomResults.playerId, playerId)).orderBy(desc(roomResults.finishedAt)).limit(limit);
}
