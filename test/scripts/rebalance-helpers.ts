// What the rebalance tests share: the script's runner, player ids with known shards, and a local
// shard's SQLite file opened for the length of a callback.
import { spawnSync } from "node:child_process";
import { DatabaseSync } from "node:sqlite";
import { d1File, projectNode as node, projectRoot as root } from "#scripts/lib/server.ts";

/** scripts/rebalance-shards.ts with these arguments: minutes of wrangler runs on a loaded machine. */
export const rebalance = (...args: string[]) => spawnSync(node, ["scripts/rebalance-shards.ts", ...args], { cwd: root, encoding: "utf8", timeout: 480_000 });

/** Player ids on shards 1, 2, 3 and 0 of 4 (worker/db/player-buckets.ts). */
export const ON = ["00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003"] as const;

/** `use` on shard `shard`'s local SQLite file under `dir`, closed after. */
export function onShard<T>(dir: string, shard: number, use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(d1File(dir, shard));
  try {
    return use(db);
  } finally {
    db.close();
  }
}
