// Load test (npm run loadtest): many players submit words concurrently to the locally served
// Worker (wrangler dev: workerd + local D1), then a reconciliation proves that every accepted word
// is stored exactly once, nothing else is stored, and every score is the sum of its stored words.
//
// By default it starts its own server (scripts/serve.ts) on a spare loopback port with a fresh
// local D1 folder, and stops it at the end. Settings (environment variables):
//   LOADTEST_URL=http://127.0.0.1:8787   use a running server instead (loopback only)
//   LOADTEST_DURATION=20                 seconds of load
//   LOADTEST_PLAYERS=200                 players (each with its ranked round of today)
//   LOADTEST_CONNECTIONS=32              concurrent connections
// Exits 0 when the reconciliation holds, 1 otherwise. `npm run loadtest -- --rooms` runs the live
// rooms' load test instead (scripts/loadtest-rooms.ts).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { Lexicon, RULES, boardFromRows, solve } from "../shared/index.ts";

const root = path.resolve(import.meta.dirname, "..");
const DURATION = Number(process.env.LOADTEST_DURATION ?? 20);
const PLAYERS = Number(process.env.LOADTEST_PLAYERS ?? 200);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 32);

// ---- autocannon (CommonJS, untyped): the part of its API used here.
interface Histogram {
  average: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}
interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface RawRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
type Context = Record<string, unknown>;
interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: {
    setupRequest: (req: RawRequest, context: Context) => RawRequest;
    onResponse: (status: number, body: string, context: Context) => void;
  }[];
}
type Autocannon = ((options: AutocannonOptions) => Promise<AutocannonResult> & { stop(): void }) & {
  printResult(result: AutocannonResult, options?: { renderLatencyTable?: boolean }): string;
};
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

// ---- the server under test
let server: ChildProcess | undefined;
let persistDir: string | undefined;

function stopServer(): void {
  if (server?.pid !== undefined && server.exitCode === null) {
    try {
      process.kill(server.pid, "SIGTERM");
    } catch {
      // gone already
    }
  }
}
process.on("exit", stopServer);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopServer();
    process.exit(130);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<string> {
  const port = await freePort();
  persistDir = mkdtempSync(path.join(os.tmpdir(), "tumbleword-loadtest-"));
  server = spawn(process.execPath, [path.join(root, "scripts/serve.ts")], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persistDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = `http://127.0.0.1:${port}`;
  await new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${output}`)), 180_000);
    server?.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    server?.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Tumbleword is running at")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server?.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}):\n${output}`));
    });
  });
  return url;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!(host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error(`LOADTEST_URL must be a loopback address (localhost, 127.x.x.x or [::1]), got ${host}`);
  }
}

// ---- the game state the load runs against
interface Player {
  playerId: string;
  token: string;
  roundId: string;
  sent: string[];
  accepted: Set<string>;
  /** Requests sent and not answered yet, by word. Left over at the end: no answer, outcome unknown. */
  inFlight: Map<string, number>;
}

async function api<T>(base: string, pathname: string, init: RequestInit = {}, status = [200, 201]): Promise<T> {
  const res = await fetch(`${base}${pathname}`, init);
  const text = await res.text();
  if (!status.includes(res.status)) throw new Error(`${init.method ?? "GET"} ${pathname}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

async function inBatches<T>(count: number, size: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += size) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, k) => make(i + k)))));
  }
  return out;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)];
}

async function main(): Promise<number> {
  const base = process.env.LOADTEST_URL ?? (await startServer());
  assertLoopback(base);
  console.log(`Load test against ${base}: ${PLAYERS} players, ${CONNECTIONS} connections, ${DURATION} s`);

  // Learn the valid words from the engine, as any client could (the board is public).
  const today = await api<{ date: string; board: string[][]; totals: { words: number; points: number } }>(base, "/api/puzzles/today");
  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon/english.bin")));
  const solution = solve(boardFromRows(today.board), lexicon, RULES.classic);
  if (solution.totals.words !== today.totals.words || solution.totals.points !== today.totals.points) {
    throw new Error("the local engine's solution does not match the served totals (is dist/lexicon up to date?)");
  }
  const points = new Map(solution.words.map((w) => [w.word, w.points]));
  const valid = solution.words.map((w) => w.word);
  const invalid = ["at", "xqzvwk", "zzzzzz", "qqq", "abcdefgh"].filter((w) => !points.has(w));

  // Players, each from its own client address: locally nothing sets CF-Connecting-IP (Cloudflare's
  // edge does, deployed), and player creation is rate limited per address.
  const players: Player[] = await inBatches(PLAYERS, 20, async (i) => {
    const ip = `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const created = await api<{ playerId: string; token: string }>(base, "/api/players", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
      body: JSON.stringify({ name: `Load ${i}` }),
    });
    const round = await api<{ roundId: string }>(base, "/api/puzzles/today/rounds", {
      method: "POST",
      headers: { Authorization: `Bearer ${created.token}` },
    });
    return { ...created, roundId: round.roundId, sent: [], accepted: new Set(), inFlight: new Map() };
  });

  const counts = { accepted: 0, rejected: 0, limited: 0, other: 0 };
  const run = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    requests: [
      {
        // 60% words of the solution, 20% words that do not count, 20% repeats of a sent word.
        setupRequest: (req, context) => {
          const player = pick(players);
          const roll = Math.random();
          const word = roll < 0.6 || player.sent.length === 0 ? pick(valid) : roll < 0.8 ? pick(invalid) : pick(player.sent);
          player.sent.push(word);
          player.inFlight.set(word, (player.inFlight.get(word) ?? 0) + 1);
          context.player = player;
          context.word = word;
          return {
            ...req,
            method: "POST",
            path: `/api/rounds/${player.roundId}/words`,
            headers: { "Content-Type": "application/json", Authorization: `Bearer ${player.token}` },
            body: JSON.stringify({ word }),
          };
        },
        onResponse: (status, body, context) => {
          const player = context.player as Player;
          const word = context.word as string;
          const left = (player.inFlight.get(word) ?? 1) - 1;
          if (left > 0) player.inFlight.set(word, left);
          else player.inFlight.delete(word);
          if (status === 200) {
            const answer = JSON.parse(body) as { accepted: boolean; points: number };
            if (answer.accepted) {
              counts.accepted++;
              player.accepted.add(word);
              if (answer.points !== points.get(word)) throw new Error(`wrong points for ${word}: ${body}`);
            } else {
              counts.rejected++;
              if (points.has(word)) throw new Error(`a word of the solution was rejected: ${body}`);
            }
          } else if (status === 429) {
            counts.limited++;
          } else {
            counts.other++;
          }
        },
      },
    ],
  });
  const result = await run;

  // ---- reconciliation
  const problems: string[] = [];
  let storedTotal = 0;
  let storedUnanswered = 0;
  let acceptedTotal = 0;
  const expectedScores: number[] = [];
  await inBatches(players.length, 20, async (i) => {
    const p = players[i];
    const round = await api<{ roundId: string; words: string[]; score: number; found: number }>(base, "/api/puzzles/today/rounds", {
      method: "POST",
      headers: { Authorization: `Bearer ${p.token}` },
    });
    const stored = new Set(round.words);
    storedTotal += round.words.length;
    acceptedTotal += p.accepted.size;
    if (stored.size !== round.words.length) problems.push(`player ${i}: a word is stored twice`);
    for (const w of p.accepted) if (!stored.has(w)) problems.push(`player ${i}: accepted "${w}" is not stored`);
    for (const w of stored) {
      if (p.accepted.has(w)) continue;
      if (p.inFlight.has(w)) storedUnanswered++;
      else problems.push(`player ${i}: "${w}" is stored but was never accepted`);
    }
    const sum = round.words.reduce((s, w) => s + (points.get(w) ?? Number.NaN), 0);
    if (round.score !== sum) problems.push(`player ${i}: score ${round.score} but stored words sum to ${sum}`);
    if (round.found !== round.words.length) problems.push(`player ${i}: found ${round.found} but ${round.words.length} words stored`);
    expectedScores.push(sum);
  });

  // The leaderboard holds exactly these scores.
  const board: number[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await api<{ entries: { score: number }[]; total: number }>(base, `/api/puzzles/today/leaderboard?limit=100&offset=${offset}`);
    board.push(...page.entries.map((e) => e.score));
    if (page.entries.length < 100) break;
  }
  const sorted = (xs: number[]) => [...xs].sort((a, b) => b - a).join(",");
  if (!process.env.LOADTEST_URL && sorted(board) !== sorted(expectedScores)) problems.push("leaderboard scores differ from the stored words' sums");

  // In the server's own database: every ranked round's score is the sum of its stored words.
  let dbCheck = "skipped (external server)";
  if (persistDir !== undefined) {
    const sql =
      "select count(*) as bad from rounds r where r.score != (select coalesce(sum(points), 0) from round_words w where w.round_id = r.id) " +
      "or r.words != (select count(*) from round_words w where w.round_id = r.id)";
    const out = execFileSync(
      process.execPath,
      [path.join(root, "node_modules/wrangler/bin/wrangler.js"), "d1", "execute", "DB", "--local", "--persist-to", persistDir, "--json", "--command", sql],
      { cwd: root, env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] },
    );
    const bad = (JSON.parse(out) as { results: { bad: number }[] }[])[0].results[0].bad;
    dbCheck = bad === 0 ? "every round's score = sum of its stored words" : `${bad} rounds disagree`;
    if (bad !== 0) problems.push(`database: ${bad} rounds' scores differ from their stored words`);
  }

  // ---- report
  const unknownTotal = players.reduce((s, p) => s + [...p.inFlight.values()].reduce((a, b) => a + b, 0), 0);
  console.log(autocannon.printResult(result, { renderLatencyTable: false }));
  const rows: [string, string][] = [
    ["requests", `${result.requests.total} in ${result.duration.toFixed(1)} s`],
    ["requests/s (mean)", result.requests.average.toFixed(0)],
    ["latency p50 / p90 / p99", `${result.latency.p50} / ${result.latency.p90} / ${result.latency.p99} ms`],
    ["answers", `${counts.accepted} accepted, ${counts.rejected} rejected, ${counts.limited} rate-limited, ${counts.other} other`],
    ["errors / timeouts", `${result.errors} / ${result.timeouts}`],
    ["distinct words accepted", String(acceptedTotal)],
    ["words stored", String(storedTotal)],
    ["leaderboard entries", String(board.length)],
    ["database check", dbCheck],
    ["in flight at the stop", `${unknownTotal} requests, ${storedUnanswered} of their words stored (allowed: never answered)`],
    ["reconciliation", problems.length === 0 ? "OK: every accepted word stored once, nothing else, scores = sums" : `FAILED (${problems.length} problems)`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n"));
  for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
  return problems.length === 0 ? 0 : 1;
}

// `--rooms`: the live rooms' WebSocket load test instead (scripts/loadtest-rooms.ts).
(process.argv.includes("--rooms") ? import("./loadtest-rooms.ts").then((rooms) => rooms.runRoomsLoadtest()) : main())
  .then((code) => {
    stopServer();
    if (persistDir) rmSync(persistDir, { recursive: true, force: true });
    process.exit(code);
  })
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    stopServer();
    process.exit(1);
  });
