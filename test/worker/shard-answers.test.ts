// One shard against four and sixteen, byte for byte: the same day's rounds, once all in one
// database (SHARDS = 1), then each on its player's shard of four, then of sixteen (db/shards.ts), give the same leaderboard pages
// (ranked and under review, every page through the cursors), the same ranks and totals (the summed
// histogram), the same provisional marks and the same solution with finder shares (the summed
// finder counts): the Worker's own answers, compared as text.
import { applyD1Migrations, createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createRng } from "#engine";
import { app } from "#worker/app.ts";
import { allShardD1s, shardOfPlayer } from "#worker/db/shards.ts";
import { type Puzzle } from "#worker/puzzles/puzzles.ts";
import { ORIGIN, puzzleOf, uuid, yesterday } from "./helpers.ts";

const PLAYERS = 90;
const SETTLED_AT = Date.UTC(2030, 0, 2);

interface SeedRound {
  playerId: string;
  roundId: string;
  score: number;
  startedAt: number;
  verified: boolean;
  found: Uint8Array;
  ranks: number[];
}

/** The day's rounds: few distinct scores and start times, so ties run across shards and pages. */
function dayRounds(puzzle: Puzzle): SeedRound[] {
  const rng = createRng("shard-answers");
  return Array.from({ length: PLAYERS }, () => {
    const ranks = [...new Set(Array.from({ length: 1 + rng.random(8) }, () => rng.random(puzzle.words.length)))].sort((a, b) => a - b);
    const found = new Uint8Array((ranks.at(-1)! >> 3) + 1);
    for (const rank of ranks) found[rank >> 3]! |= 1 << (rank & 7);
    return {
      playerId: uuid(rng),
      roundId: uuid(rng),
      score: 10 * rng.random(6),
      startedAt: 1_000_000 + 1000 * rng.random(3),
      verified: rng.random(5) !== 0,
      found,
      ranks,
    };
  });
}

/** Writes the rounds (with their players, the puzzle and the day's counts) where `place` says, each database counting its own. */
async function seed(puzzle: Puzzle, date: string, rounds: readonly SeedRound[], place: (playerId: string) => D1Database): Promise<void> {
  const puzzleRow = await env.DB.prepare("select * from puzzles where date = ?").bind(date).first<Record<string, unknown>>();
  if (puzzleRow === null) throw new Error(`no stored puzzle for ${date}`);
  const groups = new Map<D1Database, SeedRound[]>();
  for (const round of rounds) groups.set(place(round.playerId), [...(groups.get(place(round.playerId)) ?? []), round]);
  for (const [d1, group] of groups) {
    const columns = Object.keys(puzzleRow);
    const statements = [d1.prepare(`insert or ignore into puzzles (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`).bind(...Object.values(puzzleRow))];
    const histogram = new Map<number, number>();
    const finders = new Map<number, number>();
    for (const r of group) {
      statements.push(d1.prepare("insert into players (id, name, created_at) values (?, ?, 1)").bind(r.playerId, `P${r.playerId.slice(0, 4)}`));
      statements.push(
        d1
          .prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words, verified) values (?, ?, ?, 1, ?, ?, ?, ?, ?, ?)")
          .bind(r.roundId, r.playerId, date, r.startedAt, r.startedAt + 180_000, r.found, r.score, r.ranks.length, r.verified ? 1 : 0),
      );
      if (!r.verified) continue;
      histogram.set(r.score, (histogram.get(r.score) ?? 0) + 1);
      for (const rank of r.ranks) finders.set(rank, (finders.get(rank) ?? 0) + 1);
    }
    for (const [score, n] of histogram) statements.push(d1.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, ?, ?)").bind(date, score, n));
    for (const [rank, n] of finders) statements.push(d1.prepare("insert into word_finders (puzzle_date, word_rank, finders) values (?, ?, ?)").bind(date, rank, n));
    await d1.batch(statements);
  }
  // Settled, so every answer's `updatedAt` is the moment it settled (the day state is shard 0's).
  await env.DB.prepare("insert or replace into day_states (date, probe_sent_at, probe_seen_at, settled_at) values (?, ?, ?, ?)").bind(date, SETTLED_AT, SETTLED_AT, SETTLED_AT).run();
}

/** Sixteen shards: wrangler.toml's four and twelve test-only bindings (project.ts). */
const SIXTEEN = { ...env, SHARDS: "16" };

async function wipe(): Promise<void> {
  for (const d1 of allShardD1s(SIXTEEN)) {
    await d1.batch(["rounds", "score_histogram", "word_finders", "players"].map((table) => d1.prepare(`delete from ${table}`)));
  }
}

/** The Worker's answer to `path` with these bindings, as text (the edge cache emptied first, so nothing is served from an earlier run). */
async function answer(bindings: typeof env, path: string): Promise<string> {
  const url = `${ORIGIN}${path}`;
  await caches.default.delete(url);
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url), bindings, ctx);
  const text = await res.text();
  await waitOnExecutionContext(ctx);
  expect(res.status, `${path}: ${text}`).toBe(200);
  return text;
}

/** Every answer compared: each list's pages through their cursors (small pages, so ties cross page ends) and the solution. */
async function answers(bindings: typeof env, date: string): Promise<string[]> {
  const out: string[] = [];
  for (const review of ["0", "1"]) {
    let cursor: string | null = null;
    do {
      const text = await answer(bindings, `/api/puzzles/${date}/leaderboard?limit=7${cursor === null ? "" : `&cursor=${cursor}`}${review === "1" ? "&review=1" : ""}`);
      out.push(text);
      cursor = (JSON.parse(text) as { next: string | null }).next;
    } while (cursor !== null);
  }
  out.push(await answer(bindings, `/api/puzzles/${date}/solution`));
  return out;
}

/** How many of the day's rounds each of the first `n` shards holds. */
async function roundsPerShard(date: string, n: number): Promise<number[]> {
  const d1s = allShardD1s(SIXTEEN).slice(0, n);
  return Promise.all(d1s.map(async (d1) => (await d1.prepare("select count(*) as n from rounds where puzzle_date = ?").bind(date).first<number>("n")) ?? 0));
}

describe("one shard, four and sixteen", () => {
  let date: string;
  let rounds: SeedRound[];
  let one: string[];
  let four: string[];
  let sixteen: string[];
  const spread = new Map<number, number[]>();

  beforeAll(async () => {
    await Promise.all(allShardD1s(SIXTEEN).slice(4).map((d1) => applyD1Migrations(d1, env.TEST_MIGRATIONS)));
    date = yesterday();
    const puzzle = await puzzleOf(date);
    rounds = dayRounds(puzzle);
    await seed(puzzle, date, rounds, () => env.DB);
    one = await answers({ ...env, SHARDS: "1" }, date);
    for (const [n, bindings] of [[4, env], [16, SIXTEEN]] as const) {
      await wipe();
      await seed(puzzle, date, rounds, (playerId) => allShardD1s(bindings)[shardOfPlayer(playerId, n)]!);
      spread.set(n, await roundsPerShard(date, 16));
      const got = await answers(bindings, date);
      if (n === 4) four = got;
      else sixteen = got;
    }
    // Three seedings and 12 migrated databases: room for a loaded machine.
  }, 120_000);

  it("spread the day's rounds over every shard", () => {
    const [fourSpread, sixteenSpread] = [spread.get(4)!, spread.get(16)!];
    expect(fourSpread.slice(4).every((n) => n === 0)).toBe(true);
    for (const n of fourSpread.slice(0, 4)) expect(n).toBeGreaterThan(PLAYERS / 8);
    for (const n of sixteenSpread) expect(n).toBeGreaterThan(0);
    expect(sixteenSpread.reduce((a, b) => a + b, 0)).toBe(PLAYERS);
  });

  it("list every round that found something once, ranked and under review, with ties across pages", () => {
    const listed = one.slice(0, -1).flatMap((text) => (JSON.parse(text) as { entries: { roundId: string }[] }).entries.map((e) => e.roundId));
    // Every round that found something: one that found nothing is not ranked.
    const scored = rounds.filter((r) => r.score > 0);
    expect(scored.length).toBeLessThan(rounds.length);
    expect(listed.toSorted()).toEqual(scored.map((r) => r.roundId).toSorted());
    const first = JSON.parse(one[0]!) as { total: number; entries: { rank: number; score: number }[] };
    expect(first.total).toBe(scored.filter((r) => r.verified).length);
    expect(first.entries.filter((e) => e.score === first.entries[0]!.score).length).toBeGreaterThan(1);
  });

  it("give byte-identical answers", () => {
    expect(four).toHaveLength(one.length);
    expect(sixteen).toHaveLength(one.length);
    for (const [i, text] of one.entries()) {
      expect(four[i], `answer ${i} at 4 shards`).toBe(text);
      expect(sixteen[i], `answer ${i} at 16 shards`).toBe(text);
    }
  });
});
