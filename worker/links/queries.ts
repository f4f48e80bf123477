import { and, eq, gt, lte } from "drizzle-orm";
import { type Db, database } from "../db/client.ts";
import { linkCodes } from "../db/schema.ts";
import { type ShardEnv, shardCount, shardD1, shardOfPlayer } from "../db/shards.ts";

/**
 * The shard of a link code: the one its hash falls on (shardOfPlayer works on any key), since a
 * redemption knows nothing but the code. Codes are minted so that this is their player's shard
 * (links/routes.ts), which keeps a player's codes beside the rest of their rows.
 */
export function linkCodeShard(env: ShardEnv, codeHash: string): Db {
  return database(shardD1(env, shardOfPlayer(codeHash, shardCount(env))));
}

/** Stores a new code for a player, dropping that player's expired ones on this shard in the same batch. */
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

/** Drops every code of a player on this shard (an identity merge retires the player). */
export async function deletePlayerLinkCodes(db: Db, playerId: string): Promise<void> {
  await db.delete(linkCodes).where(eq(linkCodes.playerId, playerId));
}
