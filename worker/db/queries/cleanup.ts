// What the upkeep deletes because nothing will ever read it (services/upkeep.ts): each query
// deletes a bounded number of rows, so one run's work is bounded however much has piled up.
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { leagueMembers, linkCodes, passkeys, playerSummaries, players, roomResults, rounds, scoreHistogram, wordFinders } from "../schema.ts";

const changes = (result: { meta: { changes?: number } }) => result.meta.changes ?? 0;

/** Link codes past their expiry (they can never be redeemed). */
export async function deleteExpiredLinkCodes(db: Db, now: number, limit: number): Promise<number> {
  return changes(await db.run(sql`delete from ${linkCodes} where ${linkCodes.codeHash} in (select ${linkCodes.codeHash} from ${linkCodes} where ${linkCodes.expiresAt} < ${now} limit ${limit})`));
}

/**
 * Players created before `before` who never played: no round, no summary, no room result, no
 * link code, no passkey, in no league (a league's owner is always one of its members). A token of theirs then answers 401, as for any unknown player.
 */
export async function deleteAbandonedPlayers(db: Db, before: number, limit: number): Promise<number> {
  return changes(
    await db.run(sql`delete from ${players} where ${players.id} in (
      select p.id from ${players} p
      where p.created_at < ${before}
        and not exists (select 1 from ${rounds} r where r.player_id = p.id)
        and not exists (select 1 from ${playerSummaries} s where s.player_id = p.id)
        and not exists (select 1 from ${roomResults} x where x.player_id = p.id)
        and not exists (select 1 from ${linkCodes} l where l.player_id = p.id)
        and not exists (select 1 from ${passkeys} k where k.player_id = p.id)
        and not exists (select 1 from ${leagueMembers} m where m.player_id = p.id)
      limit ${limit})`),
  );
}

/** Aggregate rows that fell back to zero (a round left the histogram's score; a review withdrew finds). */
export async function deleteZeroAggregates(db: Db): Promise<number> {
  const [a, b] = await db.batch([
    db.run(sql`delete from ${scoreHistogram} where ${scoreHistogram.rounds} <= 0`),
    db.run(sql`delete from ${wordFinders} where ${wordFinders.finders} <= 0`),
  ]);
  return changes(a) + changes(b);
}

/** Room results finished before `before` (the stats list the last year of rooms). */
export async function deleteOldRoomResults(db: Db, before: number, limit: number): Promise<number> {
  return changes(
    await db.run(sql`delete from ${roomResults} where rowid in (select rowid from ${roomResults} where ${roomResults.finishedAt} < ${before} limit ${limit})`),
  );
}
