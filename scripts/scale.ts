// npm run scale: how D1's work per operation grows with the day's players. Seeds a fresh local D1
// with N = 10k, 100k and 1M ranked rounds of today (straight into its SQLite file through the
// schema, in big transactions, with their aggregates), and after each step serves the product
// (scripts/scale/bench-worker.ts: the real app with a meter on D1) with wrangler dev and measures
// each operation: D1 statements, rows read and rows written (from D1's `meta`), and the time of
// the request (median of a few, local wrangler dev). Prints a Markdown table. Then simulates
// SCALE_DAYS days of retention, the archiving driven as production schedules it (one run of the
// every-minute cron's archiveTick per simulated minute, the same budget), and archives the seeded
// day of the largest step the same way: the hours to archive a day, measured and computed.
//
//   SCALE_STEPS=10000,100000,1000000   the N to measure (ascending)
//   SCALE_REPEAT=5                     requests per operation for the median time
//   SCALE_SEED=1                       seeds every random choice (rounds, ids): the same seed, the same data
//   SCALE_SECRET=...                   the Worker's DAILY_SECRET (a fixed default: the same boards on every clone)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { addDays, dayStart } from "../shared/calendar.ts";
import { type Xoshiro128, createRng } from "../shared/rng.ts";
import { freePort } from "./lib/ports.ts";
import { LocalServer, d1File, retryWhilePortTaken, wranglerBin, wranglerEnv } from "./lib/server.ts";
import { ARCHIVE_CRON, ARCHIVE_PAGES_PER_RUN, ARCHIVE_RUNS_PER_HOUR, runsToArchive } from "../worker/services/archive-pace.ts";
import { foundFromRanks } from "../worker/services/found-set.ts";
import { helpRequested, positiveIntegerSetting } from "./lib/usage.ts";

helpRequested(`
npm run scale

Seeds a fresh local D1 with N ranked rounds of today, serves the product behind a metered D1
binding and prints, per operation, D1 statements / rows read / rows written / median ms.

Settings (environment variables):
  SCALE_STEPS=10000,100000,1000000   the N to measure (ascending, each at least 10000)
  SCALE_REPEAT=5                     requests per operation for the median time
  SCALE_DAYS=60                      days of the retention simulation (after the steps)
  SCALE_DAY_PLAYERS=10000            players who play every one of those days
  SCALE_SEED=1                       seeds the seeded rounds and ids (same seed, same data)
  SCALE_SECRET=(fixed)               the Worker's DAILY_SECRET, at least 16 characters
`);

const root = path.resolve(import.meta.dirname, "..");
const STEPS = (process.env.SCALE_STEPS ?? "10000,100000,1000000").split(",").map(Number);
const REPEAT = positiveIntegerSetting("SCALE_REPEAT", 5);
const DAYS = positiveIntegerSetting("SCALE_DAYS", 60);
const DAY_PLAYERS = positiveIntegerSetting("SCALE_DAY_PLAYERS", 10_000);
/** The simulation stores puzzles of days long gone: the scale Worker's puzzle 1 is far back. */
const SCALE_LAUNCH = "2025-01-01";
const PAGE = 10;
const DEEP_PAGE = 1000;
const SEED = positiveIntegerSetting("SCALE_SEED", 1);
/** Fixed, so that a day's board (and so every count below) is the same on every clone. */
const secret = process.env.SCALE_SECRET || "tumbleword-scale-simulation-secret";
const persist = mkdtempSync(path.join(os.tmpdir(), "tumbleword-scale-"));

if (secret.length < 16) {
  console.error("SCALE_SECRET must be at least 16 characters");
  process.exit(2);
}
if (STEPS.some((n) => !Number.isInteger(n) || n < DEEP_PAGE * PAGE) || STEPS.some((n, i) => i > 0 && n <= STEPS[i - 1])) {
  console.error(`SCALE_STEPS must be ascending whole numbers of at least ${DEEP_PAGE * PAGE}`);
  process.exit(2);
}

// ---- progress bar (stderr), table (stdout)
let lastTenth = -1;
function progress(label: string, done: number, total: number): void {
  if (!process.stderr.isTTY) {
    // Not a terminal (a log): a plain line every 10 %.
    const tenth = Math.floor((10 * done) / Math.max(1, total));
    if (tenth !== lastTenth) process.stderr.write(`${tenth * 10}% ${label}\n`);
    lastTenth = done >= total ? -1 : tenth;
    return;
  }
  const width = 30;
  const filled = Math.round((width * done) / Math.max(1, total));
  process.stderr.write(`\r[${"#".repeat(filled)}${".".repeat(width - filled)}] ${String(Math.round((100 * done) / Math.max(1, total))).padStart(3)}% ${label}`.padEnd(90));
  if (done >= total) process.stderr.write("\n");
}
function note(text: string): void {
  process.stderr.write(`${text}\n`);
}

// ---- wrangler dev with the bench worker
let server: LocalServer | undefined;

async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop(5000);
}
process.on("exit", () => server?.kill());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopServer().then(() => process.exit(130));
  });
}

let base = "";

/** Starts the bench Worker on a free port; a port taken meanwhile by another program is tried again on another. */
async function startServer(): Promise<void> {
  server = await retryWhilePortTaken(
    async () => {
      const port = await freePort();
      return LocalServer.start({
        port,
        args: [
          wranglerBin, "dev", "scripts/scale/bench-worker.ts", "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", persist,
          "--var", `DAILY_SECRET:${secret}`, "--var", `LAUNCH_DATE:${SCALE_LAUNCH}`, "--show-interactive-dev-session=false", "--log-level", "error",
        ],
        env: wranglerEnv(),
        group: true,
        readyTimeoutMs: 120_000,
      });
    },
    3,
    0,
  );
  base = server.url;
}

// ---- requests
interface Measure {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  ms: number;
}

async function call(pathname: string, init: RequestInit & { cacheOff?: boolean } = {}): Promise<{ status: number; body: any; d1: [number, number, number]; ms: number }> {
  const headers = new Headers(init.headers);
  if (init.cacheOff) headers.set("X-Scale-Cache", "off");
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const started = performance.now();
  const res = await fetch(`${base}${pathname}`, { ...init, headers });
  const text = await res.text();
  const ms = performance.now() - started;
  const d1 = (res.headers.get("X-D1") ?? "0 0 0").split(" ").map(Number) as [number, number, number];
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (res.status >= 400) throw new Error(`${init.method ?? "GET"} ${pathname}: ${res.status} ${text}`);
  return { status: res.status, body, d1, ms };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Runs an operation REPEAT times: the D1 counts of the first run (a merge repeated finds its words
 * stored and writes nothing), the median time.
 */
async function measure(run: () => Promise<{ d1: [number, number, number]; ms: number }>): Promise<Measure> {
  const times: number[] = [];
  let first: [number, number, number] | undefined;
  for (let i = 0; i < REPEAT; i++) {
    const result = await run();
    times.push(result.ms);
    first ??= result.d1;
  }
  const [statements, rowsRead, rowsWritten] = first ?? [0, 0, 0];
  return { statements, rowsRead, rowsWritten, ms: median(times) };
}

// ---- seeding, straight into the local D1 file (the server is stopped meanwhile)
interface SolutionWord {
  word: string;
  points: number;
}

const databaseFile = () => d1File(persist);

/** The seeded generator of one part of the data: SCALE_SEED and a label (a day, a step) pick it. */
const seeded = (label: string): Xoshiro128 => createRng(`${SEED}:${label}`);
/** A number in [0, 1) from the seeded generator. */
const unit = (rng: Xoshiro128): number => rng.next() / 4294967296;
/** A version-4-shaped UUID from the seeded generator (ids of seeded players and rounds). */
function seededUuid(rng: Xoshiro128): string {
  const hex = Array.from({ length: 4 }, () => rng.next().toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${"89ab"[rng.random(4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Seeded random ranked rounds of one day, and the day's aggregates they add up to, as seeding writes them. */
class SeededRounds {
  private readonly histogram = new Map<number, number>();
  private readonly finders = new Map<number, number>();
  private readonly solution: readonly SolutionWord[];
  readonly rng: Xoshiro128;
  constructor(solution: readonly SolutionWord[], rng: Xoshiro128) {
    this.solution = solution;
    this.rng = rng;
  }

  /** A round of 0 to 60 words, about 20 on average, from the whole solution. */
  next(): { found: Uint8Array; score: number; words: number } {
    const rng = this.rng;
    const count = Math.min(this.solution.length, Math.floor(unit(rng) * unit(rng) * 60 + unit(rng) * 10));
    const ranks = new Set<number>();
    while (ranks.size < count) ranks.add(rng.random(this.solution.length));
    const list = [...ranks];
    const score = list.reduce((sum, r) => sum + this.solution[r].points, 0);
    this.histogram.set(score, (this.histogram.get(score) ?? 0) + 1);
    for (const r of list) this.finders.set(r, (this.finders.get(r) ?? 0) + 1);
    return { found: foundFromRanks(list), score, words: list.length };
  }

  /** A round just started: nothing found yet (counted at score 0, as a round start counts it). */
  empty(): { found: Uint8Array; score: number; words: number } {
    this.histogram.set(0, (this.histogram.get(0) ?? 0) + 1);
    return { found: foundFromRanks([]), score: 0, words: 0 };
  }

  /** Adds the rounds' aggregates to the day's (in the caller's transaction). */
  writeAggregates(db: DatabaseSync, date: string): void {
    const upsertScore = db.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, ?, ?) on conflict (puzzle_date, score) do update set rounds = rounds + excluded.rounds");
    for (const [score, n] of this.histogram) upsertScore.run(date, score, n);
    const upsertFinders = db.prepare("insert into word_finders (puzzle_date, word_rank, finders) values (?, ?, ?) on conflict (puzzle_date, word_rank) do update set finders = finders + excluded.finders");
    for (const [rank, n] of this.finders) upsertFinders.run(date, rank, n);
  }
}

/** Rounds started for the merge measurements of each step, each holding no word yet. */
const MERGE_TARGETS = 101;

/**
 * Adds rounds `from`..`to` (exclusive) of `date`, each a new player, with the day's aggregates,
 * and MERGE_TARGETS rounds of new players that hold no word yet: their ids.
 */
function seed(date: string, solution: SolutionWord[], from: number, to: number): string[] {
  const db = new DatabaseSync(databaseFile(), { timeout: 10_000 });
  const insertPlayer = db.prepare("insert into players (id, name, created_at) values (?, ?, ?)");
  const insertRound = db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words) values (?, ?, ?, 1, ?, ?, ?, ?, ?)");
  const rounds = new SeededRounds(solution, seeded(`rounds ${date} ${from}`));
  const start = Date.now() - 3600_000;
  const CHUNK = 50_000;
  for (let i = from; i < to; i += CHUNK) {
    db.exec("begin");
    for (let n = i; n < Math.min(to, i + CHUNK); n++) {
      const player = seededUuid(rounds.rng);
      insertPlayer.run(player, `Seed ${n}`, start);
      const { found, score, words } = rounds.next();
      const startedAt = start + n;
      insertRound.run(seededUuid(rounds.rng), player, date, startedAt, startedAt + 180_000, found, score, words);
    }
    db.exec("commit");
    progress(`seeding rounds ${Math.min(to, i + CHUNK).toLocaleString("en")} of ${to.toLocaleString("en")}`, Math.min(to, i + CHUNK) - from, to - from);
  }
  const targets: string[] = [];
  db.exec("begin");
  for (let t = 0; t < MERGE_TARGETS; t++) {
    const player = seededUuid(rounds.rng);
    insertPlayer.run(player, `Target ${from}.${t}`, start);
    const { found, score, words } = rounds.empty();
    const startedAt = start + to + t;
    targets.push(seededUuid(rounds.rng));
    insertRound.run(targets[t], player, date, startedAt, startedAt + 180_000, found, score, words);
  }
  rounds.writeAggregates(db, date);
  db.exec("commit");
  db.close();
  return targets;
}

/** Bytes of the rounds table and its indexes per round (SQLite's dbstat), and the whole file. */
function storage(): { perRound: number; fileBytes: number; rounds: number } {
  const db = new DatabaseSync(databaseFile(), { timeout: 10_000 });
  const rounds = (db.prepare("select count(*) as n from rounds").get() as { n: number }).n;
  const names = ["rounds", "sqlite_autoindex_rounds_1", "rounds_player_puzzle_ranked", "rounds_leaderboard"];
  const bytes = (db.prepare(`select sum(pgsize) as b from dbstat where name in (${names.map(() => "?").join(",")})`).get(...names) as { b: number }).b;
  const page = db.prepare("pragma page_size").get() as { page_size: number };
  const count = db.prepare("pragma page_count").get() as { page_count: number };
  db.close();
  return { perRound: bytes / rounds, fileBytes: page.page_size * count.page_count, rounds };
}

// ---- the operations
type Row = [string, Measure[]];

async function measureAll(date: string, solution: SolutionWord[], n: number, targets: readonly string[]): Promise<Map<string, Measure>> {
  const out = new Map<string, Measure>();
  const json = (body: unknown) => JSON.stringify(body);
  // A player of the seeded day whose ranked round is over (for "your rank" and the solution).
  const seeded = (await call(`/api/__scale/cursor?date=${date}&offset=${Math.floor(n / 2)}`)).body.cursor as string;
  const seededRound = seeded.split(".")[2];

  // Round start: a new player's first request of the day (insert), then the same again (resume).
  // Each new player from an address of its own (the limit on new players per address).
  let address = 0;
  const newRound = async () => {
    const ip = `10.9.${address >> 8}.${address & 255}`;
    address++;
    const player = (await call("/api/players", { method: "POST", body: "{}", headers: { "CF-Connecting-IP": ip } })).body;
    return { player, round: await call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: { Authorization: `Bearer ${player.token}` } }) };
  };
  out.set("round start (new round)", await measure(async () => (await newRound()).round));
  const { player, round } = await newRound();
  out.set("round start (resume)", await measure(() => call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: { Authorization: `Bearer ${player.token}` } })));

  // A word: judged from the cached solution, answered with a receipt.
  const ticket = round.body.ticket as string;
  const words = solution.slice(0, REPEAT + 3).map((w) => w.word);
  let k = 0;
  out.set("word (accepted, with receipt)", await measure(() => call(`/api/rounds/${round.body.roundId}/words`, { method: "POST", body: json({ ticket, word: words[k++] }) })));
  const receipts: string[] = [];
  for (const word of words.slice(0, 3)) receipts.push((await call(`/api/rounds/${round.body.roundId}/words`, { method: "POST", body: json({ ticket, word }) })).body.receipt);
  out.set("sync request (3 receipts, queued)", await measure(() => call(`/api/rounds/${round.body.roundId}/receipts`, { method: "POST", body: json({ ticket, receipts }) })));

  // The consumer's merge, as at a round's end: one sync message of 3 words for a round that holds
  // none yet, and a batch of 100 such messages. The rounds were seeded for the purpose (started,
  // nothing found, no sync of theirs queued), so every word merged is new to its round: the first
  // run writes, whatever the seeded rounds or the day's board. (A repeat finds them stored.)
  const merge = async (messages: unknown[]) => {
    const started = performance.now();
    const res = await call("/api/__scale/merge", { method: "POST", body: json(messages) });
    return { d1: (res.body.d1 as string).split(" ").map(Number) as [number, number, number], ms: performance.now() - started };
  };
  const message = (roundId: string, first: number) => ({ roundId, date, ranked: true, words: [0, 1, 2].map((i) => solution[(first + i) % solution.length].word) });
  const single = message(targets[0], 0);
  out.set("sync merge (consumer, 1 message)", await measure(() => merge([single])));
  const messages = targets.slice(1, 101).map((roundId, i) => message(roundId, 3 * i));
  const batch = await measure(() => merge(messages));
  out.set("sync merge (consumer, 100 messages, per message)", { statements: batch.statements / 100, rowsRead: batch.rowsRead / 100, rowsWritten: batch.rowsWritten / 100, ms: batch.ms / 100 });

  // Reads, built (cache off), then page 1 from the edge cache.
  out.set(`leaderboard page 1 (${PAGE} rows)`, await measure(() => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`, { cacheOff: true })));
  const deep = (await call(`/api/__scale/cursor?date=${date}&offset=${(DEEP_PAGE - 1) * PAGE - 1}`)).body.cursor as string;
  out.set(`leaderboard page ${DEEP_PAGE} (by cursor)`, await measure(() => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}&cursor=${encodeURIComponent(deep)}`, { cacheOff: true })));
  await call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`);
  out.set("leaderboard page 1, from the edge cache", await measure(() => call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`)));
  const seededToken = await playerTokenOf(seededRound);
  out.set("your rank and percentile", await measure(() => call(`/api/puzzles/${date}/leaderboard/me`, { headers: { Authorization: `Bearer ${seededToken}` } })));
  out.set("solution with shares", await measure(() => call(`/api/puzzles/${date}/solution`, { cacheOff: true, headers: { Authorization: `Bearer ${seededToken}` } })));
  out.set("archive (30 days)", await measure(() => call("/api/puzzles?limit=30")));
  return out;
}

interface PlayerDay {
  messages: number;
  rowsRead: number;
  rowsWritten: number;
}
const TYPICAL_PLAYERS = 100;
const DAY_WORDS = 40;

/**
 * A typical day of play for 100 new players at once: create the player, start the ranked round,
 * find 40 words (judged and receipted: no D1), sync them at the round's end (the client sends one
 * sync per 50 receipts, none while the round runs: one queue message), the consumer's merge of
 * the 100 messages as one batch, then a few reads (the round again, your standing, your stats, a
 * leaderboard page). Rows written and queue messages per player. The sync is counted, not sent:
 * the local queue's consumer would merge it unmetered before the metered merge could.
 */
async function typicalPlayerDay(date: string, solution: SolutionWord[]): Promise<PlayerDay> {
  const json = (body: unknown) => JSON.stringify(body);
  let rowsWritten = 0;
  let rowsRead = 0;
  let messages = 0;
  const syncs: { roundId: string; date: string; ranked: boolean; words: string[]; at: number[] }[] = [];
  for (let p = 0; p < TYPICAL_PLAYERS; p++) {
    const ip = { "CF-Connecting-IP": `10.8.${p >> 8}.${p & 255}` };
    const created = await call("/api/players", { method: "POST", body: "{}", headers: ip });
    const auth = { Authorization: `Bearer ${created.body.token}` };
    const round = await call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: auth });
    const words: string[] = [];
    const at: number[] = [];
    for (let i = 0; i < DAY_WORDS; i++) {
      const word = solution[(p * 7 + i * 13) % solution.length].word;
      if (words.includes(word)) continue;
      const answer = await call(`/api/rounds/${round.body.roundId}/words`, { method: "POST", body: json({ ticket: round.body.ticket, word }) });
      rowsWritten += answer.d1[2];
      if (answer.body.accepted) {
        words.push(word);
        at.push(Date.now());
      }
    }
    messages += Math.ceil(words.length / 50);
    syncs.push({ roundId: round.body.roundId, date, ranked: true, words, at });
    for (const r of [created, round]) {
      rowsRead += r.d1[1];
      rowsWritten += r.d1[2];
    }
  }
  const merged = await call("/api/__scale/merge", { method: "POST", body: json(syncs) });
  const [, mergeRead, mergeWritten] = (merged.body.d1 as string).split(" ").map(Number);
  rowsRead += mergeRead;
  rowsWritten += mergeWritten;
  // A few reads after the round: none of them writes.
  const token = (await call(`/api/__scale/token/${playerOfRound(syncs[0].roundId)}`)).body.token as string;
  const auth = { Authorization: `Bearer ${token}` };
  for (const read of [
    call(`/api/puzzles/${date}/rounds`, { method: "POST", headers: auth }),
    call(`/api/puzzles/${date}/leaderboard/me`, { headers: auth }),
    call("/api/players/me/stats", { headers: auth }),
    call(`/api/puzzles/${date}/leaderboard?limit=${PAGE}`),
  ]) {
    const r = await read;
    rowsRead += r.d1[1] * TYPICAL_PLAYERS;
    rowsWritten += r.d1[2] * TYPICAL_PLAYERS;
  }
  return { messages: messages / TYPICAL_PLAYERS, rowsRead: rowsRead / TYPICAL_PLAYERS, rowsWritten: rowsWritten / TYPICAL_PLAYERS };
}

// ---- the retention simulation: DAYS days of DAY_PLAYERS players each, through the upkeep

interface SimulatedDay {
  date: string;
  /** Bytes of D1's pages in use after the day's upkeep (freed pages are reused, not counted). */
  bytesInUse: number;
  roundsInD1: number;
  summaries: number;
  upkeepRowsWritten: number;
}

function solutionOf(date: string): SolutionWord[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true, timeout: 10_000 });
  const row = db.prepare("select solution from puzzles where date = ?").get(date) as { solution: string };
  db.close();
  return JSON.parse(row.solution) as SolutionWord[];
}

function dbFacts(): { bytesInUse: number; roundsInD1: number; summaries: number } {
  const db = new DatabaseSync(databaseFile(), { readOnly: true, timeout: 10_000 });
  const one = (sql: string) => Object.values(db.prepare(sql).get() as Record<string, number>)[0];
  const facts = {
    bytesInUse: (one("pragma page_count") - one("pragma freelist_count")) * one("pragma page_size"),
    roundsInD1: one("select count(*) from rounds"),
    summaries: one("select count(*) from player_summaries"),
  };
  db.close();
  return facts;
}

/** One ranked round of the day for each player of the pool, with the day's aggregates. */
function seedPoolDay(date: string, solution: SolutionWord[], pool: readonly string[]): void {
  const db = new DatabaseSync(databaseFile(), { timeout: 10_000 });
  const insertRound = db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words) values (?, ?, ?, 1, ?, ?, ?, ?, ?)");
  const rounds = new SeededRounds(solution, seeded(`pool day ${date}`));
  const start = dayStart(date) + 3600_000;
  db.exec("begin");
  pool.forEach((player, n) => {
    const { found, score, words } = rounds.next();
    insertRound.run(seededUuid(rounds.rng), player, date, start + n, start + n + 180_000, found, score, words);
  });
  rounds.writeAggregates(db, date);
  db.exec("commit");
  db.close();
}

/** A settled day's answers (cache off): two leaderboard pages, the review list, one player's standing, the solution. */
async function settledAnswers(date: string, token: string): Promise<string[]> {
  const first = await call(`/api/puzzles/${date}/leaderboard?limit=100`, { cacheOff: true });
  const out = [JSON.stringify(first.body)];
  if (first.body.next) out.push(JSON.stringify((await call(`/api/puzzles/${date}/leaderboard?limit=100&cursor=${encodeURIComponent(first.body.next)}`, { cacheOff: true })).body));
  out.push(JSON.stringify((await call(`/api/puzzles/${date}/leaderboard?limit=100&review=1`, { cacheOff: true })).body));
  out.push(JSON.stringify((await call(`/api/puzzles/${date}/leaderboard/me`, { headers: { Authorization: `Bearer ${token}` } })).body));
  out.push(JSON.stringify((await call(`/api/puzzles/${date}/solution`, { cacheOff: true })).body));
  return out;
}

const value = (d1: string, i: number) => Number(d1.split(" ")[i]);

interface ArchiveRuns {
  /** Cron runs (one a minute) until the day was archived. */
  runs: number;
  /** The most subrequests (D1 calls, a batch one; R2 operations) and D1 statements of one run, its longest wall time (local). */
  maxSubrequests: number;
  maxStatements: number;
  maxMs: number;
  rowsWritten: number;
}

/**
 * The archiving runs as production schedules them: one run of archiveTick a minute (wrangler.toml's
 * every-minute cron, the same budget), from `from`, until `date` is archived. Runs within the
 * rest of the day at most; a day that takes longer has not kept pace: an error.
 */
async function archiveRunsUntil(date: string, from: number): Promise<ArchiveRuns> {
  const out: ArchiveRuns = { runs: 0, maxSubrequests: 0, maxStatements: 0, maxMs: 0, rowsWritten: 0 };
  const limit = 23 * ARCHIVE_RUNS_PER_HOUR;
  while (out.runs < limit) {
    const run = (await call(`/api/__scale/archive-run?now=${from + out.runs * (3600_000 / ARCHIVE_RUNS_PER_HOUR)}`)).body as { ran: boolean; archived: string[]; d1: string; subrequests: number; ms: number };
    out.runs += 1;
    out.maxSubrequests = Math.max(out.maxSubrequests, run.subrequests);
    out.maxStatements = Math.max(out.maxStatements, value(run.d1, 0));
    out.maxMs = Math.max(out.maxMs, run.ms);
    out.rowsWritten += value(run.d1, 2);
    if (run.archived.includes(date) || date === "") return out;
  }
  throw new Error(`${date} was not archived within ${limit} archiving runs: archiving does not keep pace`);
}

/**
 * DAYS days of play by a pool of DAY_PLAYERS players. An hour into each day the hourly upkeep
 * sends the settle probes (the day before yesterday is past its sync deadline), then the
 * every-minute archiving runs until that day has moved to R2. D1 then holds two days of rounds
 * at any time. The last archived day's answers are compared before and after the move.
 */
async function simulateRetention(today: string): Promise<{ days: SimulatedDay[]; identical: boolean; runs: ArchiveRuns[] }> {
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, i - DAYS - 5));
  await startServer();
  for (let i = 0; i < dates.length; i += 20) await call(`/api/__scale/puzzles?dates=${dates.slice(i, i + 20).join(",")}`);
  await stopServer();
  const poolIds = seeded("pool");
  const pool = Array.from({ length: DAY_PLAYERS }, () => seededUuid(poolIds));
  {
    const db = new DatabaseSync(databaseFile(), { timeout: 10_000 });
    const insert = db.prepare("insert into players (id, name, created_at) values (?, ?, ?)");
    db.exec("begin");
    pool.forEach((id, n) => insert.run(id, `Regular ${n}`, dayStart(dates[0])));
    db.exec("commit");
    db.close();
  }
  const days: SimulatedDay[] = [];
  const runs: ArchiveRuns[] = [];
  let identical = true;
  for (const [d, date] of dates.entries()) {
    seedPoolDay(date, solutionOf(date), pool);
    await startServer();
    const now = dayStart(date) + 3600_000;
    const leaving = d >= 2 ? dates[d - 2] : "";
    let written = value((await call(`/api/__scale/upkeep?now=${now}`)).body.d1, 2);
    if (d === dates.length - 1 && leaving !== "") {
      // The last day to leave: its answers once settled (from D1), then from R2.
      const token = (await call(`/api/__scale/token/${pool[0]}`)).body.token as string;
      written += value((await call(`/api/__scale/settle?now=${now}`)).body.d1, 2);
      const before = await settledAnswers(leaving, token);
      const archiving = await archiveRunsUntil(leaving, now);
      written += archiving.rowsWritten;
      runs.push(archiving);
      identical = JSON.stringify(before) === JSON.stringify(await settledAnswers(leaving, token));
    } else {
      const archiving = await archiveRunsUntil(leaving, now);
      written += archiving.rowsWritten;
      if (leaving !== "") runs.push(archiving);
    }
    await stopServer();
    days.push({ date, ...dbFacts(), upkeepRowsWritten: written });
    progress(`simulated days ${d + 1} of ${DAYS}`, d + 1, DAYS);
  }
  return { days, identical, runs };
}

/**
 * The archiving of the seeded day of `rounds` rounds under production scheduling: its probe
 * taken once its syncs are over, then the every-minute runs until it has left D1.
 */
async function archiveSeededDay(date: string): Promise<ArchiveRuns & { rounds: number }> {
  const db = new DatabaseSync(databaseFile(), { readOnly: true, timeout: 10_000 });
  const rounds = (db.prepare("select count(*) as n from rounds where puzzle_date = ?").get(date) as { n: number }).n;
  db.close();
  await startServer();
  const now = dayStart(date) + 2 * 86_400_000 + 3600_000;
  await call(`/api/__scale/probe-taken?date=${date}&now=${now}`);
  const archiving = await archiveRunsUntil(date, now);
  await stopServer();
  return { ...archiving, rounds };
}

const hours = (runs: number) => (runs / ARCHIVE_RUNS_PER_HOUR).toFixed(2);

/**
 * The archiving under production scheduling: measured on the seeded day (the largest step) and on
 * the simulation's days; computed for days of 1M and 10M rounds from the page model
 * (archive-pace.ts runsToArchive: pages a day at most, over pages a run), which the measured
 * days must not exceed.
 */
function archivingTable(seededDay: ArchiveRuns & { rounds: number }, simulated: ArchiveRuns[]): string[] {
  const most = (pick: (r: ArchiveRuns) => number) => Math.max(0, ...simulated.map(pick));
  const big = [1_000_000, 10_000_000];
  return [
    `| archiving under production scheduling: cron \`${ARCHIVE_CRON}\`, ${ARCHIVE_RUNS_PER_HOUR} runs an hour, ${ARCHIVE_PAGES_PER_RUN} pages a run | measured: seeded day of ${seededDay.rounds.toLocaleString("en")} rounds | measured: simulated days of ${DAY_PLAYERS.toLocaleString("en")} rounds (most) | ${big.map((n) => `computed: day of ${n / 1e6}M rounds`).join(" | ")} |`,
    "|---|---|---|---|---|",
    `| runs to archive the day | ${seededDay.runs} | ${most((r) => r.runs)} | ${big.map((n) => runsToArchive(n).toLocaleString("en")).join(" | ")} |`,
    `| runs at most by the page model | ${runsToArchive(seededDay.rounds)} | ${runsToArchive(DAY_PLAYERS)} | ${big.map((n) => runsToArchive(n).toLocaleString("en")).join(" | ")} |`,
    `| hours to archive the day | ${hours(seededDay.runs)} | ${hours(most((r) => r.runs))} | ${big.map((n) => hours(runsToArchive(n))).join(" | ")} |`,
    `| most subrequests in one run (D1 calls, a batch one, and R2 operations; 1,000 allowed) | ${seededDay.maxSubrequests} | ${most((r) => r.maxSubrequests)} | | |`,
    `| most D1 statements in one run | ${seededDay.maxStatements} | ${most((r) => r.maxStatements)} | | |`,
    `| longest run, ms (local wrangler dev) | ${seededDay.maxMs} | ${most((r) => r.maxMs)} | | |`,
  ];
}

let playerOfRound: (roundId: string) => string = () => "";
async function playerTokenOf(roundId: string): Promise<string> {
  return (await call(`/api/__scale/token/${playerOfRound(roundId)}`)).body.token;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(root, "dist/lexicon/english.bin"))) {
    spawnSync(process.execPath, [path.join(root, "scripts/build-lexicon.ts")], { cwd: root, stdio: "inherit" });
  }
  note(`Local D1 in ${persist}`);
  const migrated = spawnSync(process.execPath, [wranglerBin, "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { cwd: root, env: wranglerEnv(), encoding: "utf8" });
  if (migrated.status !== 0) throw new Error(`migrations failed:\n${migrated.stdout}${migrated.stderr}`);

  // The day's puzzle is stored by the product itself (first request), then read for seeding.
  await startServer();
  const today = (await call("/api/puzzles/today")).body as { date: string };
  const date = today.date;
  await call("/api/puzzles?limit=30");
  await stopServer();
  const solution = (() => {
    const db = new DatabaseSync(databaseFile(), { timeout: 10_000 });
    const row = db.prepare("select solution from puzzles where date = ?").get(date) as { solution: string };
    db.close();
    return JSON.parse(row.solution) as SolutionWord[];
  })();
  playerOfRound = (roundId) => {
    const db = new DatabaseSync(databaseFile(), { readOnly: true, timeout: 10_000 });
    const row = db.prepare("select player_id as p from rounds where id = ?").get(roundId) as { p: string };
    db.close();
    return row.p;
  };

  const results: Map<string, Measure>[] = [];
  const sizes: ReturnType<typeof storage>[] = [];
  const days: PlayerDay[] = [];
  let seededSoFar = 0;
  for (const n of STEPS) {
    const targets = seed(date, solution, seededSoFar, n);
    seededSoFar = n;
    sizes.push(storage());
    note(`N = ${n.toLocaleString("en")}: serving and measuring`);
    await startServer();
    results.push(await measureAll(date, solution, n, targets));
    days.push(await typicalPlayerDay(date, solution));
    await stopServer();
  }

  const fmt = (x: number) => (Number.isInteger(x) ? x.toLocaleString("en") : x.toFixed(2));
  const head = `| operation | ${STEPS.map((n) => `N = ${n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`}: statements / rows read / rows written / ms`).join(" | ")} |`;
  const lines = [head, `|---|${STEPS.map(() => "---").join("|")}|`];
  for (const name of results[0].keys()) {
    lines.push(`| ${name} | ${results.map((r) => {
      const m = r.get(name)!;
      return `${fmt(m.statements)} / ${fmt(m.rowsRead)} / ${fmt(m.rowsWritten)} / ${m.ms.toFixed(1)}`;
    }).join(" | ")} |`);
  }
  lines.push(`| storage: rounds table + its 3 indexes, bytes per round | ${sizes.map((s) => `${s.perRound.toFixed(0)} B (file ${(s.fileBytes / 1e6).toFixed(0)} MB)`).join(" | ")} |`);
  lines.push("", `| a typical player-day (new player, ${DAY_WORDS} words, the sync at the round's end, 4 reads), per player | ${STEPS.map((n) => `N = ${n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`}`).join(" | ")} |`);
  lines.push(`|---|${STEPS.map(() => "---").join("|")}|`);
  lines.push(`| queue messages | ${days.map((d) => fmt(d.messages)).join(" | ")} |`);
  lines.push(`| D1 rows written | ${days.map((d) => fmt(d.rowsWritten)).join(" | ")} |`);
  lines.push(`| D1 rows read | ${days.map((d) => fmt(d.rowsRead)).join(" | ")} |`);
  const simulation = await simulateRetention(date);
  const last = simulation.days[simulation.days.length - 1];
  const window = simulation.days[Math.min(simulation.days.length - 1, 2)];
  lines.push("", `| retention: ${DAYS} days, ${DAY_PLAYERS.toLocaleString("en")} players a day, upkeep an hour into each day | after day 3 | after day ${DAYS} |`);
  lines.push("|---|---|---|");
  lines.push(`| D1 bytes in use | ${window.bytesInUse.toLocaleString("en")} | ${last.bytesInUse.toLocaleString("en")} |`);
  lines.push(`| rounds in D1 | ${window.roundsInD1.toLocaleString("en")} | ${last.roundsInD1.toLocaleString("en")} |`);
  lines.push(`| player summaries | ${window.summaries.toLocaleString("en")} | ${last.summaries.toLocaleString("en")} |`);
  lines.push(`| upkeep D1 rows written that day, per player | ${(window.upkeepRowsWritten / DAY_PLAYERS).toFixed(2)} | ${(last.upkeepRowsWritten / DAY_PLAYERS).toFixed(2)} |`);
  lines.push(`| settled answers byte-identical before and after the move to R2 | | ${simulation.identical ? "yes" : "NO"} |`);
  lines.push("", `D1 bytes in use after each day: ${simulation.days.map((d) => Math.round(d.bytesInUse / 1024)).join(", ")} (KiB)`);
  lines.push("", ...archivingTable(await archiveSeededDay(date), simulation.runs));
  console.log(lines.join("\n"));
  if (!simulation.identical) process.exitCode = 1;
}

main()
  .then(async () => {
    await stopServer();
    rmSync(persist, { recursive: true, force: true });
    process.exit(process.exitCode ?? 0);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopServer();
    rmSync(persist, { recursive: true, force: true });
    process.exit(1);
  });
