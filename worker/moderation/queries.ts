// The queries of the review by people (moderation/review.ts): the rounds in a day's queue,
// players' reports, moderators' decisions and the audit log. Rounds and players are read on one
// shard each call (the service fans out); reports, reviews and the log live on shard 0.
import { and, desc, eq, inArray, lt, notLike, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { moderationLog, players, roundReports, roundReviews, rounds } from "../db/schema.ts";

export interface ReviewRound {
  id: string;
  playerId: string;
  name: string | null;
  puzzleDate: string;
  ranked: boolean;
  startedAt: number;
  endsAt: number | null;
  found: Uint8Array;
  score: number;
  words: number;
  pace: Uint8Array;
  verified: boolean;
  flags: string;
}

/** Ids as one bound parameter (a JSON array), not one each: the queue asks about up to 200 rounds, D1 binds at most 100. */
const idsIn = (ids: readonly string[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

const roundColumns = {
  id: rounds.id,
  playerId: rounds.playerId,
  name: players.name,
  puzzleDate: rounds.puzzleDate,
  ranked: rounds.ranked,
  startedAt: rounds.startedAt,
  endsAt: rounds.endsAt,
  found: rounds.found,
  score: rounds.score,
  words: rounds.words,
  pace: rounds.pace,
  verified: rounds.verified,
  flags: rounds.flags,
};

/** A round with its player's name, from one shard (moderation/review.ts asks every shard: a round id names none). */
export async function reviewRound(db: Db, roundId: string): Promise<ReviewRound | undefined> {
  return db.select(roundColumns).from(rounds).leftJoin(players, eq(players.id, rounds.playerId)).where(eq(rounds.id, roundId)).get();
}

export async function reviewRounds(db: Db, roundIds: readonly string[]): Promise<ReviewRound[]> {
  if (roundIds.length === 0) return [];
  return db.select(roundColumns).from(rounds).leftJoin(players, eq(players.id, rounds.playerId)).where(inArray(rounds.id, idsIn(roundIds)));
}

/** The day's ranked rounds on this shard under fair-play review that no moderator has confirmed yet (best first). */
export async function flaggedRounds(db: Db, date: string, limit: number): Promise<{ id: string; score: number }[]> {
  return db
    .select({ id: rounds.id, score: rounds.score })
    .from(rounds)
    .where(and(eq(rounds.puzzleDate, date), eq(rounds.ranked, true), eq(rounds.verified, false), notLike(rounds.flags, "%confirmed%")))
    .orderBy(desc(rounds.score))
    .limit(limit);
}

/** The day's reported rounds with their report counts, most reported first. */
export async function reportedRounds(db: Db, date: string, limit: number): Promise<{ roundId: string; reports: number }[]> {
  return db
    .select({ roundId: roundReports.roundId, reports: sql<number>`count(*)` })
    .from(roundReports)
    .where(eq(roundReports.puzzleDate, date))
    .groupBy(roundReports.roundId)
    .orderBy(sql`count(*) desc`)
    .limit(limit);
}

export async function reportCounts(db: Db, roundIds: readonly string[]): Promise<Map<string, number>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .select({ roundId: roundReports.roundId, n: sql<number>`count(*)` })
    .from(roundReports)
    .where(inArray(roundReports.roundId, idsIn(roundIds)))
    .groupBy(roundReports.roundId);
  return new Map(rows.map((r) => [r.roundId, r.n]));
}

/** False when this player had reported the round already. */
export async function insertReport(db: Db, report: { roundId: string; reporterId: string; puzzleDate: string; createdAt: number }): Promise<boolean> {
  const inserted = await db.insert(roundReports).values(report).onConflictDoNothing().returning({ roundId: roundReports.roundId });
  return inserted.length > 0;
}

export async function reviewsOf(db: Db, roundIds: readonly string[]): Promise<Map<string, typeof roundReviews.$inferSelect>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db.select().from(roundReviews).where(inArray(roundReviews.roundId, idsIn(roundIds)));
  return new Map(rows.map((r) => [r.roundId, r]));
}

/** Keeps a decision (the latest per round) and its line of the audit log, in one batch. */
export async function recordDecision(
  db: Db,
  entry: { roundId: string; puzzleDate: string; moderatorId: string; decision: "confirmed" | "cleared"; note: string; at: number },
): Promise<void> {
  const review = { roundId: entry.roundId, decision: entry.decision, moderatorId: entry.moderatorId, decidedAt: entry.at, note: entry.note };
  await db.batch([
    db.insert(roundReviews).values(review).onConflictDoUpdate({ target: roundReviews.roundId, set: review }),
    db.insert(moderationLog).values({
      at: entry.at,
      moderatorId: entry.moderatorId,
      action: entry.decision === "confirmed" ? "confirm" : "clear",
      roundId: entry.roundId,
      puzzleDate: entry.puzzleDate,
      note: entry.note,
    }),
  ]);
}

/** The audit log, newest first (on shard 0; the moderators' names are on their shards: namesOf). */
export async function auditLog(db: Db, limit: number) {
  return db
    .select({ id: moderationLog.id, at: moderationLog.at, moderatorId: moderationLog.moderatorId, action: moderationLog.action, roundId: moderationLog.roundId, puzzleDate: moderationLog.puzzleDate, note: moderationLog.note })
    .from(moderationLog)
    .orderBy(desc(moderationLog.id))
    .limit(limit);
}

/** The names of those of the players on this shard (null: never named). */
export async function namesOf(db: Db, playerIds: readonly string[]): Promise<Map<string, string | null>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db.select({ id: players.id, name: players.name }).from(players).where(inArray(players.id, sql`(select value from json_each(${JSON.stringify(playerIds)}))`));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A player's ranked rounds before a day, newest first (the reviewer's "earlier days"), from the player's shard. */
export async function earlierRounds(db: Db, playerId: string, date: string, limit: number) {
  return db
    .select({ date: rounds.puzzleDate, score: rounds.score, words: rounds.words, verified: rounds.verified })
    .from(rounds)
    .where(and(eq(rounds.playerId, playerId), eq(rounds.ranked, true), lt(rounds.puzzleDate, date)))
    .orderBy(desc(rounds.puzzleDate))
    .limit(limit);
}
