import { and, asc, desc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { players, rounds, scoreHistogram, wordFinders } from "../db/schema.ts";

/**
 * Ranked rounds of a day: the verified ones (the leaderboard) or those under review. A round that
 * found nothing (started, and nothing synced) is not ranked: 0 points rank nobody (a range of the
 * same index).
 */
const rankedOn = (date: string, verified: boolean) => and(eq(rounds.puzzleDate, date), eq(rounds.ranked, true), eq(rounds.verified, verified), gt(rounds.score, 0));

export interface LeaderboardRow {
  roundId: string;
  playerId: string;
  name: string | null;
  /** The round's player deleted their account (the round is a stand-in's: players/account-deletion.ts). */
  deleted: boolean;
  score: number;
  words: number;
  startedAt: number;
}

/** Where a page ends: the last row's place in the order (score desc, started first, id). */
export interface PageCursor {
  score: number;
  startedAt: number;
  roundId: string;
}

function pageQuery(db: Db, date: string, verified: boolean, where: ReturnType<typeof and>, limit: number) {
  return db
    .select({
      roundId: rounds.id,
      playerId: rounds.playerId,
      name: players.name,
      deleted: sql<boolean>`${players.deletedAt} is not null`.mapWith(Boolean),
      score: rounds.score,
      words: rounds.words,
      startedAt: rounds.startedAt,
    })
    .from(rounds)
    .innerJoin(players, eq(players.id, rounds.playerId))
    .where(and(rankedOn(date, verified), where))
    .orderBy(desc(rounds.score), asc(rounds.startedAt), asc(rounds.id))
    .limit(limit);
}

/**
 * Ranked rounds of a day in leaderboard order, after the cursor, verified ones (the leaderboard)
 * or those under review: ranges of the index on (day, ranked, verified, score desc, started_at, id), so a page reads about `limit` rows however deep it is.
 * After a cursor: the rest of the cursor's score, then (only if the page is not full yet) the
 * lower scores.
 */
export async function leaderboardPage(db: Db, date: string, limit: number, after?: PageCursor, verified = true): Promise<LeaderboardRow[]> {
  if (after === undefined) return pageQuery(db, date, verified, undefined, limit);
  const sameScore = await pageQuery(
    db,
    date,
    verified,
    and(eq(rounds.score, after.score), sql`(${rounds.startedAt}, ${rounds.id}) > (${after.startedAt}, ${after.roundId})`),
    limit,
  );
  if (sameScore.length === limit) return sameScore;
  return [...sameScore, ...(await pageQuery(db, date, verified, lt(rounds.score, after.score), limit - sameScore.length))];
}

/**
 * This shard's part of the day's score histogram, highest score first (a few hundred rows at
 * most). A part may be zero or negative (a round counted here moved to another shard, where a
 * review then took it out): only the sum over every shard is the histogram (results/fan-out.ts).
 */
export async function dayHistogram(db: Db, date: string): Promise<{ score: number; rounds: number }[]> {
  return db
    .select({ score: scoreHistogram.score, rounds: scoreHistogram.rounds })
    .from(scoreHistogram)
    .where(eq(scoreHistogram.puzzleDate, date))
    .orderBy(desc(scoreHistogram.score));
}

/** For each word rank of the day's solution, how many ranked rounds found it. */
export async function dayFinders(db: Db, date: string): Promise<Map<number, number>> {
  const rows = await db.select({ rank: wordFinders.wordRank, n: wordFinders.finders }).from(wordFinders).where(eq(wordFinders.puzzleDate, date));
  return new Map(rows.map((r) => [r.rank, r.n]));
}

/** Per player (at most 99 ids: one bound parameter each, and the date), their verified ranked days in D1 before `date` and the best score of those. */
export async function earlierVerifiedDays(db: Db, playerIds: readonly string[], date: string): Promise<{ playerId: string; days: number; best: number }[]> {
  return db
    .select({ playerId: rounds.playerId, days: sql<number>`count(*)`, best: sql<number>`max(${rounds.score})` })
    .from(rounds)
    .where(and(inArray(rounds.playerId, [...playerIds]), lt(rounds.puzzleDate, date), eq(rounds.ranked, true), eq(rounds.verified, true)))
    .groupBy(rounds.playerId);
}
