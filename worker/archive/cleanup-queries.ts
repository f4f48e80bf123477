// What the upkeep deletes because nothing will ever read it (archive/upkeep.ts): each query
// deletes a bounded number of rows, so one run's work is bounded however much has piled up.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { dayStates, leagueMembers, linkCodes, passkeys, playerSummaries, players, puzzles, roomResults, rounds, scoreHistogram, wordFinders } from "../db/schema.ts";

const changes = (result: { meta: { changes?: number } }) => result.meta.changes ?? 0;

/** Link codes past their expiry (they can never be redeemed), on one shard. */
export async function deleteExpiredLinkCodes(db: Db, now: number, limit: number): Promise<number> {
  return changes(await db.run(sql`delete from ${linkCodes} where ${linkCodes.codeHash} in (select ${linkCodes.codeHash} from ${linkCodes} where ${linkCodes.expiresAt} < ${now} limit ${limit})`));
}

/**
 * What keeps a player created before `before` on its own shard: a round, its archived summary, a
 * passkey, a league membership (owners are members), a room result or a link code: all on the
 * player's shard.
 */
const keepsPlayer = (before: number) => sql`p.created_at >= ${before}
  or exists (select 1 from ${rounds} r where r.player_id = p.id)
  or exists (select 1 from ${playerSummaries} s where s.player_id = p.id)
  or exists (select 1 from ${passkeys} k where k.player_id = p.id)
  or exists (select 1 from ${leagueMembers} m where m.player_id = p.id)
  or exists (select 1 from ${roomResults} x where x.player_id = p.id)
  or exists (select 1 from ${linkCodes} l where l.player_id = p.id)`;

/**
 * Up to `limit` players of this shard created before `before` with nothing here that keeps them,
 * by id from `start` (then from the first id), so player rows the caller skips (left on another
 * shard than theirs, waiting for the rebalance) never stop the cleanup behind them.
 */
export async function abandonedCandidates(db: Db, before: number, start: string, limit: number): Promise<string[]> {
  const from = (after: string, n: number) =>
    db.all<{ id: string }>(sql`select p.id from ${players} p where p.id >= ${after} and not (${keepsPlayer(before)}) order by p.id limit ${n}`);
  const first = await from(start, limit);
  const rest = first.length < limit && start !== "" ? (await from("", limit - first.length)).filter((r) => r.id < start) : [];
  return [...first, ...rest].map((r) => r.id);
}

/** Deletes those of the players that nothing on their shard keeps (checked again as they go); how many. */
export async function deletePlayersWithNothing(db: Db, ids: readonly string[], before: number): Promise<number> {
  if (ids.length === 0) return 0;
  const list = sql`(select value from json_each(${JSON.stringify(ids)}))`;
  return changes(await db.run(sql`delete from ${players} where ${players.id} in (select p.id from ${players} p where p.id in ${list} and not (${keepsPlayer(before)}))`));
}

/**
 * A shard's aggregate rows that fell back to zero (a round left the histogram's score; a review
 * withdrew finds). Only zero: a shard counts only its own rounds, so after rounds moved between
 * shards (which leaves their counts behind) a shard's part may be negative, and it is needed in the sum.
 */
export async function deleteZeroAggregates(db: Db): Promise<number> {
  const [a, b] = await db.batch([
    db.run(sql`delete from ${scoreHistogram} where ${scoreHistogram.rounds} = 0`),
    db.run(sql`delete from ${wordFinders} where ${wordFinders.finders} = 0`),
  ]);
  return changes(a) + changes(b);
}

/** Room results finished before `before` (the stats list the last year of rooms), on one shard. */
export async function deleteOldRoomResults(db: Db, before: number, limit: number): Promise<number> {
  return changes(
    await db.run(sql`delete from ${roomResults} where rowid in (select rowid from ${roomResults} where ${roomResults.finishedAt} < ${before} limit ${limit})`),
  );
}

/**
 * Up to `limit` day keys whose puzzle row this shard holds while no round of it remains here, oldest
 * first: the copies a shard k > 0 took for its rounds (puzzles/puzzles.ts storePuzzleOn), candidates
 * for deletion once the day is archived (checked on shard 0 by the caller). Read through the rounds'
 * leaderboard index, which starts with the day.
 */
export async function puzzleCopiesWithoutRounds(db: Db, limit: number): Promise<string[]> {
  const rows = await db.all<{ date: string }>(
    sql`select p.date as date from ${puzzles} p where not exists (select 1 from ${rounds} r where r.puzzle_date = p.date) order by p.date limit ${limit}`,
  );
  return rows.map((r) => r.date);
}

/** Deletes these days' puzzle rows on this shard, each only if still no round of it is here (a round started since keeps it). How many. */
export async function deletePuzzleCopies(db: Db, dates: readonly string[]): Promise<number> {
  if (dates.length === 0) return 0;
  return changes(
    await db.run(
      sql`delete from ${puzzles} where ${puzzles.date} in (select value from json_each(${JSON.stringify(dates)})) and not exists (select 1 from ${rounds} r where r.puzzle_date = ${puzzles.date})`,
    ),
  );
}

/** Those of the days that are archived (shard 0's day states): their rounds left D1 for good. */
export async function archivedDays(db: Db, dates: readonly string[]): Promise<string[]> {
  if (dates.length === 0) return [];
  const rows = await db.all<{ date: string }>(
    sql`select ${dayStates.date} as date from ${dayStates} where ${dayStates.date} in (select value from json_each(${JSON.stringify(dates)})) and ${dayStates.archivedAt} is not null`,
  );
  return rows.map((r) => r.date);
}
