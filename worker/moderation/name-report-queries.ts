// Reports of players' names and moderators' decisions on them, on the home shard (shard 0) beside
// the round reports (moderation/name-review.ts).
import { and, count, desc, eq, max, min, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { nameDecisions, nameReports } from "../db/schema.ts";

/** False when this reporter has reported this player's name already. */
export async function insertNameReport(db: Db, report: { playerId: string; reporterId: string; name: string; createdAt: number }): Promise<boolean> {
  const inserted = await db.insert(nameReports).values(report).onConflictDoNothing().returning({ playerId: nameReports.playerId });
  return inserted.length > 0;
}

/** The reported names, most reported first (then the oldest report first): at most `limit` players. */
export async function reportedNames(db: Db, limit: number) {
  return db
    .select({ playerId: nameReports.playerId, reports: count(), reportedName: max(nameReports.name), firstReportedAt: min(nameReports.createdAt) })
    .from(nameReports)
    .groupBy(nameReports.playerId)
    .orderBy(desc(count()), sql`min(${nameReports.createdAt})`)
    .limit(limit);
}

/** The decision and its audit line, and the reports it answers gone, in one batch. */
export async function recordNameDecision(db: Db, decision: typeof nameDecisions.$inferInsert): Promise<void> {
  await db.batch([db.insert(nameDecisions).values(decision), db.delete(nameReports).where(eq(nameReports.playerId, decision.playerId))]);
}

/** The latest decisions on names, newest first. */
export async function nameDecisionLog(db: Db, limit: number) {
  return db.select().from(nameDecisions).orderBy(desc(nameDecisions.at), desc(nameDecisions.id)).limit(limit);
}

/** The names moderators hid for this player. */
export async function hiddenNamesOf(db: Db, playerId: string): Promise<string[]> {
  const rows = await db.select({ name: nameDecisions.oldName }).from(nameDecisions).where(and(eq(nameDecisions.playerId, playerId), eq(nameDecisions.action, "hide")));
  return rows.map((r) => r.name);
}
