// Requests through the Worker's own fetch (real routing, middleware and D1), and test fixtures.
import { env, exports } from "cloudflare:workers";
import { expect, vi } from "vitest";
import { type Rng, addDays, createRng, traceWord, utcDate } from "#engine";
import { database } from "#worker/db/client.ts";
import { allShardD1s, shardCount, shardD1, shardOfPlayer } from "#worker/db/shards.ts";
import { defaultLexicon } from "#worker/puzzles/engine.ts";
import type { PlayerSummaryData } from "#worker/db/schema.ts";
import { type Puzzle, getPuzzle } from "#worker/puzzles/puzzles.ts";

export const ORIGIN = "https://tumbleword.test";

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/** A request through the Worker's fetch handler. Each call gets its own client IP unless given. */
export function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set("CF-Connecting-IP", options.ip ?? randomIp());
  if (options.token !== undefined) headers.set("Authorization", `Bearer ${options.token}`);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(options.json);
  }
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body }));
}

/** Response bodies, read loosely: each test asserts the fields it needs. */
export type Json = any;

export async function callJson(path: string, options: CallOptions = {}, status = 200): Promise<Json> {
  const res = await call(path, options);
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text);
}

/** Asserts the API's error shape and code. */
export async function expectError(res: Response, status: number, code: string): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  const body = JSON.parse(text);
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  expect(body.error.message.length).toBeGreaterThan(0);
}

let addresses: Rng | undefined;
/**
 * A client address of its own for each call (10.x.y.z), so one test's per-address rate limits
 * never reach another's: drawn from a generator seeded by the test file's path, the same
 * addresses on every run, and other files' differ.
 */
export function randomIp(): string {
  addresses ??= createRng(expect.getState().testPath ?? "worker tests");
  const byte = () => addresses!.random(254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export function today(): string {
  return utcDate(Date.now());
}

export function yesterday(): string {
  return addDays(today(), -1);
}

export function tomorrow(): string {
  return addDays(today(), 1);
}

export interface TestPlayer {
  playerId: string;
  token: string;
}

export async function newPlayer(name?: string): Promise<TestPlayer> {
  return callJson("/api/players", { json: name === undefined ? {} : { name } }, 201);
}

/** A new player whose rows live on a shard `wanted` accepts (player ids are random: made until one does). */
export async function newPlayerWhere(wanted: (shard: number) => boolean, name?: string): Promise<TestPlayer> {
  const n = shardCount(env);
  for (let attempt = 0; attempt < 100; attempt++) {
    const player = await newPlayer(name);
    if (wanted(shardOfPlayer(player.playerId, n))) return player;
  }
  throw new Error(`no player on a wanted shard in 100 tries: is there one shard?`);
}

/** A new player whose rows live on another shard than `playerId`'s. */
export async function newPlayerOnAnotherShard(playerId: string, name?: string): Promise<TestPlayer> {
  const theirs = shardOfPlayer(playerId, shardCount(env));
  return newPlayerWhere((shard) => shard !== theirs, name);
}

export async function startRound(player: TestPlayer, date = "today"): Promise<Json> {
  const res = await call(`/api/puzzles/${date}/rounds`, { method: "POST", token: player.token });
  expect([200, 201]).toContain(res.status);
  return res.json();
}

/** Sends a word of a round (started with startRound: it carries the round's ticket). */
export async function submit(round: Json, word: string): Promise<Json> {
  return callJson(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word } });
}

/** Syncs receipts of a round; the answer says how many words were queued and which receipts were refused. */
export async function sync(round: Json, receipts: string[], status = 202): Promise<Json> {
  return callJson(`/api/rounds/${round.roundId}/receipts`, { json: { ticket: round.ticket, receipts } }, status);
}

export interface StoredRound {
  score: number;
  words: number;
  found: number[];
}

/** A round as stored, from whichever shard holds it (a round id does not name its shard). */
export async function storedRound(roundId: string): Promise<StoredRound | null> {
  const rows = await Promise.all(allShardD1s(env).map((d1) => d1.prepare("select score, words, found from rounds where id = ?").bind(roundId).first<StoredRound>()));
  return rows.find((row) => row !== null) ?? null;
}

/** Waits until the queue consumer has stored at least `words` words for the round. */
export async function waitForStored(roundId: string, words: number): Promise<StoredRound> {
  return vi.waitFor(
    async () => {
      const row = await storedRound(roundId);
      if (row === null || row.words < words) throw new Error(`round ${roundId}: ${row?.words ?? "no row"} of ${words} words stored`);
      return row;
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** Starts the player's round, finds the words (each gets a receipt), syncs them and waits until stored. */
export async function play(player: TestPlayer, words: readonly string[], date = "today"): Promise<Json> {
  const round = await startRound(player, date);
  const receipts: string[] = [];
  for (const word of words) {
    const answer = await submit(round, word);
    expect(answer.accepted, word).toBe(true);
    receipts.push(answer.receipt);
  }
  if (receipts.length > 0) {
    await sync(round, receipts);
    await waitForStored(round.roundId, new Set(words).size);
  }
  return round;
}

/** The stored puzzle (board and full solution) of a day, as the Worker has it. */
export async function puzzleOf(date: string): Promise<Puzzle> {
  return getPuzzle(env, database(env.DB), date);
}

/** Words of the solution, longest first (distinct points make score checks meaningful). */
export function solutionWords(puzzle: Puzzle, count: number): { word: string; points: number }[] {
  const words = [...puzzle.words].sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word));
  expect(words.length).toBeGreaterThanOrEqual(count);
  return words.slice(0, count).map(({ word, points }) => ({ word, points }));
}

export const NOT_A_WORD = "xqzvwk";

/** A real word of at least 3 letters that cannot be traced on the board. */
export function wordNotOnBoard(puzzle: Puzzle): string {
  const lexicon = defaultLexicon();
  const candidates = ["jazz", "pizza", "rhythm", "oxygen", "fizz", "buzz", "jukebox", "quiz", "zebra", "whisky", "sphinx", "xylophone"];
  const word = candidates.find((w) => lexicon.has(w) && !puzzle.byWord.has(w) && traceWord(puzzle.board, w) === null);
  if (word === undefined) throw new Error("no off-board candidate word");
  return word;
}

/** Moves a round's end into the past (by `ago` ms), as if its 3 minutes had run out. */
export async function endRound(roundId: string, ago: number): Promise<void> {
  await Promise.all(allShardD1s(env).map((d1) => d1.prepare("update rounds set ends_at = ? where id = ?").bind(Date.now() - ago, roundId).run()));
}

/** The D1 database of the shard that holds a player's rows (worker/db/shards.ts). */
export function playerShard(playerId: string): D1Database {
  return shardD1(env, shardOfPlayer(playerId, shardCount(env)));
}

/** Copies the stored puzzles of these boards from shard 0 to `d1` (rounds reference their puzzle on their shard). */
export async function copyPuzzles(d1: D1Database, boards: readonly string[]): Promise<void> {
  const statements = [];
  for (const board of boards) {
    const row = await env.DB.prepare("select * from puzzles where date = ?").bind(board).first<Record<string, unknown>>();
    if (row === null) throw new Error(`no stored puzzle for ${board}`);
    const columns = Object.keys(row);
    statements.push(d1.prepare(`insert or ignore into puzzles (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`).bind(...Object.values(row)));
  }
  await d1.batch(statements);
}

/** A count (`select count(*) as n ...`) on shard 0: the tables that are not kept by player. */
export async function countRows(sql: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(sql).bind(...params).first<{ n: number }>();
  return row?.n ?? 0;
}

/** The rows a query finds on every shard, shard 0's first: players, rounds and the days' counts live on their player's shard. */
export async function rowsEverywhere<T>(sql: string, ...params: unknown[]): Promise<T[]> {
  const answers = await Promise.all(allShardD1s(env).map((d1) => d1.prepare(sql).bind(...params).all<T>()));
  return answers.flatMap((answer) => answer.results);
}

/** A player's stored name (null where they have none, undefined where there is no such player), from whichever shard holds it. */
export const nameOf = async (playerId: string): Promise<string | null | undefined> =>
  (await rowsEverywhere<{ name: string | null }>("select name from players where id = ?", playerId))[0]?.name;

/** A count summed over every shard: players, rounds and the days' counts live on their player's shard. */
export async function countEverywhere(sql: string, ...params: unknown[]): Promise<number> {
  const rows = await Promise.all(allShardD1s(env).map((d1) => d1.prepare(sql).bind(...params).first<{ n: number }>()));
  return rows.reduce((sum, row) => sum + (row?.n ?? 0), 0);
}

/**
 * Runs `attempt` until it starts and ends within one wall-clock window of the rate limiter
 * (windows are aligned to multiples of the period): a run that straddles two windows proves
 * nothing about the limit, so it is run again with fresh keys.
 */
export async function withinOneWindow<T>(periodSeconds: number, attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; tries < 3; tries++) {
    // The limiter counts by the real clock; a dated run's Date is fake and lags behind it under load.
    const window = () => Math.floor(vi.getRealSystemTime() / (periodSeconds * 1000));
    const start = window();
    const result = await attempt();
    if (window() === start) return result;
  }
  throw new Error("could not run within one rate-limit window");
}

/** Sends `count` requests, `parallel` at a time; returns the statuses in the order sent. */
export async function statuses(count: number, parallel: number, send: () => Promise<Response>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i += parallel) {
    const batch = await Promise.all(Array.from({ length: Math.min(parallel, count - i) }, send));
    for (const res of batch) {
      await res.arrayBuffer();
      out.push(res.status);
    }
  }
  return out;
}

/** A UUID v4 from the generator (fixed ids: the same shards every run). */
export function uuid(rng: Rng): string {
  const part = (n: number) => Array.from({ length: n }, () => rng.random(16).toString(16)).join("");
  return `${part(8)}-${part(4)}-4${part(3)}-8${part(3)}-${part(12)}`;
}

/** Stores a player summary (as retention leaves it: the player's days through `through`) on the player's shard. */
export const storeSummary = (playerId: string, summary: PlayerSummaryData, through: string): Promise<D1Result> =>
  playerShard(playerId).prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, ?)").bind(playerId, JSON.stringify(summary), through).run();

/** A seeded generator of numbers in [0, 1) (mulberry32): a simulated day or a replay's moments, the same on every run. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
