// The day's puzzle: read from D1, or computed (curated, solved) and stored on first use.
// Parsed puzzles are cached per isolate: the hot path (word checks) reads no solution from D1.
import { type Board, type FoundWord, type Rules, type Totals, boardFromRows, boardRows, getRules } from "../../shared/index.ts";
import { dailyPuzzle } from "../../shared/daily.ts";
import type { Db } from "../db/client.ts";
import { findPuzzles, insertPuzzles, puzzleStored } from "../db/queries/puzzles.ts";
import type { PuzzleRow } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { closesAt, numberOf, opensAt } from "./days.ts";
import { BLOCKLIST, defaultLexicon } from "./engine.ts";

export const MIN_SECRET_LENGTH = 16;

export interface Puzzle {
  date: string;
  number: number;
  board: Board;
  rules: Rules;
  totals: Totals;
  /** The full solution, alphabetical. */
  words: FoundWord[];
  byWord: ReadonlyMap<string, FoundWord>;
  /** Each word's rank: its index in `words`, the bit that stands for it in a round's found set. */
  rankOf: ReadonlyMap<string, number>;
}

/** What anyone may see of a puzzle (no word of its solution). */
export interface PuzzleView {
  date: string;
  number: number;
  board: string[][];
  rules: string;
  totals: Totals;
  opensAt: string;
  closesAt: string;
}

/** The secret that seeds the boards; without it (or with a guessable one) no puzzle is served. */
export function dailySecret(env: Env): string {
  const secret = env.DAILY_SECRET;
  if (!secret) throw new ApiError(503, "unavailable", "puzzles are unavailable: the server has no DAILY_SECRET configured");
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ApiError(503, "unavailable", `puzzles are unavailable: DAILY_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

const CACHE_SIZE = 16;
const cache = new Map<string, Puzzle>();

function remember(puzzle: Puzzle): Puzzle {
  cache.delete(puzzle.date);
  cache.set(puzzle.date, puzzle);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return puzzle;
}

function fromRow(row: PuzzleRow): Puzzle {
  const words = JSON.parse(row.solution) as FoundWord[];
  return {
    date: row.date,
    number: row.number,
    board: boardFromRows(JSON.parse(row.board) as string[][]),
    rules: getRules(row.rules),
    totals: { words: row.words, points: row.points, commonWords: row.commonWords, commonPoints: row.commonPoints },
    words,
    byWord: new Map(words.map((w) => [w.word, w])),
    rankOf: new Map(words.map((w, rank) => [w.word, rank])),
  };
}

async function computeRow(env: Env, date: string, now: number): Promise<PuzzleRow> {
  const daily = await dailyPuzzle(dailySecret(env), date, defaultLexicon(), BLOCKLIST);
  // The flat solution writes its own JSON: no word, path or object is built for the precompute.
  const { totals } = daily.compact;
  return {
    date,
    number: numberOf(env, date),
    board: JSON.stringify(boardRows(daily.board)),
    rules: "classic",
    attempts: daily.attempts,
    words: totals.words,
    points: totals.points,
    commonWords: totals.commonWords,
    commonPoints: totals.commonPoints,
    solution: daily.compact.wordsJson(),
    createdAt: now,
  };
}

/**
 * The puzzles of the given days (at most 100), in the given order, from D1, computing and storing
 * the missing ones. Storing is INSERT .. ON CONFLICT DO NOTHING and then a read of the stored
 * rows, so concurrent first requests agree on one row (and, the computation being deterministic,
 * on its content anyway).
 */
export async function loadPuzzles(env: Env, db: Db, dates: readonly string[], now = Date.now()): Promise<Puzzle[]> {
  dailySecret(env);
  const stored = await findPuzzles(db, dates);
  const absent = dates.filter((d) => !stored.some((row) => row.date === d));
  const created = absent.length > 0 ? await insertPuzzles(db, await Promise.all(absent.map((d) => computeRow(env, d, now)))) : [];
  const loaded = new Map([...stored, ...created].map((row) => [row.date, remember(fromRow(row))]));
  return dates.map((d) => {
    const puzzle = loaded.get(d);
    if (puzzle === undefined) throw new Error(`puzzle ${d} was not stored`);
    return puzzle;
  });
}

/** Like loadPuzzles, but days already parsed by this isolate are served from memory. */
export async function getPuzzles(env: Env, db: Db, dates: readonly string[], now = Date.now()): Promise<Puzzle[]> {
  dailySecret(env);
  // Take the cached days first: loading the others may evict some of them from the small cache.
  const cached = new Map(dates.flatMap((d) => {
    const puzzle = cache.get(d);
    return puzzle === undefined ? [] : [[d, puzzle] as const];
  }));
  const missing = dates.filter((d) => !cached.has(d));
  const loaded = new Map((await loadPuzzles(env, db, missing, now)).map((p) => [p.date, p]));
  return dates.map((d) => {
    const puzzle = loaded.get(d) ?? cached.get(d);
    if (puzzle === undefined) throw new Error(`puzzle ${d} was not loaded`);
    return puzzle;
  });
}

export async function getPuzzle(env: Env, db: Db, date: string, now = Date.now()): Promise<Puzzle> {
  const [puzzle] = await getPuzzles(env, db, [date], now);
  return puzzle;
}

/** Makes sure the day's row exists in D1 (rounds reference it), whatever this isolate cached. */
export async function ensureStored(env: Env, db: Db, date: string, now = Date.now()): Promise<Puzzle> {
  if (await puzzleStored(db, date)) return getPuzzle(env, db, date, now);
  const [puzzle] = await loadPuzzles(env, db, [date], now);
  return puzzle;
}

export function puzzleView(puzzle: Puzzle): PuzzleView {
  return {
    date: puzzle.date,
    number: puzzle.number,
    board: boardRows(puzzle.board),
    rules: puzzle.rules.name,
    totals: puzzle.totals,
    opensAt: new Date(opensAt(puzzle.date)).toISOString(),
    closesAt: new Date(closesAt(puzzle.date)).toISOString(),
  };
}
