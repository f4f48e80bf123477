// The shard routing (worker/db/shards.ts): a player's shard is a pure function of their id and
// never changes at a given N; the tests bind four shards, each its own migrated database.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createRng } from "#engine";
import { BUCKETS, allShardD1s, allShardReplicas, bucketOfPlayer, dbForPlayer, homeDb, shardCount, shardD1, shardOfPlayer } from "#worker/db/shards.ts";
import { findPlayer, insertPlayer } from "#worker/players/queries.ts";

/** Player ids as the Worker makes them (UUID v4), from a seeded generator. */
function playerIds(count: number, seed: number): string[] {
  const rng = createRng(seed);
  const hex = () => rng.random(16).toString(16);
  const part = (n: number) => Array.from({ length: n }, hex).join("");
  return Array.from({ length: count }, () => `${part(8)}-${part(4)}-4${part(3)}-8${part(3)}-${part(12)}`);
}

describe("shard routing", () => {
  it("runs the tests with four shards, DB being shard 0", () => {
    expect(shardCount(env)).toBe(4);
    expect(allShardD1s(env)).toHaveLength(4);
    expect(shardD1(env, 0)).toBe(env.DB);
    expect(shardD1(env, 3)).toBe(env.DB_3);
  });

  it("keeps every player on the shard their id gave them (these values never change)", () => {
    // Fixed answers: a change of the hash or of the bucket count would move every stored player.
    expect(bucketOfPlayer("00000000-0000-4000-8000-000000000001")).toBe(3490);
    expect(bucketOfPlayer("7c9e6679-7425-40de-944b-e07fc1f90ae7")).toBe(147);
    expect(bucketOfPlayer("f47ac10b-58cc-4372-a567-0e02b2c3d479")).toBe(1344);
    expect(bucketOfPlayer("3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe(3121);
    expect(shardOfPlayer("00000000-0000-4000-8000-000000000001", 4)).toBe(2);
    expect(shardOfPlayer("7c9e6679-7425-40de-944b-e07fc1f90ae7", 4)).toBe(3);
    expect(shardOfPlayer("f47ac10b-58cc-4372-a567-0e02b2c3d479", 4)).toBe(0);
    expect(shardOfPlayer("3f2504e0-4f89-41d3-9a0c-0305e82c3301", 16)).toBe(1);
    for (const id of playerIds(200, 7)) {
      expect(shardOfPlayer(id, 4)).toBe(shardOfPlayer(id, 4));
      expect(shardOfPlayer(id, 1)).toBe(0);
    }
  });

  it("moves a player, when N doubles, only to the one new shard their bucket goes to", () => {
    for (const id of playerIds(500, 11)) {
      const four = shardOfPlayer(id, 4);
      const eight = shardOfPlayer(id, 8);
      expect([four, four + 4]).toContain(eight);
      expect(bucketOfPlayer(id)).toBeLessThan(BUCKETS);
    }
  });

  it("spreads players evenly over the shards", () => {
    for (const n of [4, 16]) {
      const counts = new Array<number>(n).fill(0);
      const ids = playerIds(8000, 3);
      for (const id of ids) counts[shardOfPlayer(id, n)]!++;
      // Within 20% of an even share (about 4 standard deviations at 16 shards of 500).
      for (const count of counts) expect(Math.abs(count - ids.length / n)).toBeLessThan((ids.length / n) * 0.2);
    }
  });

  it("refuses a shard count that is not a power of two up to 16, or whose bindings are missing", () => {
    for (const bad of ["0", "3", "17", "32", "four", "1.5"]) expect(() => shardCount({ ...env, SHARDS: bad })).toThrow(/SHARDS must be/);
    expect(shardCount({ DB: env.DB })).toBe(1);
    expect(() => shardD1({ DB: env.DB, SHARDS: "8" }, 5)).toThrow(/no D1 binding DB_5/);
  });

  it("gives every shard its own migrated database", async () => {
    const ids = playerIds(64, 5);
    const byShard = new Map<number, string>();
    for (const id of ids) byShard.set(shardOfPlayer(id, 4), id);
    expect(byShard.size).toBe(4);
    for (const id of byShard.values()) await insertPlayer(dbForPlayer(env, id), { id, name: null, createdAt: 1 });
    for (const [shard, id] of byShard) {
      for (const d1 of allShardD1s(env)) {
        const row = await d1.prepare("select id from players where id = ?").bind(id).first<{ id: string }>();
        expect(row?.id ?? null).toBe(d1 === shardD1(env, shard) ? id : null);
      }
    }
    const onHome = [...byShard].find(([shard]) => shard === 0)?.[1];
    expect((await findPlayer(homeDb(env), onHome ?? ""))?.id).toBe(onHome);
  });

  it("reads a day's shared answers through a read-replica session of each shard (the Sessions API runs locally)", async () => {
    expect(typeof env.DB.withSession).toBe("function");
    const [id] = playerIds(1, 13);
    await insertPlayer(dbForPlayer(env, id!), { id: id!, name: "Replica Rae", createdAt: 2 });
    const replica = allShardReplicas(env)[shardOfPlayer(id!, 4)]!;
    expect((await findPlayer(replica, id!))?.name).toBe("Replica Rae");
  });
});
