// What a player's stats read beyond the rounds' summary rows.
import { and, desc, eq } from "drizzle-orm";
import type { FoundWord } from "../../../shared/index.ts";
import type { Db } from "../client.ts";
import { puzzles, rounds } from "../schema.ts";

/**
 * The player's latest ranked rounds with what they found and the day's solution (the found set
 * is a bitset over it), newest first: what the best words are picked from. Bounded by `limit`
 * because each solution is a few kilobytes.
 */
export async function rankedRoundsWithSolutions(
  db: Db,
  playerId: string,
  limit: number,
): Promise<{ date: string; found: Uint8Array; solution: FoundWord[] }[]> {
  return db
    .select({ date: rounds.puzzleDate, found: rounds.found, solution: puzzles.solution })
    .from(rounds)
    .innerJoin(puzzles, eq(puzzles.date, rounds.puzzleDate))
    .where(and(eq(rounds.playerId, playerId), eq(rounds.ranked, true)))
    .orderBy(desc(rounds.puzzleDate))
    .limit(limit);
}
