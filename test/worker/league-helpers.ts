// Leagues for worker tests: creating one through the API, and finding its row and its shard.
import { env } from "cloudflare:workers";
import { shardOfKey } from "#worker/leagues/league-shards.ts";
import { shardCount, shardD1 } from "#worker/db/shards.ts";
import { type Json, type TestPlayer, callJson, rowsEverywhere } from "./helpers.ts";

/** Creates a league of `owner`'s (an English one, named `name`) and expects 201; the answer (its code, embed key...). */
export async function createLeague(owner: TestPlayer, name = "Friday Club"): Promise<Json> {
  return callJson("/api/leagues", { json: { name }, token: owner.token }, 201);
}

/** The league's id: its row is on the league's shard, found here by asking every shard. */
export const leagueIdOf = async (code: string): Promise<string> => (await rowsEverywhere<{ id: string }>("select id from leagues where code = ?", code))[0]!.id;

/** The D1 database of the shard that holds a league's row (leagues/league-shards.ts). */
export const leagueShard = (leagueId: string): D1Database => shardD1(env, shardOfKey(leagueId, shardCount(env)));
