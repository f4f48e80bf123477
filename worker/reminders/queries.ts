// The push subscriptions of the daily reminder (reminders/reminders.ts).
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type PushSubscriptionRow, pushSubscriptions, rounds } from "../db/schema.ts";

export type NewSubscription = Omit<PushSubscriptionRow, "id" | "lastSent">;

/** Drops a browser's subscription saved on this shard for another player (the browser now reminds a player on another shard). */
export async function forgetEndpoint(db: Db, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** Saves a browser's subscription (a known endpoint takes the new player, hour and language). */
export async function saveSubscription(db: Db, row: NewSubscription): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { playerId: row.playerId, p256dh: row.p256dh, auth: row.auth, lang: row.lang, localHour: row.localHour, hourUtc: row.hourUtc },
    });
}

/** Removes a player's subscription by its endpoint; false when there was none. */
export async function deleteSubscription(db: Db, playerId: string, endpoint: string): Promise<boolean> {
  const gone = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint))).returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

/** A page of the ids due at an hour (UTC), after an id: the fan-out's keyset paging. */
export async function dueIds(db: Db, hourUtc: number, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.hourUtc, hourUtc), gt(pushSubscriptions.id, after)))
    .orderBy(asc(pushSubscriptions.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The subscriptions among `ids` not yet reminded on `today`. */
export async function unremindedOf(db: Db, ids: readonly number[], today: string): Promise<PushSubscriptionRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(pushSubscriptions).where(and(inArray(pushSubscriptions.id, [...ids]), lt(pushSubscriptions.lastSent, today)));
}

/** Marks subscriptions as reminded on `today`. */
export async function markReminded(db: Db, ids: readonly number[], today: string): Promise<void> {
  if (ids.length > 0) await db.update(pushSubscriptions).set({ lastSent: today }).where(inArray(pushSubscriptions.id, [...ids]));
}

/** Deletes the subscriptions the push service says are gone (404 or 410). */
export async function deleteSubscriptions(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

/** The ranked days (board keys) of these players still in D1 from `since` on. */
export async function rankedBoardsSince(db: Db, playerIds: readonly string[], since: string): Promise<{ playerId: string; puzzleDate: string }[]> {
  if (playerIds.length === 0) return [];
  return db
    .select({ playerId: rounds.playerId, puzzleDate: rounds.puzzleDate })
    .from(rounds)
    .where(and(inArray(rounds.playerId, [...playerIds]), eq(rounds.ranked, true), sql`${rounds.puzzleDate} >= ${since}`));
}

/** A player's subscriptions (the reminder settings shown back). */
export async function subscriptionOf(db: Db, playerId: string, endpoint: string): Promise<PushSubscriptionRow | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(and(eq(pushSubscriptions.playerId, playerId), eq(pushSubscriptions.endpoint, endpoint)));
  return row;
}
