// A player's rounds moving to another player on another shard (an identity merge:
// merge-players.ts). D1 has no transaction across databases, so a round is copied first and
// deleted from its old shard only once its copy is there: a move that stops half-way leaves a
// round twice (the copy wins when it runs again), never nowhere.
//
// The days' partial counts (score_histogram, word_finders) stay where they are: each shard's are
// only a part, readers sum them over every shard (results/fan-out.ts), and the sum is the same whichever
// shard counts the round. Moving them too would need a second write per shard that a run taken up
// again must not repeat, for an answer that does not change.
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { puzzles, rounds } from "../db/schema.ts";

export interface MergedRound {
  date: string;
  ranked: boolean;
}

export interface RoundMoves {
  /** Rounds now the target player's. */
  moved: MergedRound[];
  /** Rounds left with the old player: the target had its own round of that day and kind. */
  kept: MergedRound[];
}

/** Ids per `in (...)` list: D1 binds at most 100 parameters per statement. */
const IDS = 90;
/** Rows per multi-row insert (12 columns a row, under the 100 parameters). */
const ROWS = 8;

const chunks = <T>(items: readonly T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Moves `from`'s rounds (on `fromDb`) to `into` (on `intoDb`, another shard), except those of a day
 * and kind `into` already has a round of. A round already copied by an earlier run (its id is there,
 * `into`'s) counts as moved and is only deleted. The day's puzzle row goes along when the target
 * shard lacks it (rounds reference their puzzle).
 */
export async function moveRoundsAcrossShards(fromDb: Db, intoDb: Db, from: string, into: string): Promise<RoundMoves> {
  const theirs = await fromDb.select().from(rounds).where(eq(rounds.playerId, from));
  if (theirs.length === 0) return { moved: [], kept: [] };
  const ours = await intoDb.select({ id: rounds.id, date: rounds.puzzleDate, ranked: rounds.ranked }).from(rounds).where(eq(rounds.playerId, into));
  const copied = new Set(ours.map((r) => r.id));
  const played = new Set(ours.map((r) => dayKind(r.date, r.ranked)));
  const toCopy = theirs.filter((r) => !copied.has(r.id) && !played.has(dayKind(r.puzzleDate, r.ranked)));

  if (toCopy.length > 0) {
    // Only the days the target shard lacks (a day someone there played is there): a puzzle row is large.
    const dates = [...new Set(toCopy.map((r) => r.puzzleDate))];
    const present = new Set((await Promise.all(chunks(dates, IDS).map((part) => intoDb.select({ date: puzzles.date }).from(puzzles).where(inArray(puzzles.date, part))))).flat().map((r) => r.date));
    const missing = dates.filter((date) => !present.has(date));
    const days = (await Promise.all(chunks(missing, IDS).map((part) => fromDb.select().from(puzzles).where(inArray(puzzles.date, part))))).flat();
    const [first, ...rest] = [
      ...days.map((day) => intoDb.insert(puzzles).values(day).onConflictDoNothing()),
      // Without a target: a round `into` started meanwhile (the unique index) is not overwritten either.
      ...chunks(toCopy, ROWS).map((part) => intoDb.insert(rounds).values(part.map((r) => ({ ...r, playerId: into }))).onConflictDoNothing()),
    ];
    await intoDb.batch([first!, ...rest]);
  }

  // Only what is now `into`'s on its shard leaves `from`'s: a copy refused by a round `into`
  // started meanwhile stays with `from`, as a day both played.
  const candidates = theirs.filter((r) => !played.has(dayKind(r.puzzleDate, r.ranked)) || copied.has(r.id)).map((r) => r.id);
  const there = new Set<string>();
  for (const part of chunks(candidates, IDS)) {
    for (const row of await intoDb.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.playerId, into), inArray(rounds.id, part)))) there.add(row.id);
  }
  const gone = [...there];
  if (gone.length > 0) {
    const [first, ...rest] = chunks(gone, IDS).map((part) => fromDb.delete(rounds).where(and(eq(rounds.playerId, from), inArray(rounds.id, part))));
    await fromDb.batch([first!, ...rest]);
  }
  const view = (r: (typeof theirs)[number]): MergedRound => ({ date: r.puzzleDate, ranked: r.ranked });
  return { moved: theirs.filter((r) => there.has(r.id)).map(view), kept: theirs.filter((r) => !there.has(r.id)).map(view) };
}

function dayKind(date: string, ranked: boolean): string {
  return `${date}|${ranked ? 1 : 0}`;
}

