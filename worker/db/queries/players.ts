import { eq } from "drizzle-orm";
import type { Db } from "../client.ts";
import { players } from "../schema.ts";

export async function insertPlayer(db: Db, player: { id: string; name: string | null; createdAt: number }): Promise<void> {
  await db.insert(players).values(player);
}

/** False when no such player exists. */
export async function renamePlayer(db: Db, id: string, name: string): Promise<boolean> {
  const updated = await db.update(players).set({ name }).where(eq(players.id, id)).returning({ id: players.id });
  return updated.length > 0;
}

export async function findPlayer(db: Db, id: string) {
  return db.query.players.findFirst({ where: eq(players.id, id) });
}
