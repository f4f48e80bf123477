// A league's rows are on shard 0, its members' players rows and rounds on their own shards
// (db/shards.ts). These read the members' side: one query per shard that holds any of the
// players asked for, all at once, merged in the order of the shards.
import { type MemberRoundRow, memberRoundsQuery, namesOf } from "./queries/leagues.ts";
import { type ShardEnv, playersByShard } from "./shards.ts";

/** The names of those of the players who have a players row (null: no name chosen). */
export async function memberNames(env: ShardEnv, playerIds: readonly string[]): Promise<Map<string, string | null>> {
  const parts = await Promise.all(playersByShard(env, playerIds).map(({ db, playerIds: ids }) => namesOf(db, ids)));
  return new Map(parts.flatMap((part) => [...part]));
}

/** The players (those with a players row) with their ranked rounds still in D1 (db/queries/leagues.ts memberRoundsQuery). */
export async function memberRounds(env: ShardEnv, playerIds: readonly string[]): Promise<MemberRoundRow[]> {
  if (playerIds.length === 0) return [];
  const parts = await Promise.all(playersByShard(env, playerIds).map(({ db, playerIds: ids }) => memberRoundsQuery(db, ids)));
  return parts.flat();
}
