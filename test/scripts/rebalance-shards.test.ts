// scripts/rebalance-shards.ts (what `npm run deploy` runs with --remote, through the same wrangler
// calls): rows of the tables that live on their player's shard, left on another shard, move to
// theirs with every byte; a newer copy already there wins; a second run moves nothing.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { shardOfPlayer } from "../../worker/db/player-buckets.ts";
import { d1File, projectNode as node, projectRoot as root } from "../../scripts/lib/server.ts";

const run = (...args: string[]) => spawnSync(node, ["scripts/rebalance-shards.ts", ...args], { cwd: root, encoding: "utf8", timeout: 240_000 });

/** Player ids on shards 1, 2, 3 and 0 of 4 (worker/db/player-buckets.ts). */
const ON = ["00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003"] as const;

function onShard<T>(dir: string, shard: number, use: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(d1File(dir, shard));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

test("a bad call is one usage line and exit code 2", () => {
  for (const args of [[], ["--local", "--remote"], ["--remote", "--persist-to", "/tmp/x"], ["--local", "--persist-to"]]) {
    const result = run(...args);
    expect(result.status, args.join(" ")).toBe(2);
    expect(result.stderr.trim()).toBe("usage: node scripts/rebalance-shards.ts --remote | --local [--persist-to DIR]");
  }
});

test("--local moves each summary, passkey and push subscription to its player's shard, once", { timeout: 300_000 }, () => {
  expect(ON.map((id) => shardOfPlayer(id, 4))).toEqual([1, 2, 3, 0]);
  const dir = mkdtempSync(path.join(tmpdir(), "tumbleword-rebalance-"));
  try {
    const migrated = spawnSync(node, ["scripts/migrate-shards.ts", "--local", "--persist-to", dir], { cwd: root, encoding: "utf8", timeout: 240_000 });
    expect(migrated.status, migrated.stdout + migrated.stderr).toBe(0);
    // Written on shard 0 as before the tables moved, one row of each player's already at home.
    onShard(dir, 0, (db) => {
      for (const [i, id] of ON.entries()) {
        db.prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, ?)").run(id, `{"old":${i},"it's":"quoted"}`, "2026-03-01");
        db.prepare("insert into passkeys (id, player_id, public_key, counter, transports, name, created_at, last_used_at) values (?, ?, ?, 3, '[\"usb\"]', ?, 10, null)").run(`key-${i}`, id, Uint8Array.from([0, 255, i]), `Ana's key ${i}`);
        db.prepare("insert into push_subscriptions (endpoint, player_id, p256dh, auth, lang, local_hour, hour_utc, created_at) values (?, ?, 'k', 'a', 'fr', 8, 7, 20)").run(`https://push.example/${i}`, id);
      }
    });
    // Shard 1's player already has a newer summary there (folded after the move): it stays.
    // Shard 2's has an older one: the one from shard 0 replaces it.
    onShard(dir, 1, (db) => db.prepare("insert into player_summaries (player_id, summary, through_date) values (?, '{\"new\":1}', '2026-04-01')").run(ON[0]));
    onShard(dir, 2, (db) => db.prepare("insert into player_summaries (player_id, summary, through_date) values (?, '{\"older\":2}', '2026-02-01')").run(ON[1]));

    const first = run("--local", "--persist-to", dir);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toContain("DB: 3 player_summaries, 3 passkeys, 3 push_subscriptions moved to their players' shards");

    for (let shard = 0; shard < 4; shard++) {
      onShard(dir, shard, (db) => {
        const mine = ON.filter((id) => shardOfPlayer(id, 4) === shard);
        const i = ON.indexOf(mine[0]!);
        expect(db.prepare("select player_id from player_summaries").all().map((r) => r.player_id), `shard ${shard}`).toEqual(mine);
        expect(db.prepare("select summary from player_summaries").get()).toEqual({ summary: shard === 1 ? '{"new":1}' : `{"old":${i},"it's":"quoted"}` });
        expect(db.prepare("select id, player_id, hex(public_key) as key, counter, transports, name, created_at, last_used_at from passkeys").all()).toEqual([
          { id: `key-${i}`, player_id: mine[0], key: `00FF0${i}`, counter: 3, transports: '["usb"]', name: `Ana's key ${i}`, created_at: 10, last_used_at: null },
        ]);
        expect(db.prepare("select endpoint, player_id, lang, hour_utc from push_subscriptions").all()).toEqual([{ endpoint: `https://push.example/${i}`, player_id: mine[0], lang: "fr", hour_utc: 7 }]);
      });
    }

    const second = run("--local", "--persist-to", dir);
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(second.stdout.match(/: 0 player_summaries, 0 passkeys, 0 push_subscriptions moved/g)).toHaveLength(4);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
