// The scale run's config at another number of shards (scripts/scale/shard-config.ts): derived from
// wrangler.toml, bound as the local tools find each shard's file (by database id), and usable from
// a folder outside the checkout (its paths absolute). The run itself serves it: scale.test.ts.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { d1Bindings } from "#scripts/lib/server.ts";
import { SHARD_COUNTS, shardConfigText, writeShardConfig } from "#scripts/scale/shard-config.ts";

const root = path.resolve(import.meta.dirname, "../..");
const source = readFileSync(path.join(root, "wrangler.toml"), "utf8");
const dirs: string[] = [];
const tempDir = () => {
  dirs.push(mkdtempSync(path.join(os.tmpdir(), "scale-config-")));
  return dirs[dirs.length - 1];
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

test("at wrangler.toml's own 4 shards the bindings are its own, so the same local files serve both", () => {
  const config = writeShardConfig(root, 4, tempDir());
  expect(d1Bindings(config)).toEqual(d1Bindings());
  expect(readFileSync(config, "utf8")).toMatch(/^SHARDS = "4"$/m);
});

test("16 shards bind DB ... DB_15, the ones wrangler.toml lacks named and numbered as its own (in hex)", () => {
  const config = writeShardConfig(root, 16, tempDir());
  const text = readFileSync(config, "utf8");
  const bindings = d1Bindings(config);
  expect(bindings.map((b) => b.binding)).toEqual(["DB", ...Array.from({ length: 15 }, (_, i) => `DB_${i + 1}`)]);
  expect(bindings.slice(0, 4)).toEqual(d1Bindings());
  expect(bindings[10]).toEqual({ binding: "DB_10", databaseId: "00000000-0000-0000-0000-00000000000a" });
  expect(bindings[15]).toEqual({ binding: "DB_15", databaseId: "00000000-0000-0000-0000-00000000000f" });
  expect(new Set(bindings.map((b) => b.databaseId)).size).toBe(16);
  expect(text).toMatch(/^SHARDS = "16"$/m);
  expect(text).toContain('database_name = "tumbleword-15"');
  // Everything else of wrangler.toml is kept: the queues, the rate limits, the crons.
  expect(text).toContain('queue = "tumbleword-syncs"');
  expect(text).toContain('name = "PLAYER_LIMITER"');
});

test("one shard binds only DB, and every path is absolute (wrangler resolves them against the config's folder)", () => {
  const text = shardConfigText(source, root, 1);
  expect(text.match(/^\[\[d1_databases\]\]$/gm)).toHaveLength(1);
  expect(text).toMatch(/^SHARDS = "1"$/m);
  expect(text).toContain(`main = ${JSON.stringify(path.join(root, "worker/index.ts"))}`);
  expect(text).toContain(`directory = ${JSON.stringify(path.join(root, "dist/site"))}`);
  expect(text).toContain(`migrations_dir = ${JSON.stringify(path.join(root, "migrations"))}`);
  expect(text).not.toMatch(/^\s*(main|directory|migrations_dir)\s*=\s*"\.?\.?[^/"]/m);
});

test("only the numbers of shards the Worker accepts", () => {
  expect(SHARD_COUNTS).toEqual([1, 2, 4, 8, 16]);
  for (const bad of [0, 3, 32]) expect(() => shardConfigText(source, root, bad)).toThrow(/one of 1, 2, 4, 8, 16/);
});
