// A league's members are on their own shards, each membership beside the member's players row,
// rounds and kept results (db/league-shards.ts). These read the members' side: one query per
// shard, all at once, merged in the order of the shards.
import type { LanguageCode } from "../../shared/languages.ts";
import { type MemberRoundRow, leagueMemberRoundsQuery, memberResultsQuery, namesOf } from "./queries/leagues.ts";
import { type ShardEnv, allShards, playersByShard } from "./shards.ts";

/** The names of those of the players who have a players row (null: no name chosen). */
export async function memberNames(env: ShardEnv, playerIds: readonly string[]): Promise<Map<string, string | null>> {
  const parts = await Promise.all(playersByShard(env, playerIds).map(({ db, playerIds: ids }) => namesOf(db, ids)));
  return new Map(parts.flatMap((part) => [...part]));
}

/** The league's members (those with a players row) with their ranked rounds still in D1 (db/queries/leagues.ts leagueMemberRoundsQuery). */
export async function leagueMemberRounds(env: ShardEnv, leagueId: string): Promise<MemberRoundRow[]> {
  const parts = await Promise.all(allShards(env).map((db) => leagueMemberRoundsQuery(db, leagueId)));
  return parts.flat();
}

/** The league's members' kept results of the language's boards from `from` to `to` (db/queries/leagues.ts memberResultsQuery). */
export async function leagueKeptResults(env: ShardEnv, leagueId: string, from: string, to: string, lang: LanguageCode) {
  const parts = await Promise.all(allShards(env).map((db) => memberResultsQuery(db, leagueId, from, to, lang)));
  return parts.flat();
}
