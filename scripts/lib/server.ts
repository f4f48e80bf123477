// The local servers the scripts and the test setups run, started and stopped one way: the product
// through scripts/serve.ts (wrangler dev with its watchdog), or wrangler dev directly (the scale
// run's metered Worker). A server is ready when /api/health answers 200, whatever prints what.
// Also where wrangler keeps the local D1, for the scripts and tests that read it directly.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isIsoDate } from "#engine";
import { shardOfPlayer } from "#worker/db/player-buckets.ts";
import { freePort } from "./ports.ts";

export const projectRoot = path.resolve(import.meta.dirname, "../..");
/** The project's pinned Node (24, runs .ts directly), whatever Node runs the caller. */
export const projectNode = existsSync(path.join(projectRoot, "node_modules/node/bin/node"))
  ? path.join(projectRoot, "node_modules/node/bin/node")
  : process.execPath;
export const wranglerBin = path.join(projectRoot, "node_modules/wrangler/bin/wrangler.js");

/** The environment for wrangler: no telemetry, and no fetch of Cloudflare's `request.cf` sample (there is no network here). */
export function wranglerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
}

/**
 * wrangler dev's arguments that pin the served day to TODAY (worker/dev/pinned-day.ts) when the
 * environment sets it, with the real instant that day begins at when TODAY_BEGAN_AT is set too (the
 * tests': test/days.ts). The scripts that run wrangler directly honour them as scripts/serve.ts does.
 * A value that is not one says so in one line and exits with code 2.
 */
export function pinnedDayVars(env: NodeJS.ProcessEnv = process.env): string[] {
  const { TODAY: today, TODAY_BEGAN_AT: beganAt } = env;
  if (today === undefined || today === "") return [];
  if (!isIsoDate(today)) {
    console.error(`TODAY must be a date written YYYY-MM-DD, got "${today}"`);
    process.exit(2);
  }
  if (beganAt === undefined || beganAt === "") return ["--var", `TODAY:${today}`];
  if (!/^\d{1,15}$/.test(beganAt)) {
    console.error(`TODAY_BEGAN_AT must be an instant in ms since the epoch, got "${beganAt}"`);
    process.exit(2);
  }
  return ["--var", `TODAY:${today}`, "--var", `TODAY_BEGAN_AT:${beganAt}`];
}

/** The local D1's folder inside a wrangler state folder (`--persist-to`, serve.ts's PERSIST_DIR). */
export function d1Dir(persistDir: string): string {
  return path.join(persistDir, "v3/d1/miniflare-D1DatabaseObject");
}

/**
 * The D1 databases wrangler.toml binds, in shard order (DB, DB_1, ...: worker/db/shards.ts), with
 * their database ids (what names a local database's file).
 */
export function d1Bindings(configPath = path.join(projectRoot, "wrangler.toml")): { binding: string; databaseId: string }[] {
  const blocks = readFileSync(configPath, "utf8").split(/^\[\[d1_databases\]\]\s*$/m).slice(1);
  return blocks.map((rest) => {
    const block = rest.split(/^\[/m)[0] ?? "";
    const field = (name: string) => new RegExp(`^${name}\\s*=\\s*"([^"]+)"`, "m").exec(block)?.[1];
    const binding = field("binding");
    const databaseId = field("database_id");
    if (binding === undefined || databaseId === undefined) throw new Error(`a [[d1_databases]] block of ${configPath} lacks its binding or database_id`);
    return { binding, databaseId };
  });
}

/**
 * The name of a local D1 database's SQLite file: the id of the Durable Object miniflare keeps it
 * in, which workerd derives from the database id (idFromName: an HMAC-SHA256 of the name keyed by
 * the SHA-256 of the object's unique key, then an HMAC of that as a check; 16 bytes each, in hex).
 */
export function d1FileName(databaseId: string): string {
  const key = createHash("sha256").update("miniflare-D1DatabaseObject").digest();
  const base = createHmac("sha256", key).update(databaseId).digest().subarray(0, 16);
  const check = createHmac("sha256", key).update(base).digest().subarray(0, 16);
  return `${Buffer.concat([base, check]).toString("hex")}.sqlite`;
}

/**
 * Shard `shard`'s SQLite file (0: the home database, DB) in a local wrangler state folder, bound as
 * `configPath` says (wrangler.toml unless another config serves that folder: the scale run's per-N ones).
 */
export function d1File(persistDir: string, shard = 0, configPath?: string): string {
  const bindings = d1Bindings(configPath);
  const database = bindings[shard];
  if (database === undefined) throw new Error(`${configPath ?? "wrangler.toml"} binds ${bindings.length} D1 databases, not a shard ${shard}`);
  const file = path.join(d1Dir(persistDir), d1FileName(database.databaseId));
  if (!existsSync(file)) throw new Error(`no D1 database file for ${database.binding} in ${d1Dir(persistDir)}`);
  return file;
}

/** The SQLite file of the shard that holds a player's rows (worker/db/shards.ts), locally bound as wrangler.toml says. */
export function playerD1File(persistDir: string, playerId: string): string {
  return d1File(persistDir, shardOfPlayer(playerId, d1Bindings().length));
}

/** Every shard's SQLite file, shard 0 first (bound as `configPath` says, wrangler.toml by default). */
export function d1Files(persistDir: string, configPath?: string): string[] {
  return d1Bindings(configPath).map((_, shard) => d1File(persistDir, shard, configPath));
}

/** Whether the server at `baseUrl` answers /api/health with 200 within `timeoutMs`. */
export async function isHealthy(baseUrl: string, timeoutMs = 5000): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

const POLL_MS = 250;
const STOP_GRACE_MS = 8000;
const OUTPUT_KEPT = 20_000;

export interface ServerOptions {
  /** The arguments after Node: a script and its own arguments. */
  args: string[];
  port: number;
  env?: NodeJS.ProcessEnv;
  /** Run in its own process group and signalled as a group (wrangler run directly: workerd under it). */
  group?: boolean;
  /** How long it may take to answer /api/health (default 300 s: a cold wrangler on a machine busy with a whole test run). */
  readyTimeoutMs?: number;
  /** Every chunk of its output as it comes (a log file, or a watch for what it says). */
  onOutput?: (chunk: Buffer) => void;
}

/** A local server in a child process: ready once /api/health answers; stopped politely, then for sure. */
export class LocalServer {
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** Resolves once /api/health answers; rejects with the end of its output when it exits or times out first. */
  readonly ready: Promise<void>;
  private readonly group: boolean;
  private readonly exited: Promise<void>;
  private text = "";

  private constructor(options: ServerOptions) {
    this.port = options.port;
    this.url = `http://127.0.0.1:${options.port}`;
    this.group = options.group ?? false;
    this.child = spawn(projectNode, options.args, {
      cwd: projectRoot,
      env: options.env ?? process.env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: this.group,
    });
    const onData = (chunk: Buffer) => {
      this.text = (this.text + chunk.toString()).slice(-OUTPUT_KEPT);
      options.onOutput?.(chunk);
    };
    this.child.stdout!.on("data", onData);
    this.child.stderr!.on("data", onData);
    this.exited = new Promise((resolve) => {
      if (!this.running) resolve();
      else this.child.once("exit", () => resolve());
    });
    this.ready = this.waitUntilReady(options.readyTimeoutMs ?? 300_000);
    this.ready.catch(() => undefined); // A caller that never awaits it is told by the exit instead.
  }

  /** Spawns the server and returns at once: await `ready` before using it. */
  static spawn(options: ServerOptions): LocalServer {
    return new LocalServer(options);
  }

  /** Spawns the server and waits until it answers; stops it and throws when it does not. */
  static start(options: ServerOptions): Promise<LocalServer> {
    return new LocalServer(options).answering();
  }

  /** This server once it answers; stopped, and the reason thrown, when it does not. */
  async answering(): Promise<LocalServer> {
    try {
      await this.ready;
    } catch (error) {
      await this.stop();
      throw error;
    }
    return this;
  }

  /** The last of what it printed (stdout and stderr together). */
  output(): string {
    return this.text;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  private async waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let gone = false;
    void this.exited.then(() => (gone = true));
    while (!gone) {
      if (await isHealthy(this.url, 2000)) {
        if (this.running) return;
        break;
      }
      if (Date.now() > deadline) throw new Error(`the server on port ${this.port} did not answer /api/health within ${timeoutMs / 1000} s:\n${this.text.slice(-3000)}`);
      await Promise.race([this.exited, new Promise((resolve) => setTimeout(resolve, POLL_MS))]);
    }
    throw new Error(`the server exited (code ${this.child.exitCode}, signal ${this.child.signalCode}):\n${this.text.slice(-3000)}`);
  }

  private signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    // A group is signalled even after its leader has gone: workerd may outlive wrangler.
    if (pid === undefined || (!this.group && !this.running)) return;
    try {
      process.kill(this.group ? -pid : pid, signal);
    } catch {
      // Gone already.
    }
  }

  /** Stops it: SIGTERM (serve.ts then stops wrangler and workerd), SIGKILL if it has not gone after a grace period. */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.signal("SIGTERM");
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.exited, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    if (this.running || this.group) this.signal("SIGKILL");
    await this.exited;
  }

  /** SIGKILL now, without waiting (a process's exit handler). */
  kill(): void {
    this.signal("SIGKILL");
  }

  /**
   * A crash: every process group under it (serve.ts runs wrangler and workerd in their own) is
   * killed with SIGKILL at once, no shutdown; resolves once the server's own process has exited.
   */
  async crash(): Promise<void> {
    const pid = this.child.pid;
    if (pid !== undefined) {
      for (const child of childrenOf(pid)) {
        try {
          process.kill(-child, "SIGKILL");
        } catch {
          // Not a group leader.
        }
      }
    }
    await this.exited;
  }

  /** Resolves when the process has exited. */
  exit(): Promise<void> {
    return this.exited;
  }
}

/** The direct children of a process. */
function childrenOf(pid: number): number[] {
  const listed = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  return listed.split(/\s+/).filter(Boolean).map(Number);
}

export interface ServeOptions {
  /** Its port; left out, a free one (another if that is taken before the server binds it). */
  port?: number;
  /** serve.ts's PERSIST_DIR: the local D1 state folder. */
  persistDir: string;
  /** More of serve.ts's settings (ROUND_SECONDS, WATCHDOG_SECONDS). */
  env?: Record<string, string>;
  readyTimeoutMs?: number;
  onOutput?: (chunk: Buffer) => void;
}

/** The product as `npm run serve` runs it (scripts/serve.ts), on `port` with its own D1 folder; returns at once. */
export function spawnProduct(options: ServeOptions & { port: number }): LocalServer {
  return LocalServer.spawn({
    args: [path.join(projectRoot, "scripts/serve.ts")],
    port: options.port,
    env: { ...process.env, PORT: String(options.port), PERSIST_DIR: options.persistDir, ...options.env },
    readyTimeoutMs: options.readyTimeoutMs,
    onOutput: options.onOutput,
  });
}

/**
 * The product, started and answering. A port taken between the choice and the server binding it
 * (another local server starting at the same moment, or the last process of a killed one) is
 * waited for and tried again when given, or replaced by another free one when not.
 */
export function startProduct(options: ServeOptions): Promise<LocalServer> {
  const { port } = options;
  if (port !== undefined) return retryWhilePortTaken(() => spawnProduct({ ...options, port }).answering());
  return retryWhilePortTaken(async () => spawnProduct({ ...options, port: await freePort() }).answering(), 3, 0);
}

/**
 * Runs `start` again while it fails because its port is taken (the last process of a killed
 * server still holding it, or another local server starting at the same moment), pausing between.
 */
export async function retryWhilePortTaken<T>(start: () => Promise<T>, attempts = 4, pauseMs = 1000): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (attempt >= attempts || !/Address already in use|EADDRINUSE/.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
