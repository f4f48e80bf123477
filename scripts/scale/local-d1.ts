// The local D1s a scale run serves: the main one (wrangler.toml's shards, in the run's folder) and,
// for the cross-shard table, one per number of shards, each with its generated config and its own
// state folder. A new one starts from a snapshot of the main one taken before any round was seeded
// (migrated, the day's puzzles stored), so no wrangler migration runs per number of shards.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1Bindings, d1Dir, d1File, d1FileName } from "../lib/server.ts";
import { persist, root } from "./settings.ts";
import { writeShardConfig } from "./shard-config.ts";

export interface LocalD1 {
  /** wrangler's state folder (`--persist-to`). */
  persist: string;
  /** The Worker's config: wrangler.toml, or a generated one. */
  config: string;
}

export const mainD1: LocalD1 = { persist, config: path.join(root, "wrangler.toml") };

/** Whether `d1` is served with the checkout's own wrangler.toml (no --config to pass). */
export const isMain = (d1: LocalD1): boolean => d1.config === mainD1.config && d1.persist === mainD1.persist;

const baseDir = path.join(persist, "base");
const baseHome = path.join(baseDir, "home.sqlite");
const baseShard = path.join(baseDir, "shard.sqlite");

function vacuumInto(from: string, to: string): void {
  const db = new DatabaseSync(from, { timeout: 30_000 });
  try {
    db.exec(`VACUUM INTO '${to.replaceAll("'", "''")}'`);
  } finally {
    db.close();
  }
}

/**
 * Keeps the main D1 as it is now (before seeding) for the other numbers of shards: shard 0's file
 * (the puzzles, the days' states) and another shard's (the schema, nothing of a player yet).
 */
export function snapshotMain(): void {
  mkdirSync(baseDir, { recursive: true });
  vacuumInto(d1File(persist, 0), baseHome);
  vacuumInto(d1File(persist, d1Bindings().length > 1 ? 1 : 0), baseShard);
}

/** A fresh local D1 of `shards` shards from the snapshot, served by a config generated beside it. */
export function shardsD1(shards: number): LocalD1 {
  const dir = path.join(persist, `shards-${shards}`);
  rmSync(dir, { recursive: true, force: true });
  const config = writeShardConfig(root, shards, dir);
  const d1: LocalD1 = { persist: path.join(dir, "state"), config };
  mkdirSync(d1Dir(d1.persist), { recursive: true });
  for (const [i, { databaseId }] of d1Bindings(config).entries()) copyFileSync(i === 0 ? baseHome : baseShard, path.join(d1Dir(d1.persist), d1FileName(databaseId)));
  return d1;
}

/** Removes a local D1 made by shardsD1 (its config, its state). */
export function removeShardsD1(d1: LocalD1): void {
  rmSync(path.dirname(d1.config), { recursive: true, force: true });
}
