// A league's members are on their own shards, each membership beside the member's players row,
// rounds and kept results (leagues/league-shards.ts). These read the members' side: one query per
// shard, all at once, merged in the order of the shards.
import { type MemberRoundRow, leagueMemberRoundsQuery, namesOf } from "./queries.ts";
import { type ShardEnv, allShards, playersByShard } from "../db/shards.ts";

/** The names of those of the players who have a players row (null: no name chosen). */
export async function memberNames(env: ShardEnv, playerIds: readonly string[]): Promise<Map<string, string | null>> {
  const parts = await Promise.all(playersByShard(env, playerIds).map(({ db, playerIds: ids }) => namesOf(db, ids)));
  return new Map(parts.flatMap((part) => [...part]));
}

/** The league's members (those with a players row) with their ranked rounds still in D1 (leagues/queries.ts leagueMemberRoundsQuery). */
export async function leagueMemberRounds(env: ShardEnv, leagueId: string): Promise<MemberRoundRow[]> {
  const parts = await Promise.all(allShards(env).map((db) => leagueMemberRoundsQuery(db, leagueId)));
  return parts.flat();
}
