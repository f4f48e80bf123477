// Which D1 database holds what. The data is spread over N databases ("shards", N = the SHARDS var
// of wrangler.toml, bound as DB, DB_1, ... DB_{N-1}); N = 1 is a single database, as a small
// deployment runs. Small global rows (puzzles, day states, leases) live on shard 0, the home
// database; what is keyed by a player is meant to live on the player's shard: so far their
// summaries (players/sharded-summaries.ts), the rest still on shard 0 (docs/scale.md, "Shards").
//
// A player's shard is fixed by their id: the id hashes into one of BUCKETS virtual buckets and
// bucket b lives on shard b mod N. At a given N no key ever moves; growing N (a power of two, so
// that BUCKETS stays a multiple of it) moves whole buckets, each from one old shard to one new.
import type { Db } from "./client.ts";
import { database } from "./client.ts";
import { BUCKETS, shardOfPlayer } from "./player-buckets.ts";

export { BUCKETS, bucketOfPlayer, shardOfPlayer } from "./player-buckets.ts";

/** The most shards a deployment may bind (DB, DB_1 ... DB_15). */
export const MAX_SHARDS = 16;

/** The binding name of shard `index`: DB for shard 0 (the home database), DB_i after it. */
export function shardBinding(index: number): string {
  return index === 0 ? "DB" : `DB_${index}`;
}

/** What the routing needs of the Worker's bindings: the SHARDS var and the D1 bindings it names. */
export type ShardEnv = { SHARDS?: string; DB: D1Database };

/** N: wrangler.toml's SHARDS (1 when unset), checked against the bindings present. */
export function shardCount(env: ShardEnv): number {
  const raw = env.SHARDS ?? "1";
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SHARDS || BUCKETS % n !== 0) {
    throw new Error(`SHARDS must be 1, 2, 4, 8 or 16 (a divisor of ${BUCKETS} up to ${MAX_SHARDS}), got "${raw}"`);
  }
  return n;
}

/** The D1 binding of shard `index`. */
export function shardD1(env: ShardEnv, index: number): D1Database {
  const binding = (env as unknown as Record<string, unknown>)[shardBinding(index)];
  if (!isD1(binding)) throw new Error(`SHARDS is ${shardCount(env)} but there is no D1 binding ${shardBinding(index)} (wrangler.toml)`);
  return binding;
}

function isD1(value: unknown): value is D1Database {
  return typeof value === "object" && value !== null && typeof (value as { prepare?: unknown }).prepare === "function";
}

/** Every shard's D1 binding, shard 0 first. */
export function allShardD1s(env: ShardEnv): D1Database[] {
  return Array.from({ length: shardCount(env) }, (_, i) => shardD1(env, i));
}

/** Shard 0: the puzzles, the days' states, leases and everything not kept on a player's shard. */
export function homeDb(env: ShardEnv): Db {
  return database(env.DB);
}

/** The database that holds the player's rows. */
export function dbForPlayer(env: ShardEnv, playerId: string): Db {
  return database(shardD1(env, shardOfPlayer(playerId, shardCount(env))));
}

/** The players grouped by the shard that holds their rows (only shards with at least one), in shard order. */
export function playersByShard(env: ShardEnv, playerIds: Iterable<string>): { shard: number; db: Db; playerIds: string[] }[] {
  const n = shardCount(env);
  const groups = new Map<number, string[]>();
  for (const id of new Set(playerIds)) {
    const shard = shardOfPlayer(id, n);
    const group = groups.get(shard);
    if (group === undefined) groups.set(shard, [id]);
    else group.push(id);
  }
  return [...groups]
    .sort(([a], [b]) => a - b)
    .map(([shard, ids]) => ({ shard, db: database(shardD1(env, shard)), playerIds: ids }));
}

/** A handle on every shard, shard 0 first: reads that fan out and merge. */
export function allShards(env: ShardEnv): Db[] {
  return allShardD1s(env).map((d1) => database(d1));
}

/**
 * Every shard, for reads whose answer may lag the latest write by a moment (a day's shared,
 * edge-cached answers): with D1 read replication on, a nearby replica may answer (the Sessions
 * API, "first-unconstrained"); without it, or locally, the primary does.
 */
export function allShardReplicas(env: ShardEnv): Db[] {
  return allShardD1s(env).map((d1) => database(anyReplica(d1)));
}

function anyReplica(d1: D1Database): D1Database {
  if (typeof d1.withSession !== "function") return d1;
  // A session answers prepare() and batch(), all that drizzle's D1 driver uses.
  return d1.withSession("first-unconstrained") as unknown as D1Database;
}
