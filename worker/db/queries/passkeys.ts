import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { passkeyChallenges, passkeys, type PasskeyRow } from "../schema.ts";

export type ChallengePurpose = "register" | "login";

/** Stores a challenge, dropping every expired one in the same batch (the table stays tiny). */
export async function insertChallenge(db: Db, row: { id: string; challenge: string; purpose: ChallengePurpose; playerId: string | null; expiresAt: number }, now: number): Promise<void> {
  await db.batch([db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now)), db.insert(passkeyChallenges).values(row)]);
}

/**
 * Consumes a challenge in one statement, so that it can be answered once only: the row, or
 * undefined when it is unknown or already used. Expiry is the caller's to judge (it says why).
 */
export async function takeChallenge(db: Db, id: string) {
  const [row] = await db.delete(passkeyChallenges).where(eq(passkeyChallenges.id, id)).returning();
  return row;
}

export async function insertPasskey(db: Db, row: PasskeyRow): Promise<boolean> {
  const inserted = await db.insert(passkeys).values(row).onConflictDoNothing().returning({ id: passkeys.id });
  return inserted.length > 0;
}

export async function findPasskey(db: Db, id: string): Promise<PasskeyRow | undefined> {
  return db.query.passkeys.findFirst({ where: eq(passkeys.id, id) });
}

/** A player's passkeys, oldest first. */
export async function playerPasskeys(db: Db, playerId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.playerId, playerId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function countPasskeys(db: Db, playerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.playerId, playerId));
  return row?.n ?? 0;
}

/** After a sign-in: the authenticator's new signature counter and when it was used. */
export async function notePasskeyUse(db: Db, id: string, counter: number, now: number): Promise<void> {
  await db.update(passkeys).set({ counter: sql`max(${passkeys.counter}, ${counter})`, lastUsedAt: now }).where(eq(passkeys.id, id));
}

/** False when the player has no passkey with this id. */
export async function deletePasskey(db: Db, playerId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.playerId, playerId))).returning({ id: passkeys.id });
  return deleted.length > 0;
}
