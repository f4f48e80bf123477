// The found sets the word-choice mark reads (results/word-choice-marks.ts).
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rounds } from "../db/schema.ts";

/** The found sets of some rounds, by id. */
export async function foundSetsOf(db: Db, roundIds: readonly string[]): Promise<Map<string, Uint8Array>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db.select({ id: rounds.id, found: rounds.found }).from(rounds).where(inArray(rounds.id, [...roundIds]));
  return new Map(rows.map((r) => [r.id, r.found]));
}

/**
 * The found sets of the day's best `limit` verified ranked rounds (the leaderboard's index, so a
 * bounded read): the players a top place is compared with.
 */
export async function dayFoundSample(db: Db, date: string, limit: number): Promise<{ found: Uint8Array; score: number; startedAt: number; roundId: string }[]> {
  // The leaderboard's whole order, so that the sample is the same rounds however they are sharded.
  return db
    .select({ found: rounds.found, score: rounds.score, startedAt: rounds.startedAt, roundId: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.puzzleDate, date), eq(rounds.ranked, true), eq(rounds.verified, true)))
    .orderBy(desc(rounds.score), asc(rounds.startedAt), asc(rounds.id))
    .limit(limit);
}
