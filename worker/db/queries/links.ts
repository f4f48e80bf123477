import { and, eq, gt, lte } from "drizzle-orm";
import type { Db } from "../client.ts";
import { linkCodes } from "../schema.ts";

/** Stores a new code for a player, dropping that player's expired ones in the same batch. */
export async function insertLinkCode(db: Db, code: { codeHash: string; playerId: string; expiresAt: number; createdAt: number }): Promise<void> {
  await db.batch([
    db.delete(linkCodes).where(and(eq(linkCodes.playerId, code.playerId), lte(linkCodes.expiresAt, code.createdAt))),
    db.insert(linkCodes).values(code),
  ]);
}

/** Consumes a live code in one statement (so two redemptions can never both win): its player's id, or null. */
export async function takeLinkCode(db: Db, codeHash: string, now: number): Promise<string | null> {
  const [taken] = await db
    .delete(linkCodes)
    .where(and(eq(linkCodes.codeHash, codeHash), gt(linkCodes.expiresAt, now)))
    .returning({ playerId: linkCodes.playerId });
  return taken?.playerId ?? null;
}
