import { inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type NewPuzzleRow, type PuzzleRow, puzzles } from "../db/schema.ts";

/** Puzzles of the given days that are stored (at most 100 days per call: one bound parameter each). */
export async function findPuzzles(db: Db, dates: readonly string[]): Promise<PuzzleRow[]> {
  if (dates.length === 0) return [];
  if (dates.length > 100) throw new RangeError("at most 100 dates per query");
  return db.select().from(puzzles).where(inArray(puzzles.date, [...dates]));
}

/**
 * Stores puzzles unless their day is already stored, then reads the stored rows back in the same
 * batch: concurrent first requests for a day end with one row, and all read that row.
 */
export async function insertPuzzles(db: Db, rows: readonly NewPuzzleRow[]): Promise<PuzzleRow[]> {
  if (rows.length > 100) throw new RangeError("at most 100 puzzles per batch");
  const [first, ...rest] = rows.map((row) => db.insert(puzzles).values(row).onConflictDoNothing());
  if (first === undefined) return [];
  const dates = rows.map((row) => row.date);
  const results = await db.batch([first, ...rest, db.select().from(puzzles).where(inArray(puzzles.date, dates))]);
  return results[results.length - 1] as PuzzleRow[];
}
