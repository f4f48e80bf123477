// A merged player's league rows (players/identity-merge.ts): their memberships and kept results
// live on their shard (leagues/league-shards.ts), and go to the surviving player's, copy first, then
// delete, so a merge that stops half-way leaves a row twice (the next sign-in merges again and
// finishes), never nowhere. The leagues `from` owns (always leagues it is a member of) change
// owner on the leagues' shards.
import { and, eq, inArray, sql } from "drizzle-orm";
import { byLeagueShard } from "../leagues/league-shards.ts";
import { type ShardEnv, dbForPlayer } from "../db/shards.ts";
import { leagueMembers, leagueResults, leagues } from "../db/schema.ts";

/** Rows copied per statement: 3 (a membership) or 7 (a result) parameters each, under D1's 100. */
const MEMBERSHIPS_PER_STATEMENT = 30;
const RESULTS_PER_STATEMENT = 14;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Moves `from`'s memberships and kept results to `into` (a league `into` is already in keeps
 * `into`'s membership; a day both have a result of keeps `into`'s) and hands `into` the leagues
 * `from` owned. How many leagues `into` joined.
 */
export async function moveLeagueRows(env: ShardEnv, from: string, into: string): Promise<number> {
  const fromDb = dbForPlayer(env, from);
  const intoDb = dbForPlayer(env, into);
  const [memberships, results] = await fromDb.batch([
    fromDb.select().from(leagueMembers).where(eq(leagueMembers.playerId, from)),
    fromDb.select().from(leagueResults).where(eq(leagueResults.playerId, from)),
  ]);
  let joined = 0;
  // A merge never loses a league: MAX_LEAGUES guards creating and joining, not this.
  const copies = [
    ...chunks(memberships, MEMBERSHIPS_PER_STATEMENT).map((rows) =>
      intoDb
        .insert(leagueMembers)
        .values(rows.map((m) => ({ ...m, playerId: into })))
        .onConflictDoNothing()
        .returning({ leagueId: leagueMembers.leagueId }),
    ),
    ...chunks(results, RESULTS_PER_STATEMENT).map((rows) =>
      intoDb
        .insert(leagueResults)
        .values(rows.map((r) => ({ ...r, playerId: into })))
        .onConflictDoNothing()
        .returning({ date: leagueResults.date }),
    ),
  ];
  const [first, ...rest] = copies;
  if (first !== undefined) {
    const written = await intoDb.batch([first, ...rest]);
    joined = written.slice(0, Math.ceil(memberships.length / MEMBERSHIPS_PER_STATEMENT)).reduce((sum, rows) => sum + rows.length, 0);
  }
  const owned = memberships.map((m) => m.leagueId);
  await Promise.all(
    byLeagueShard(env, owned).map(({ db, leagueIds }) => db.update(leagues).set({ ownerId: into }).where(and(inArray(leagues.id, leagueIds), eq(leagues.ownerId, from)))),
  );
  if (memberships.length > 0 || results.length > 0) {
    await fromDb.batch([
      fromDb.delete(leagueMembers).where(sql`${leagueMembers.playerId} = ${from}`),
      fromDb.delete(leagueResults).where(sql`${leagueResults.playerId} = ${from}`),
    ]);
  }
  return joined;
}
