import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { players } from "../db/schema.ts";

export async function insertPlayer(db: Db, player: { id: string; name: string | null; createdAt: number }): Promise<void> {
  await db.insert(players).values(player);
}

/** False when no such player exists. */
export async function renamePlayer(db: Db, id: string, name: string | null): Promise<boolean> {
  const updated = await db.update(players).set({ name }).where(eq(players.id, id)).returning({ id: players.id });
  return updated.length > 0;
}

export async function findPlayer(db: Db, id: string) {
  return db.query.players.findFirst({ where: eq(players.id, id) });
}

/** The player's token version, undefined when no such player exists. */
export async function playerTokenVersion(db: Db, id: string): Promise<number | undefined> {
  const row = await db.select({ version: players.tokenVersion }).from(players).where(eq(players.id, id)).get();
  return row?.version;
}

/** Revokes every token of the player; the new version, undefined when no such player exists. */
/**
 * Moves the player's token version on from `from` (the version of the token asking): a
 * compare-and-set, so of several revocations by the same token at once exactly one moves it and
 * the others find it moved (undefined). Undefined too for no such player.
 */
export async function bumpTokenVersion(db: Db, id: string, from: number): Promise<number | undefined> {
  const [row] = await db
    .update(players)
    .set({ tokenVersion: sql`${players.tokenVersion} + 1` })
    .where(and(eq(players.id, id), eq(players.tokenVersion, from)))
    .returning({ version: players.tokenVersion });
  return row?.version;
}
