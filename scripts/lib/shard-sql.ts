// SQL on each shard wrangler.toml binds (DB, DB_1, ...: worker/db/shards.ts), for the scripts that
// maintain them (scripts/rebalance-shards.ts): a read of several statements, or statements run as
// one transaction, on one shard at a time.
//   remote: through `wrangler d1 execute --remote`, a wrangler run per call (the deployed databases);
//   local:  through one local D1 for the whole run (wrangler's getPlatformProxy: the same miniflare
//           D1 that `wrangler d1 execute --local` and `wrangler dev` use, on the same state folder),
//           so a run of dozens of calls does not start dozens of wranglers.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { d1Bindings, projectNode, projectRoot, wranglerBin, wranglerEnv } from "./server.ts";

import type { D1Database } from "@cloudflare/workers-types";

export type Value = string | number | null;
export type Row = Record<string, Value>;

export interface ShardSql {
  /** The shards' bindings, shard 0 first. */
  readonly bindings: string[];
  /** The rows of each statement, run on one shard. */
  query(shard: number, statements: string[]): Promise<Row[][]>;
  /** Statements run on one shard as one transaction. */
  run(shard: number, statements: string[]): Promise<void>;
  close(): Promise<void>;
}

/** The deployed shards, through `wrangler d1 execute --remote`. */
export class RemoteShardSql implements ShardSql {
  readonly bindings = d1Bindings().map((b) => b.binding);
  private readonly scratch = mkdtempSync(path.join(tmpdir(), "tumbleword-shard-sql-"));

  async query(shard: number, statements: string[]): Promise<Row[][]> {
    if (statements.length === 0) return [];
    const answers = JSON.parse(this.wrangler(shard, ["--json", "--command", statements.join("; ")])) as { results: Row[] }[];
    return statements.map((_, i) => answers[i]?.results ?? []);
  }

  async run(shard: number, statements: string[]): Promise<void> {
    if (statements.length === 0) return;
    // One file is one transaction.
    const file = path.join(this.scratch, "statements.sql");
    writeFileSync(file, `${statements.join(";\n")};\n`);
    this.wrangler(shard, ["--file", file, "--yes"]);
  }

  async close(): Promise<void> {
    rmSync(this.scratch, { recursive: true, force: true });
  }

  private wrangler(shard: number, args: string[]): string {
    const result = spawnSync(projectNode, [wranglerBin, "d1", "execute", this.bindings[shard]!, "--remote", ...args], {
      cwd: projectRoot,
      env: wranglerEnv(),
      encoding: "utf8",
      maxBuffer: 256 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`wrangler d1 execute ${this.bindings[shard]} failed: ${(result.stderr || result.stdout).trim().split("\n").slice(-3).join(" ")}`);
    return result.stdout;
  }
}

/** The local shards in a wrangler state folder (`--persist-to`), through one local D1 for the run. */
export class LocalShardSql implements ShardSql {
  readonly bindings = d1Bindings().map((b) => b.binding);
  private readonly proxy: { env: Record<string, D1Database>; dispose(): Promise<void> };

  private constructor(proxy: { env: Record<string, D1Database>; dispose(): Promise<void> }) {
    this.proxy = proxy;
  }

  static async open(persistDir: string): Promise<LocalShardSql> {
    Object.assign(process.env, wranglerEnv({}));
    const { getPlatformProxy } = await import("wrangler");
    const proxy = await getPlatformProxy<Record<string, D1Database>>({
      configPath: path.join(projectRoot, "wrangler.toml"),
      // wrangler's --persist-to DIR keeps its state in DIR/v3.
      persist: { path: path.join(persistDir, "v3") },
      remoteBindings: false,
    });
    return new LocalShardSql(proxy);
  }

  async query(shard: number, statements: string[]): Promise<Row[][]> {
    if (statements.length === 0) return [];
    const db = this.db(shard);
    const answers = await db.batch<Row>(statements.map((sql) => db.prepare(sql)));
    return answers.map((answer: { results: Row[] }) => answer.results);
  }

  async run(shard: number, statements: string[]): Promise<void> {
    if (statements.length === 0) return;
    const db = this.db(shard);
    // A batch is one transaction.
    await db.batch(statements.map((sql) => db.prepare(sql)));
  }

  close(): Promise<void> {
    return this.proxy.dispose();
  }

  private db(shard: number): D1Database {
    return this.proxy.env[this.bindings[shard]!]!;
  }
}
