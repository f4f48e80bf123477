// Seeding, straight into the local D1 file (the server is stopped meanwhile): seeded random
// ranked rounds of a day with the aggregates they add up to, and facts about the file.
import { DatabaseSync } from "node:sqlite";
import { type Xoshiro128, createRng } from "../../shared/rng.ts";
import { d1File, d1Files } from "../lib/server.ts";
import { foundFromRanks } from "../../worker/services/found-set.ts";
import { dayStart } from "../../shared/calendar.ts";
import { SEED, persist } from "./settings.ts";
import { progress } from "./progress.ts";

export interface SolutionWord {
  word: string;
  points: number;
}

export const databaseFile = () => d1File(persist);

/** The seeded generator of one part of the data: SCALE_SEED and a label (a day, a step) pick it. */
export const seeded = (label: string): Xoshiro128 => createRng(`${SEED}:${label}`);
/** A number in [0, 1) from the seeded generator. */
export const unit = (rng: Xoshiro128): number => rng.next() / 4294967296;
/** A version-4-shaped UUID from the seeded generator (ids of seeded players and rounds). */
export function seededUuid(rng: Xoshiro128): string {
  const hex = Array.from({ length: 4 }, () => rng.next().toString(16).padStart(8, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${"89ab"[rng.random(4)]}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Seeded random ranked rounds of one day, and the day's aggregates they add up to, as seeding writes them. */
export class SeededRounds {
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
export const MERGE_TARGETS = 101;

/**
 * Adds rounds `from`..`to` (exclusive) of `date`, each a new player, with the day's aggregates,
 * and MERGE_TARGETS rounds of new players that hold no word yet: their ids.
 */
export function seed(date: string, solution: SolutionWord[], from: number, to: number): string[] {
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
export function storage(): { perRound: number; fileBytes: number; rounds: number } {
  const db = new DatabaseSync(databaseFile(), { timeout: 10_000 });
  const rounds = (db.prepare("select count(*) as n from rounds").get() as { n: number }).n;
  const names = ["rounds", "sqlite_autoindex_rounds_1", "rounds_player_puzzle_ranked", "rounds_leaderboard"];
  const bytes = (db.prepare(`select sum(pgsize) as b from dbstat where name in (${names.map(() => "?").join(",")})`).get(...names) as { b: number }).b;
  const page = db.prepare("pragma page_size").get() as { page_size: number };
  const count = db.prepare("pragma page_count").get() as { page_count: number };
  db.close();
  return { perRound: bytes / rounds, fileBytes: page.page_size * count.page_count, rounds };
}

export function solutionOf(date: string): SolutionWord[] {
  const db = new DatabaseSync(databaseFile(), { readOnly: true, timeout: 10_000 });
  const row = db.prepare("select solution from puzzles where date = ?").get(date) as { solution: string };
  db.close();
  return JSON.parse(row.solution) as SolutionWord[];
}

/** Over every shard: the bytes in use, the rounds still in D1, and the summaries (each on its player's shard). */
export function dbFacts(): { bytesInUse: number; roundsInD1: number; summaries: number } {
  const facts = { bytesInUse: 0, roundsInD1: 0, summaries: 0 };
  for (const file of d1Files(persist)) {
    const db = new DatabaseSync(file, { readOnly: true, timeout: 10_000 });
    const one = (sql: string) => Object.values(db.prepare(sql).get() as Record<string, number>)[0];
    facts.bytesInUse += (one("pragma page_count") - one("pragma freelist_count")) * one("pragma page_size");
    facts.roundsInD1 += one("select count(*) from rounds");
    facts.summaries += one("select count(*) from player_summaries");
    db.close();
  }
  return facts;
}

/** One ranked round of the day for each player of the pool, with the day's aggregates. */
export function seedPoolDay(date: string, solution: SolutionWord[], pool: readonly string[]): void {
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
