// The day's puzzle, the one way to get it: from this isolate's memory, else D1, else computed
// (curated, solved) and stored. Parsed puzzles are kept per isolate so the hot path (word checks)
// reads no solution from D1; callers never see where a puzzle came from.
import { sql } from "drizzle-orm";
import { type Board, type DayWordsPayload, type FoundWord, LANGUAGES, type LanguageCode, type Rules, type Totals, boardFromRows, boardRows, dailyPuzzle, dayWordsPayload, getRules } from "#engine";
import { keyDate, keyLanguage } from "#game/puzzle-key.ts";
import type { Db } from "../db/client.ts";
import { homeDb } from "../db/shards.ts";
import { findPuzzles, insertPuzzles } from "./queries.ts";
import type { NewPuzzleRow, PuzzleRow } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { DomainError } from "../domain-error.ts";
import { closesAt, numberOf, opensAt } from "./days.ts";
import { blocklistOf, lexiconOf } from "./engine.ts";
import { isolateCache } from "../isolate-memory.ts";
import { spellingsOf } from "./spellings.ts";

export const MIN_SECRET_LENGTH = 16;

export interface Puzzle {
  /** The board's key (shared/game/puzzle-key.ts): its day, and its language unless English. */
  key: string;
  date: string;
  lang: LanguageCode;
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
  /** What the API calls this board by: `2026-11-25`, `2026-11-25-fr`. */
  id: string;
  date: string;
  /** The board's language (its words, dice and letters). */
  lang: LanguageCode;
  number: number;
  board: string[][];
  rules: string;
  totals: Totals;
  opensAt: string;
  closesAt: string;
}

export interface PuzzleOptions {
  now?: number;
  /**
   * The caller is about to write rows that reference the day's row (a round): read it from D1
   * (storing it when missing) even when this isolate remembers the puzzle, because memory can
   * outlive a database's rows (a test's fresh database; never in production, where no row is
   * deleted).
   */
  stored?: boolean;
}

/** The secret that seeds the boards; without it (or with a guessable one) no puzzle is served (503). */
export function dailySecret(env: Env): string {
  const secret = env.DAILY_SECRET;
  if (!secret) throw new DomainError("unavailable", "puzzles are unavailable: the server has no DAILY_SECRET configured");
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new DomainError("unavailable", `puzzles are unavailable: DAILY_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

/** More than the largest archive page (60 days) with today and tomorrow: browsing the archive evicts no day in play. */
const CACHE_SIZE = 64;
const cache = isolateCache<string, Puzzle>();
/** Days being loaded now: simultaneous misses of a day share one load. */
const loading = isolateCache<string, Promise<Puzzle | undefined>>();

function remember(puzzle: Puzzle): Puzzle {
  cache.delete(puzzle.key);
  cache.set(puzzle.key, puzzle);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return puzzle;
}

function fromRow(row: PuzzleRow): Puzzle {
  const words = row.solution;
  const lang = keyLanguage(row.date);
  return {
    key: row.date,
    date: keyDate(row.date),
    lang,
    number: row.number,
    board: boardFromRows(row.board, LANGUAGES[lang].boardLetters),
    rules: getRules(row.rules),
    totals: { words: row.words, points: row.points, commonWords: row.commonWords, commonPoints: row.commonPoints },
    words,
    byWord: new Map(words.map((w) => [w.word, w])),
    rankOf: new Map(words.map((w, rank) => [w.word, rank])),
  };
}

async function computeRow(env: Env, secret: string, key: string, now: number): Promise<NewPuzzleRow> {
  const language = LANGUAGES[keyLanguage(key)];
  const daily = await dailyPuzzle(secret, keyDate(key), lexiconOf(language.code), blocklistOf(language.code), language);
  const { totals } = daily.compact;
  return {
    date: key,
    number: numberOf(env, key),
    board: boardRows(daily.board),
    rules: language.rules.name,
    attempts: daily.attempts,
    words: totals.words,
    points: totals.points,
    commonWords: totals.commonWords,
    commonPoints: totals.commonPoints,
    // The flat solution writes its own JSON (no word, path or object is built for the
    // precompute), so it goes in as text rather than through the column's JSON.stringify.
    solution: sql`${daily.compact.wordsJson()}`,
    createdAt: now,
  };
}

/**
 * The days' puzzles from D1, computing and storing the missing ones. Storing is INSERT .. ON
 * CONFLICT DO NOTHING and then a read of the stored rows, so concurrent first requests agree on
 * one row (and, the computation being deterministic, on its content anyway).
 */
async function loadPuzzles(env: Env, secret: string, db: Db, dates: readonly string[], now: number): Promise<Map<string, Puzzle>> {
  if (dates.length === 0) return new Map();
  const stored = await findPuzzles(db, dates);
  const absent = dates.filter((d) => !stored.some((row) => row.date === d));
  const created = absent.length > 0 ? await insertPuzzles(db, await Promise.all(absent.map((d) => computeRow(env, secret, d, now)))) : [];
  return new Map([...stored, ...created].map((row) => [row.date, remember(fromRow(row))]));
}

/** The puzzles of the given days (at most 100), in the given order. */
export async function getPuzzles(env: Env, db: Db, dates: readonly string[], options: PuzzleOptions = {}): Promise<Puzzle[]> {
  const secret = dailySecret(env);
  const now = options.now ?? Date.now();
  // Take the remembered days first: loading the others may evict some of them from the small cache.
  const remembered = new Map(
    options.stored
      ? []
      : dates.flatMap((d) => {
          const puzzle = cache.get(d);
          return puzzle === undefined ? [] : [[d, puzzle] as const];
        }),
  );
  const missing = dates.filter((d) => !remembered.has(d));
  // A caller about to write needs its own read of the stored row; others join a load under way.
  const joined = options.stored ? [] : missing.filter((d) => loading.has(d));
  const own = missing.filter((d) => !joined.includes(d));
  const batch = loadPuzzles(env, secret, db, own, now);
  for (const d of own) {
    const one = batch.then((m) => m.get(d));
    loading.set(d, one);
    void one.catch(() => undefined).finally(() => loading.get(d) === one && loading.delete(d));
  }
  const loaded = new Map(await batch);
  for (const d of joined) {
    const puzzle = await loading.get(d);
    if (puzzle !== undefined) loaded.set(d, puzzle);
  }
  return dates.map((d) => {
    const puzzle = loaded.get(d) ?? remembered.get(d);
    if (puzzle === undefined) throw new Error(`puzzle ${d} was not stored`);
    return puzzle;
  });
}

export async function getPuzzle(env: Env, db: Db, date: string, options: PuzzleOptions = {}): Promise<Puzzle> {
  const [puzzle] = await getPuzzles(env, db, [date], options);
  return puzzle;
}

/**
 * The day's row on a player's shard too, where their rounds reference it: copied from shard 0
 * (which stores it first if need be), so every shard holds the same bytes as the authority.
 */
export async function storePuzzleOn(env: Env, shard: Db, date: string, now: number): Promise<void> {
  const home = homeDb(env);
  let rows = await findPuzzles(home, [date]);
  if (rows.length === 0) {
    await getPuzzle(env, home, date, { now, stored: true });
    rows = await findPuzzles(home, [date]);
  }
  await insertPuzzles(shard, rows);
}

export function puzzleView(puzzle: Puzzle): PuzzleView {
  return {
    id: puzzle.key,
    date: puzzle.date,
    lang: puzzle.lang,
    number: puzzle.number,
    board: boardRows(puzzle.board),
    rules: puzzle.rules.name,
    totals: puzzle.totals,
    opensAt: new Date(opensAt(puzzle.key)).toISOString(),
    closesAt: new Date(closesAt(puzzle.key)).toISOString(),
  };
}

const dayWords = isolateCache<string, Promise<DayWordsPayload>>();

/**
 * The day's words as a page judges them (shared/engine/day-words.ts, with the language's accents), made
 * once per isolate and board: the puzzle's answer carries them on every page load.
 */
export function dayWordsOf(env: Env, puzzle: Puzzle): Promise<DayWordsPayload> {
  let payload = dayWords.get(puzzle.key);
  if (payload === undefined) {
    payload = spellingsOf(env.ASSETS, puzzle.lang).then((spellings) => dayWordsPayload(puzzle.key, puzzle.words, spellings));
    dayWords.set(puzzle.key, payload);
    if (dayWords.size > CACHE_SIZE) dayWords.delete(dayWords.keys().next().value as string);
  }
  return payload;
}
