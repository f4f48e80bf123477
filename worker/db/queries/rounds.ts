import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { type Round, roundWords, rounds } from "../schema.ts";

/**
 * Creates the player's round for a day unless it exists (the unique index on player, day and
 * ranked carries the idempotency), and reads back the one that is stored, in one batch.
 */
export async function startOrResumeRound(db: Db, round: Round): Promise<Round> {
  const [, stored] = await db.batch([
    db.insert(rounds).values(round).onConflictDoNothing(),
    db
      .select()
      .from(rounds)
      .where(and(eq(rounds.playerId, round.playerId), eq(rounds.puzzleDate, round.puzzleDate), eq(rounds.ranked, round.ranked))),
  ]);
  const row = stored[0];
  if (row === undefined) throw new Error("round vanished after insert");
  return row;
}

export async function findRound(db: Db, id: string): Promise<Round | undefined> {
  return db.query.rounds.findFirst({ where: eq(rounds.id, id) });
}

export async function findPlayerRound(db: Db, playerId: string, date: string, ranked: boolean): Promise<Round | undefined> {
  return db.query.rounds.findFirst({
    where: and(eq(rounds.playerId, playerId), eq(rounds.puzzleDate, date), eq(rounds.ranked, ranked)),
  });
}

export interface RoundProgress {
  score: number;
  found: number;
}

/**
 * Stores an accepted word once and recomputes the round's score and word count from its stored
 * words, all in one batch (one transaction): either everything is written or nothing is.
 */
export async function recordWord(db: Db, roundId: string, word: string, points: number, now: number): Promise<RoundProgress> {
  const [, , progress] = await db.batch([
    db.insert(roundWords).values({ roundId, word, points, createdAt: now }).onConflictDoNothing(),
    db
      .update(rounds)
      .set({
        score: sql`(select coalesce(sum(${roundWords.points}), 0) from ${roundWords} where ${roundWords.roundId} = ${roundId})`,
        words: sql`(select count(*) from ${roundWords} where ${roundWords.roundId} = ${roundId})`,
      })
      .where(eq(rounds.id, roundId)),
    db.select({ score: rounds.score, found: rounds.words }).from(rounds).where(eq(rounds.id, roundId)),
  ]);
  const row = progress[0];
  if (row === undefined) throw new Error(`round ${roundId} vanished`);
  return row;
}

export async function roundProgress(db: Db, roundId: string): Promise<RoundProgress> {
  const row = await db.select({ score: rounds.score, found: rounds.words }).from(rounds).where(eq(rounds.id, roundId)).get();
  return row ?? { score: 0, found: 0 };
}

/** The stored points of a word in a round, or undefined when it was never accepted there. */
export async function storedWordPoints(db: Db, roundId: string, word: string): Promise<number | undefined> {
  const row = await db
    .select({ points: roundWords.points })
    .from(roundWords)
    .where(and(eq(roundWords.roundId, roundId), eq(roundWords.word, word)))
    .get();
  return row?.points;
}

export async function roundWordList(db: Db, roundId: string): Promise<string[]> {
  const rows = await db
    .select({ word: roundWords.word })
    .from(roundWords)
    .where(eq(roundWords.roundId, roundId))
    .orderBy(asc(roundWords.createdAt), asc(roundWords.word));
  return rows.map((r) => r.word);
}

/** A player's rounds, newest day first. */
export async function playerRounds(db: Db, playerId: string, limit: number): Promise<Round[]> {
  return db.select().from(rounds).where(eq(rounds.playerId, playerId)).orderBy(desc(rounds.puzzleDate), desc(rounds.ranked)).limit(limit);
}
