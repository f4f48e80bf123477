import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { rounds, scoreHistogram, wordFinders } from "../db/schema.ts";
import type { FoundBits } from "./found-bits.ts";

export interface RoundUpdate {
  roundId: string;
  /** The found set the plan was computed from: the write only applies if it is still stored. */
  expected: FoundBits;
  found: FoundBits;
  score: number;
  words: number;
  pace: Uint8Array;
  verified: boolean;
  flags: string;
}

/** Per ranked day: finders to add per word rank, rounds to add (or remove) per score. */
export interface DayDeltas {
  finders: Map<number, number>;
  histogram: Map<number, number>;
}

export interface StoredRound {
  id: string;
  puzzleDate: string;
  ranked: boolean;
  found: Uint8Array;
  score: number;
  startedAt: number;
  pace: Uint8Array;
  verified: boolean;
  flags: string;
}

/** The rounds a batch of syncs names (at most 100: one bound parameter each). */
export async function roundsToMerge(db: Db, ids: readonly string[]): Promise<Map<string, StoredRound>> {
  if (ids.length > 100) throw new RangeError("at most 100 rounds per query");
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: rounds.id,
      puzzleDate: rounds.puzzleDate,
      ranked: rounds.ranked,
      found: rounds.found,
      score: rounds.score,
      startedAt: rounds.startedAt,
      pace: rounds.pace,
      verified: rounds.verified,
      flags: rounds.flags,
    })
    .from(rounds)
    .where(inArray(rounds.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Three parameters a row. */
const ROWS_PER_UPSERT = 33;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Thrown when a round changed between reading it and writing its merge (another consumer). */
export class MergeConflict extends Error {}

/**
 * Writes a merge plan in one batch (one transaction): every round's new found set, score, word
 * count and fair-play state, and each day's aggregate deltas. Each round is written only if its found set is
 * still the one the plan was computed from; otherwise the new value is NULL, which the NOT NULL
 * column refuses, and the whole batch rolls back (a compare-and-set that needs no extra column:
 * found sets only grow, so an unchanged set means an unchanged round).
 */
export async function writeMerge(db: Db, updates: readonly RoundUpdate[], days: ReadonlyMap<string, DayDeltas>): Promise<void> {
  const statements = updates.map((u) =>
    db
      .update(rounds)
      .set({ found: sql`case when ${rounds.found} = ${u.expected} then ${u.found} end`, score: u.score, words: u.words, pace: u.pace, verified: u.verified, flags: u.flags })
      .where(eq(rounds.id, u.roundId)),
  );
  // Multi-row upserts, in chunks that stay under D1's 100 bound parameters per statement.
  const aggregates = [...days].flatMap(([date, day]) => [
    ...chunks([...day.finders], ROWS_PER_UPSERT).map((part) =>
      db
        .insert(wordFinders)
        .values(part.map(([wordRank, finders]) => ({ puzzleDate: date, wordRank, finders })))
        .onConflictDoUpdate({ target: [wordFinders.puzzleDate, wordFinders.wordRank], set: { finders: sql`${wordFinders.finders} + excluded.finders` } }),
    ),
    ...chunks([...day.histogram], ROWS_PER_UPSERT).map((part) =>
      db
        .insert(scoreHistogram)
        .values(part.map(([score, rounds]) => ({ puzzleDate: date, score, rounds })))
        .onConflictDoUpdate({ target: [scoreHistogram.puzzleDate, scoreHistogram.score], set: { rounds: sql`${scoreHistogram.rounds} + excluded.rounds` } }),
    ),
  ]);
  const [first, ...rest] = [...statements, ...aggregates];
  if (first === undefined) return;
  try {
    await db.batch([first, ...rest]);
  } catch (error) {
    if (/NOT NULL constraint failed: rounds\.found/.test(String(error))) throw new MergeConflict("a round changed while its sync was merged");
    throw error;
  }
}
