// scripts/migrate-shards.ts (what `npm run deploy` runs with --remote): locally, every shard of
// wrangler.toml ends with the whole migration log, and a second run finds nothing to do.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "vitest";
import { d1Bindings, d1File, projectNode as node, projectRoot as root } from "#scripts/lib/server.ts";

const run = (...args: string[]) => spawnSync(node, ["scripts/migrate-shards.ts", ...args], { cwd: root, encoding: "utf8", timeout: 180_000 });

test("a bad call is one usage line and exit code 2", () => {
  for (const args of [[], ["--local", "--remote"], ["--remote", "--persist-to", "/tmp/x"], ["--local", "--persist-to"]]) {
    const result = run(...args);
    expect(result.status, args.join(" ")).toBe(2);
    expect(result.stderr.trim()).toBe("usage: node scripts/migrate-shards.ts --remote | --local [--persist-to DIR]");
  }
});

test("--local migrates every shard: the same log of every migration in each", { timeout: 240_000 }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tumbleword-migrate-shards-"));
  try {
    const first = run("--local", "--persist-to", dir);
    expect(first.status, first.stdout + first.stderr).toBe(0);
    const migrations = readdirSync(path.join(root, "migrations")).filter((f) => f.endsWith(".sql")).sort();
    expect(d1Bindings().length).toBe(4);
    for (let shard = 0; shard < 4; shard++) {
      const db = new DatabaseSync(d1File(dir, shard), { readOnly: true });
      try {
        expect((db.prepare("select name from d1_migrations order by id").all() as { name: string }[]).map((r) => r.name), `shard ${shard}`).toEqual(migrations);
        expect(db.prepare("select count(*) as n from sqlite_master where name = 'rounds'").get()).toEqual({ n: 1 });
      } finally {
        db.close();
      }
    }
    // Level already: only shard 0 goes through wrangler again.
    const second = run("--local", "--persist-to", dir);
    expect(second.status, second.stdout + second.stderr).toBe(0);
    expect(second.stdout.match(/^Migrating /gm)).toEqual(["Migrating "]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
