// Where league rows live (issue 25: no database holds what grows with the players). A league's
// row (leagues) and its removals are on the league's shard, fixed by its id as a player's shard is
// by theirs (db/player-buckets.ts); a membership (league_members) and a member's kept results
// (league_results) on the member's shard, beside their players row and rounds. What spans a
// league's members asks every shard at once (one indexed query each) and merges here.
import type { LanguageCode } from "#engine";
import type { Db } from "../db/client.ts";
import { database } from "../db/client.ts";
import {
  leagueByCode,
  leagueByEmbedKey,
  leaguesByIds,
  leaguesOfLanguage,
  leaguesResultsQuery,
  longestMember,
  memberCount,
  memberCounts,
  membersOf,
  membershipsOf,
} from "./queries.ts";
import type { League } from "../db/schema.ts";
import { type ShardEnv, allShards, dbForPlayer, shardCount, shardD1, shardOfPlayer } from "../db/shards.ts";

/** The shard of any key hashed as player ids are (a league's id): fixed at a given N, moved by whole buckets when N grows. */
export const shardOfKey = shardOfPlayer;

/** The database that holds the league's row and its removals. */
export function leagueDb(env: ShardEnv, leagueId: string): Db {
  return database(shardD1(env, shardOfKey(leagueId, shardCount(env))));
}

/**
 * The league of a code (an invite or embed key): codes are minted on their league's shard
 * (leagues/leagues.ts newLeagueCodeFor), so that shard is asked first; a code minted before the
 * leagues moved may be on any shard, so the others are asked then, at once (each an indexed
 * look-up of at most one row). A code no league has costs N reads.
 */
async function leagueOfKey(env: ShardEnv, key: string, find: (db: Db) => Promise<League | undefined>): Promise<League | undefined> {
  const home = shardOfKey(key, shardCount(env));
  const shards = allShards(env);
  const found = await find(shards[home]!);
  if (found !== undefined) return found;
  const elsewhere = await Promise.all(shards.filter((_, i) => i !== home).map(find));
  return elsewhere.find((league) => league !== undefined);
}

/** The league of an invite code. */
export function leagueOfCode(env: ShardEnv, code: string): Promise<League | undefined> {
  return leagueOfKey(env, code, (db) => leagueByCode(db, code));
}

/** The league of an embed key (edge-cached answers: asked about once a minute per embed). */
export function leagueOfEmbedKey(env: ShardEnv, key: string): Promise<League | undefined> {
  return leagueOfKey(env, key, (db) => leagueByEmbedKey(db, key));
}

/** The league's members: its memberships on every shard. */
export async function leagueMemberCount(env: ShardEnv, leagueId: string): Promise<number> {
  const counts = await Promise.all(allShards(env).map((db) => memberCount(db, leagueId)));
  return counts.reduce((sum, n) => sum + n, 0);
}

/** The league's members with a players row, with their names, from every shard: first joined first (ties: by id), as one database ordered them. */
export async function leagueMembers(env: ShardEnv, leagueId: string): Promise<{ playerId: string; joinedAt: number; name: string | null }[]> {
  const parts = await Promise.all(allShards(env).map((db) => membersOf(db, leagueId)));
  return parts.flat().sort(byJoined);
}

/** The member who joined first (ties: the smaller id), or undefined for a league without members. */
export async function longestLeagueMember(env: ShardEnv, leagueId: string): Promise<string | undefined> {
  const firsts = await Promise.all(allShards(env).map((db) => longestMember(db, leagueId)));
  return firsts.filter((m) => m !== undefined).sort(byJoined)[0]?.playerId;
}

function byJoined(a: { playerId: string; joinedAt: number }, b: { playerId: string; joinedAt: number }): number {
  return a.joinedAt - b.joinedAt || (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0);
}

export interface PlayerLeague {
  league: League;
  joinedAt: number;
  members: number;
}

/**
 * The player's leagues, oldest membership first, each with its member count: their memberships
 * (their shard), then the leagues' rows (on the leagues' shards) and the counts (every shard) at
 * once. A membership whose league row is gone (a join racing the last member's leave) is left out.
 */
export async function leaguesOfPlayer(env: ShardEnv, playerId: string): Promise<PlayerLeague[]> {
  const memberships = await membershipsOf(dbForPlayer(env, playerId), playerId);
  if (memberships.length === 0) return [];
  const ids = memberships.map((m) => m.leagueId);
  const [rows, counts] = await Promise.all([
    Promise.all(byLeagueShard(env, ids).map(({ db, leagueIds }) => leaguesByIds(db, leagueIds))),
    Promise.all(allShards(env).map((db) => memberCounts(db, ids))),
  ]);
  const byId = new Map(rows.flat().map((league) => [league.id, league]));
  const membersOf = (id: string) => counts.reduce((sum, part) => sum + (part.get(id) ?? 0), 0);
  return memberships.flatMap(({ leagueId, joinedAt }) => {
    const league = byId.get(leagueId);
    return league === undefined ? [] : [{ league, joinedAt, members: membersOf(leagueId) }];
  });
}

/** League ids grouped by the shard that holds their rows (only shards with at least one). */
export function byLeagueShard(env: ShardEnv, leagueIds: readonly string[]): { shard: number; db: Db; leagueIds: string[] }[] {
  const n = shardCount(env);
  const groups = new Map<number, string[]>();
  for (const id of new Set(leagueIds)) {
    const shard = shardOfKey(id, n);
    groups.set(shard, [...(groups.get(shard) ?? []), id]);
  }
  return [...groups].sort(([a], [b]) => a - b).map(([shard, ids]) => ({ shard, db: database(shardD1(env, shard)), leagueIds: ids }));
}

/** A page of the leagues of the language after `after`, by id over every shard (each shard's page merged). */
export async function leaguesOfLanguageEverywhere(env: ShardEnv, lang: LanguageCode, after: string, limit: number): Promise<string[]> {
  const pages = await Promise.all(allShards(env).map((db) => leaguesOfLanguage(db, lang, after, limit)));
  return pages
    .flat()
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit);
}

/** The kept results of these leagues' members on the language's boards from `from` to `to`: each shard its own members'. */
export async function leaguesResultsEverywhere(env: ShardEnv, leagueIds: readonly string[], from: string, to: string, lang: LanguageCode) {
  if (leagueIds.length === 0) return [];
  const parts = await Promise.all(allShards(env).map((db) => leaguesResultsQuery(db, leagueIds, from, to, lang)));
  return parts.flat();
}
