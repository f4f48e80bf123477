// Player summaries live on their player's shard (db/shards.ts): the one row per regular player
// that grows with the total number of players (about 2.5 KB each). These read and write them
// wherever they are, one query per shard that holds any of the players asked for.
import type { ShardEnv } from "../db/shards.ts";
import { playersByShard } from "../db/shards.ts";
import { type StoredSummary, lastRunsOf, summariesOf, writeSummaries } from "../archive/queries.ts";

/** The summaries of the players, from their shards (one query per shard involved). */
export async function summariesByPlayer(env: ShardEnv, playerIds: readonly string[]): Promise<Map<string, StoredSummary>> {
  const parts = await Promise.all(playersByShard(env, playerIds).map(({ db, playerIds: ids }) => summariesOf(db, ids)));
  return new Map(parts.flatMap((part) => [...part]));
}

export async function summaryByPlayer(env: ShardEnv, playerId: string): Promise<StoredSummary | undefined> {
  return (await summariesByPlayer(env, [playerId])).get(playerId);
}

/**
 * Writes each summary on its player's shard. Not one transaction across shards: a fold that fails
 * half-way is run again, and folding a day into a summary that already has it changes nothing.
 */
export async function writeSummariesByPlayer(env: ShardEnv, summaries: ReadonlyMap<string, StoredSummary>): Promise<void> {
  await Promise.all(
    playersByShard(env, [...summaries.keys()]).map(({ db, playerIds }) => writeSummaries(db, new Map(playerIds.map((id) => [id, summaries.get(id)!])))),
  );
}

/** The last run of ranked days in each of the players' summaries, from their shards. */
export async function lastRunsByPlayer(env: ShardEnv, playerIds: readonly string[]): Promise<Map<string, [number, number]>> {
  const parts = await Promise.all(playersByShard(env, playerIds).map(({ db, playerIds: ids }) => lastRunsOf(db, ids)));
  return new Map(parts.flatMap((part) => [...part]));
}
