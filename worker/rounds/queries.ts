import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type Round, rounds, scoreHistogram } from "../db/schema.ts";

const samePlayerDay = (round: Pick<Round, "playerId" | "puzzleDate" | "ranked">) =>
  and(eq(rounds.playerId, round.playerId), eq(rounds.puzzleDate, round.puzzleDate), eq(rounds.ranked, round.ranked));

/**
 * Creates the player's round for a day unless it exists (the unique index on player, day and
 * ranked carries the idempotency), and reads back the one that is stored, in one batch (one
 * transaction). A new ranked round enters the day's score histogram at 0 in the same batch: the
 * histogram row is counted from the round with the new id, which exists only if this insert
 * created it, so a repeated start does not count twice.
 */
export async function startOrResumeRound(db: Db, round: Round): Promise<Round> {
  const insert = db.insert(rounds).values(round).onConflictDoNothing();
  const select = db.select().from(rounds).where(samePlayerDay(round));
  const stored = round.ranked
    ? (
        await db.batch([
          insert,
          db
            .insert(scoreHistogram)
            .select(db.select({ puzzleDate: rounds.puzzleDate, score: rounds.score, rounds: sql<number>`1`.as("rounds") }).from(rounds).where(eq(rounds.id, round.id)))
            .onConflictDoUpdate({ target: [scoreHistogram.puzzleDate, scoreHistogram.score], set: { rounds: sql`${scoreHistogram.rounds} + 1` } }),
          select,
        ])
      )[2]
    : (await db.batch([insert, select]))[1];
  const row = stored[0];
  if (row === undefined) throw new Error("round vanished after insert");
  return row;
}

export async function findPlayerRound(db: Db, playerId: string, date: string, ranked: boolean): Promise<Round | undefined> {
  return db.query.rounds.findFirst({ where: samePlayerDay({ playerId, puzzleDate: date, ranked }) });
}

/** A player's rounds still in D1 (the days not yet archived), newest day first. */
export async function playerRounds(db: Db, playerId: string, limit: number): Promise<Omit<Round, "pace" | "playerId" | "startedAt" | "endsAt">[]> {
  return db
    .select({
      id: rounds.id,
      puzzleDate: rounds.puzzleDate,
      ranked: rounds.ranked,
      score: rounds.score,
      words: rounds.words,
      found: rounds.found,
      verified: rounds.verified,
      flags: rounds.flags,
    })
    .from(rounds)
    .where(eq(rounds.playerId, playerId))
    .orderBy(desc(rounds.puzzleDate), desc(rounds.ranked))
    .limit(limit);
}
