import { and, count, desc, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { players, roundWords, rounds } from "../schema.ts";

const rankedOn = (date: string) => and(eq(rounds.puzzleDate, date), eq(rounds.ranked, true));

export interface LeaderboardRow {
  rank: number;
  playerId: string;
  name: string | null;
  score: number;
  words: number;
}

/** Ranked rounds of a day by score; ties share a rank (SQL `rank()`), listed by who started first. */
export async function leaderboardPage(db: Db, date: string, limit: number, offset: number): Promise<LeaderboardRow[]> {
  return db
    .select({
      rank: sql<number>`rank() over (order by ${rounds.score} desc)`.mapWith(Number),
      playerId: rounds.playerId,
      name: players.name,
      score: rounds.score,
      words: rounds.words,
    })
    .from(rounds)
    .innerJoin(players, eq(players.id, rounds.playerId))
    .where(rankedOn(date))
    .orderBy(desc(rounds.score), asc(rounds.startedAt), asc(rounds.id))
    .limit(limit)
    .offset(offset);
}

export async function rankedCount(db: Db, date: string): Promise<number> {
  const row = await db.select({ n: count() }).from(rounds).where(rankedOn(date)).get();
  return row?.n ?? 0;
}

/** How many ranked rounds of the day scored more than `score` (a rank is that plus one). */
export async function countAbove(db: Db, date: string, score: number): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(rounds)
    .where(and(rankedOn(date), gt(rounds.score, score)))
    .get();
  return row?.n ?? 0;
}

/** For each word found in the day's ranked rounds, by how many of them. */
export async function wordFinders(db: Db, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ word: roundWords.word, n: count() })
    .from(roundWords)
    .innerJoin(rounds, eq(rounds.id, roundWords.roundId))
    .where(rankedOn(date))
    .groupBy(roundWords.word);
  return new Map(rows.map((r) => [r.word, r.n]));
}
