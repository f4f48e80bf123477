// Seeding, straight into the local D1 files (the server is stopped meanwhile): seeded random
// ranked rounds of a day, each player and round on the player's shard with that shard's share of
// the day's counts (worker/db/shards.ts), and facts about the files.
import { DatabaseSync } from "node:sqlite";
import { type Xoshiro128, createRng, dayStart } from "#engine";
import { d1File, d1Files } from "../lib/server.ts";
import { shardOfPlayer } from "#worker/db/player-buckets.ts";
import { foundFromRanks } from "#worker/results/found-set.ts";
import { SEED, persist } from "./settings.ts";
import { type LocalD1, mainD1 } from "./local-d1.ts";
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

/**
 * Every shard's file open for seeding: a player's rows go to their shard, and each shard holds the
 * day's puzzle row its rounds reference (a copy of shard 0's, as the round start makes it).
 */
export class ShardFiles {
  readonly dbs: DatabaseSync[];
  constructor(d1: LocalD1 = mainD1) {
    this.dbs = d1Files(d1.persist, d1.config).map((file) => new DatabaseSync(file, { timeout: 10_000 }));
  }

  /** The index of the shard that holds the player's rows. */
  shardOf(playerId: string): number {
    return shardOfPlayer(playerId, this.dbs.length);
  }

  /** The day's puzzle row from shard 0 on every other shard (before rounds of the day are seeded there). */
  copyPuzzle(date: string): void {
    const row = this.dbs[0]!.prepare("select * from puzzles where date = ?").get(date) as Record<string, string | number> | undefined;
    if (row === undefined) throw new Error(`no puzzle of ${date} on shard 0 to seed rounds of`);
    const columns = Object.keys(row);
    for (const db of this.dbs.slice(1)) {
      db.prepare(`insert or ignore into puzzles (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`).run(...columns.map((c) => row[c]!));
    }
  }

  /** Runs `work` in one transaction on every shard. */
  transaction(work: () => void): void {
    for (const db of this.dbs) db.exec("begin");
    work();
    for (const db of this.dbs) db.exec("commit");
  }

  close(): void {
    for (const db of this.dbs) db.close();
  }
}

/** Seeded random ranked rounds of one day, and each shard's share of the day's aggregates, as seeding writes them. */
export class SeededRounds {
  private readonly histogram = new Map<number, Map<number, number>>();
  private readonly finders = new Map<number, Map<number, number>>();
  private readonly solution: readonly SolutionWord[];
  readonly rng: Xoshiro128;
  constructor(solution: readonly SolutionWord[], rng: Xoshiro128) {
    this.solution = solution;
    this.rng = rng;
  }

  private counts(shard: number): { histogram: Map<number, number>; finders: Map<number, number> } {
    if (!this.histogram.has(shard)) {
      this.histogram.set(shard, new Map());
      this.finders.set(shard, new Map());
    }
    return { histogram: this.histogram.get(shard)!, finders: this.finders.get(shard)! };
  }

  /** A round of 0 to 60 words, about 20 on average, from the whole solution, counted on `shard`. */
  next(shard: number): { found: Uint8Array; score: number; words: number } {
    const rng = this.rng;
    const count = Math.min(this.solution.length, Math.floor(unit(rng) * unit(rng) * 60 + unit(rng) * 10));
    const ranks = new Set<number>();
    while (ranks.size < count) ranks.add(rng.random(this.solution.length));
    const list = [...ranks];
    const score = list.reduce((sum, r) => sum + this.solution[r].points, 0);
    const { histogram, finders } = this.counts(shard);
    histogram.set(score, (histogram.get(score) ?? 0) + 1);
    for (const r of list) finders.set(r, (finders.get(r) ?? 0) + 1);
    return { found: foundFromRanks(list), score, words: list.length };
  }

  /** A round just started: nothing found yet (counted at score 0 on `shard`, as a round start counts it). */
  empty(shard: number): { found: Uint8Array; score: number; words: number } {
    const { histogram } = this.counts(shard);
    histogram.set(0, (histogram.get(0) ?? 0) + 1);
    return { found: foundFromRanks([]), score: 0, words: 0 };
  }

  /** Adds each shard's rounds' aggregates to that shard's day (in the caller's transaction). */
  writeAggregates(shards: ShardFiles, date: string): void {
    for (const [shard, histogram] of this.histogram) {
      const db = shards.dbs[shard]!;
      const upsertScore = db.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, ?, ?) on conflict (puzzle_date, score) do update set rounds = rounds + excluded.rounds");
      for (const [score, n] of histogram) upsertScore.run(date, score, n);
      const upsertFinders = db.prepare("insert into word_finders (puzzle_date, word_rank, finders) values (?, ?, ?) on conflict (puzzle_date, word_rank) do update set finders = finders + excluded.finders");
      for (const [rank, n] of this.finders.get(shard)!) upsertFinders.run(date, rank, n);
    }
  }
}

/** Rounds started for the merge measurements of each step, each holding no word yet. */
export const MERGE_TARGETS = 101;

/**
 * Adds rounds `from`..`to` (exclusive) of `date`, each a new player, with the day's aggregates,
 * and MERGE_TARGETS rounds of new players that hold no word yet: their ids. The same arguments
 * give the same rounds and players at any number of shards (each on its player's shard of `d1`).
 */
export function seed(date: string, solution: SolutionWord[], from: number, to: number, d1: LocalD1 = mainD1): string[] {
  const shards = new ShardFiles(d1);
  shards.copyPuzzle(date);
  const insertPlayer = shards.dbs.map((db) => db.prepare("insert into players (id, name, created_at) values (?, ?, ?)"));
  const insertRound = shards.dbs.map((db) => db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words) values (?, ?, ?, 1, ?, ?, ?, ?, ?)"));
  const rounds = new SeededRounds(solution, seeded(`rounds ${date} ${from}`));
  const start = Date.now() - 3600_000;
  const CHUNK = 50_000;
  for (let i = from; i < to; i += CHUNK) {
    shards.transaction(() => {
      for (let n = i; n < Math.min(to, i + CHUNK); n++) {
        const player = seededUuid(rounds.rng);
        const shard = shards.shardOf(player);
        insertPlayer[shard]!.run(player, `Seed ${n}`, start);
        const { found, score, words } = rounds.next(shard);
        const startedAt = start + n;
        insertRound[shard]!.run(seededUuid(rounds.rng), player, date, startedAt, startedAt + 180_000, found, score, words);
      }
    });
    progress(`seeding rounds ${Math.min(to, i + CHUNK).toLocaleString("en")} of ${to.toLocaleString("en")}`, Math.min(to, i + CHUNK) - from, to - from);
  }
  const targets: string[] = [];
  shards.transaction(() => {
    for (let t = 0; t < MERGE_TARGETS; t++) {
      const player = seededUuid(rounds.rng);
      const shard = shards.shardOf(player);
      insertPlayer[shard]!.run(player, `Target ${from}.${t}`, start);
      const { found, score, words } = rounds.empty(shard);
      const startedAt = start + to + t;
      targets.push(seededUuid(rounds.rng));
      insertRound[shard]!.run(targets[t], player, date, startedAt, startedAt + 180_000, found, score, words);
    }
    rounds.writeAggregates(shards, date);
  });
  shards.close();
  return targets;
}

/** The player of a seeded round, from whichever shard of `d1` holds it. */
export function playerOfSeededRound(roundId: string, d1: LocalD1 = mainD1): string {
  for (const file of d1Files(d1.persist, d1.config)) {
    const db = new DatabaseSync(file, { readOnly: true, timeout: 10_000 });
    const row = db.prepare("select player_id as p from rounds where id = ?").get(roundId) as { p: string } | undefined;
    db.close();
    if (row !== undefined) return row.p;
  }
  throw new Error(`no shard holds round ${roundId}`);
}

/** Bytes of the rounds table and its indexes per round (SQLite's dbstat), and the files, over every shard. */
export function storage(): { perRound: number; fileBytes: number; rounds: number } {
  const total = { bytes: 0, fileBytes: 0, rounds: 0 };
  for (const file of d1Files(persist)) {
    const db = new DatabaseSync(file, { timeout: 10_000 });
    total.rounds += (db.prepare("select count(*) as n from rounds").get() as { n: number }).n;
    const names = ["rounds", "sqlite_autoindex_rounds_1", "rounds_player_puzzle_ranked", "rounds_leaderboard"];
    total.bytes += (db.prepare(`select sum(pgsize) as b from dbstat where name in (${names.map(() => "?").join(",")})`).get(...names) as { b: number }).b;
    const page = db.prepare("pragma page_size").get() as { page_size: number };
    const count = db.prepare("pragma page_count").get() as { page_count: number };
    total.fileBytes += page.page_size * count.page_count;
    db.close();
  }
  return { perRound: total.bytes / total.rounds, fileBytes: total.fileBytes, rounds: total.rounds };
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

/** The players of the pool, each on their shard. */
export function seedPool(pool: readonly string[], createdAt: number): void {
  const shards = new ShardFiles();
  const insert = shards.dbs.map((db) => db.prepare("insert into players (id, name, created_at) values (?, ?, ?)"));
  shards.transaction(() => pool.forEach((id, n) => insert[shards.shardOf(id)]!.run(id, `Regular ${n}`, createdAt)));
  shards.close();
}

/** One ranked round of the day for each player of the pool (on the player's shard), with the day's aggregates. */
export function seedPoolDay(date: string, solution: SolutionWord[], pool: readonly string[]): void {
  const shards = new ShardFiles();
  shards.copyPuzzle(date);
  const insertRound = shards.dbs.map((db) => db.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words) values (?, ?, ?, 1, ?, ?, ?, ?, ?)"));
  const rounds = new SeededRounds(solution, seeded(`pool day ${date}`));
  const start = dayStart(date) + 3600_000;
  shards.transaction(() => {
    pool.forEach((player, n) => {
      const shard = shards.shardOf(player);
      const { found, score, words } = rounds.next(shard);
      insertRound[shard]!.run(seededUuid(rounds.rng), player, date, start + n, start + n + 180_000, found, score, words);
    });
    rounds.writeAggregates(shards, date);
  });
  shards.close();
}
