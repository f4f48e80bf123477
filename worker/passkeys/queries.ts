import { and, asc, count, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { passkeyChallenges, passkeys, type PasskeyRow } from "../db/schema.ts";

export type ChallengePurpose = "register" | "login";

/** Stores a challenge, dropping every expired one in the same batch (the table stays tiny). */
export async function insertChallenge(db: Db, row: { id: string; challenge: string; purpose: ChallengePurpose; playerId: string | null; expiresAt: number }, now: number): Promise<void> {
  await db.batch([db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now)), db.insert(passkeyChallenges).values(row)]);
}

/**
 * Consumes a challenge only if it was made for this purpose and player (registrations), so a
 * caller holding someone else's challenge id cannot spend it: the row, or undefined.
 */
export async function takeOwnChallenge(db: Db, id: string, purpose: ChallengePurpose, playerId: string) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.id, id), eq(passkeyChallenges.purpose, purpose), eq(passkeyChallenges.playerId, playerId)))
    .returning();
  return row;
}

export async function findChallenge(db: Db, id: string) {
  return db.query.passkeyChallenges.findFirst({ where: eq(passkeyChallenges.id, id) });
}

/**
 * Marks a stateless sign-in challenge as answered (a row that lives until the challenge would
 * have expired anyway, dropped with every expired one in the same batch). False when it was
 * answered before: a replay.
 */
export async function claimChallenge(db: Db, row: { id: string; challenge: string; expiresAt: number }, now: number): Promise<boolean> {
  const [, inserted] = await db.batch([
    db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now)),
    db.insert(passkeyChallenges).values({ ...row, purpose: "login", playerId: null }).onConflictDoNothing().returning({ id: passkeyChallenges.id }),
  ]);
  return inserted.length > 0;
}

/** Challenges past their expiry (the upkeep's sweep; inserts also drop them). */
export async function deleteExpiredChallenges(db: Db, now: number): Promise<number> {
  const result = await db.run(sql`delete from ${passkeyChallenges} where ${passkeyChallenges.expiresAt} <= ${now}`);
  return result.meta.changes ?? 0;
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
