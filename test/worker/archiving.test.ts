// Archiving as production schedules it (archive/archive-tick.ts): the every-minute cron runs the
// global steps on shard 0 under a lease and sends each shard a slice through the archive queue;
// each slice archives its own shard's rounds under that shard's lease. Runs that fail half-way (an
// R2 write refused, D1 failing right after a page was folded, a shard failing when the day's counts
// are summed) are taken up by the next runs: nothing is lost or counted twice, and the settled
// answers are byte-identical after the move, with rounds on every shard.
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, dayStart } from "#engine";
import worker from "#worker/index.ts";
import type { QueueMessage } from "#worker/results/sync-consumer.ts";
import { database } from "#worker/db/client.ts";
import { takeLease } from "#worker/archive/leases.ts";
import { dayState, progressKey } from "#worker/archive/queries.ts";
import { shardOfKey } from "#worker/leagues/league-shards.ts";
import { allShardD1s, shardCount, shardD1, shardOfPlayer } from "#worker/db/shards.ts";
import type { Env } from "#worker/env.ts";
import { foundFromRanks } from "#worker/results/found-set.ts";
import { type ArchivedDay, type ArchivedRow, archivedPage, chunkKey, dayKey, keyOf, shardChunks, writeJson } from "#worker/archive/day-archive.ts";
import {
  ARCHIVE_CRON,
  ARCHIVE_PAGES_PER_RUN,
  ARCHIVE_QUERIES_PER_RUN,
  ARCHIVE_RUNS_PER_HOUR,
  archivePagesPerRun,
  globalStepQueries,
  leagueStepsPerRun,
  pagesToArchive,
  queriesPerPage,
  runsToArchive,
} from "#worker/archive/archive-pace.ts";
import { ARCHIVE_QUEUE, type ArchiveSlice, archiveSliceTick, archiveTick } from "#worker/archive/archive-tick.ts";
import { retainSettledDays } from "#worker/archive/retention.ts";
import { endRound, newPlayerWhere, play, puzzleOf, solutionWords, today, playerShard } from "./helpers.ts";
import { answers, later, probeToday } from "./retention-helpers.ts";

const db = () => database(env.DB);
/** A D1 binding that throws `message` on the `failAt`-th statement matching `pattern` (every one when failAt is 0). */
function failingD1(d1: D1Database, pattern: RegExp, message: string, failAt = 0): D1Database {
  let seen = 0;
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          if (pattern.test(query) && (failAt === 0 || ++seen === failAt)) throw new Error(message);
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** R2 refuses the `failAt`-th write (1-based) of this env. */
function failingArchive(failAt: number): Env {
  let writes = 0;
  const archive = new Proxy(env.ARCHIVE, {
    get(target, prop) {
      if (prop === "put") {
        return (...args: Parameters<R2Bucket["put"]>) => {
          writes += 1;
          if (writes === failAt) return Promise.reject(new Error("R2 unavailable (test)"));
          return target.put(...args);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...env, ARCHIVE: archive };
}

/** The bindings, with the archive queue's messages kept in `sent` instead of delivered (the test delivers them). */
function capturingQueue(sent: ArchiveSlice[]): Env {
  const queue = {
    async send(body: ArchiveSlice) {
      sent.push(body);
    },
    async sendBatch(messages: Iterable<{ body: ArchiveSlice }>) {
      for (const message of messages) sent.push(message.body);
    },
  };
  return { ...env, ARCHIVE_QUEUE: queue as unknown as Queue };
}

/** Delivers the slices through the Worker's queue handler, as the archive queue would (one message a batch); every one acked. */
async function deliverSlices(slices: ArchiveSlice[]): Promise<void> {
  for (const [i, body] of slices.entries()) {
    const batch = createMessageBatch<ArchiveSlice>(ARCHIVE_QUEUE, [{ id: `slice-${i}`, timestamp: new Date(), attempts: 1, body }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as unknown as MessageBatch<QueueMessage>, env);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`slice-${i}`]);
  }
}

/** Rows of the day on every shard: [rounds, score_histogram, word_finders, progress rows] summed over the shards. */
async function rowsOfToday(date = today()): Promise<number[]> {
  const totals = [0, 0, 0, 0];
  for (const d1 of allShardD1s(env)) {
    for (const [i, sql] of ["select count(*) as n from rounds where puzzle_date = ?", "select count(*) as n from score_histogram where puzzle_date = ?", "select count(*) as n from word_finders where puzzle_date = ?", "select count(*) as n from day_states where date = ? || '#archiving'"].entries()) {
      totals[i] += (await d1.prepare(sql).bind(date).first<number>("n")) ?? 0;
    }
  }
  return totals;
}

interface SeededRound {
  shard: number;
  /** The words found, by their rank in the day's solution. */
  ranks: number[];
  ranked?: boolean;
  verified?: boolean;
  startedAt: number;
}

/** A fixed player id (not random: the test's ties must be the same every run) on shard `shard`. */
function playerIdOn(shard: number, n: number): string {
  for (let i = 0; ; i++) {
    const id = `5eed0000-0000-4000-8000-${String(n * 1000 + i).padStart(12, "0")}`;
    if (shardOfPlayer(id, shardCount(env)) === shard) return id;
  }
}

/**
 * Rounds of today played by players of other shards, written straight into their shards (the
 * player, the day's puzzle row, the ended round and, for a verified ranked round, the shard's
 * partial counts), as the consumer keeps them on the player's shard.
 */
async function seedRounds(seeded: SeededRound[], date = today(), first = 0): Promise<{ playerId: string; roundId: string }[]> {
  const puzzle = await puzzleOf(date);
  const row = await env.DB.prepare("select * from puzzles where date = ?").bind(date).first<Record<string, unknown>>();
  const columns = Object.keys(row!);
  const out = [];
  for (const [i, round] of seeded.entries()) {
    const n = first + i;
    const d1 = allShardD1s(env)[round.shard]!;
    const playerId = playerIdOn(round.shard, n);
    const roundId = `5eed0000-0000-4000-8000-${String(n).padStart(12, "0")}`;
    const score = round.ranks.reduce((sum, rank) => sum + puzzle.words[rank]!.points, 0);
    const ranked = round.ranked ?? true;
    const verified = round.verified ?? true;
    const statements = [
      d1.prepare(`insert or ignore into puzzles (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`).bind(...columns.map((c) => row![c])),
      d1.prepare("insert into players (id, name, created_at) values (?, ?, ?)").bind(playerId, `Seeded ${n}`, round.startedAt - 60_000),
      d1
        .prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, found, score, words, verified, flags) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
        .bind(roundId, playerId, date, ranked ? 1 : 0, round.startedAt, ranked ? round.startedAt + 180_000 : null, foundFromRanks(round.ranks), score, round.ranks.length, verified ? 1 : 0, verified ? "" : "pace"),
    ];
    if (ranked && verified) {
      statements.push(
        d1.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, ?, 1) on conflict do update set rounds = rounds + 1").bind(date, score),
        ...round.ranks.map((rank) =>
          d1.prepare("insert into word_finders (puzzle_date, word_rank, finders) values (?, ?, 1) on conflict do update set finders = finders + 1").bind(date, rank),
        ),
      );
    }
    await d1.batch(statements);
    out.push({ playerId, roundId });
  }
  return out;
}

/** A round id (as the cursors take) for a short name of a test's round, in the names' order; and back. */
const uuidOf = (name: string) => `00000000-0000-4000-8000-${[...name].map((c) => c.charCodeAt(0).toString(16)).join("").padStart(12, "0")}`;
const nameOf = (roundId: string) => String.fromCharCode(...(roundId.slice(-12).replace(/^(00)+/, "").match(/../g) ?? []).map((hex) => parseInt(hex, 16)));

/** The round ids of the day's archived chunks of every shard, in each shard's order: the verified list, then the review list. */
async function archivedRoundIds(date = today()): Promise<string[][]> {
  const day = (await (await env.ARCHIVE.get(dayKey(date)))!.json()) as ArchivedDay;
  const out: string[][] = [];
  for (const [shard, chunks] of shardChunks(day).entries()) {
    const ids: string[] = [];
    for (const list of ["verified", "review"] as const) {
      for (let i = 0; i < chunks[list].length; i++) {
        const rows = (await (await env.ARCHIVE.get(chunkKey(date, list, i, shard)))!.json()) as ArchivedRow[];
        ids.push(...rows.map((row) => row[0]));
      }
    }
    out.push(ids);
  }
  return out;
}

describe("archiving a day in slices, every minute, each shard its own rounds", () => {
  it("resumes after failures half-way through a day: nothing lost or counted twice, the same answers from R2", { timeout: 180_000 }, async () => {
    const puzzle = await puzzleOf(today());
    const top = solutionWords(puzzle, 7);
    const words = top.map((w) => w.word);
    const rankOf = (word: string) => puzzle.words.findIndex((w) => w.word === word);
    // Five ranked players through the API, with different scores: three on shard 0 (its slice
    // writes two chunks of two), one on shard 1 and one on shard 2.
    const players = [];
    for (const [i, home] of [0, 0, 0, 1, 2].entries()) players.push(await newPlayerWhere((shard) => shard === home, `Archived ${i}`));
    const rounds = [];
    for (const [i, player] of players.entries()) rounds.push(await play(player, words.slice(0, 7 - i)));
    for (const round of rounds) await endRound(round.roundId, 60_000);
    // And rounds of players on shards 1 to 3, ties with them and with each other (the same score
    // and start: the round id decides), one under review, one unranked, one of no words.
    const early = Date.now() - 600_000;
    const seeded = await seedRounds([
      { shard: 1, ranks: words.map(rankOf), startedAt: early },
      { shard: 2, ranks: words.map(rankOf), startedAt: early },
      { shard: 1, ranks: words.slice(0, 3).map(rankOf), startedAt: early + 1 },
      { shard: 2, ranks: words.slice(0, 1).map(rankOf), startedAt: early + 2 },
      { shard: 3, ranks: words.slice(0, 5).map(rankOf), startedAt: early, verified: false },
      { shard: 2, ranks: words.slice(0, 2).map(rankOf), startedAt: early, ranked: false },
      { shard: 3, ranks: [], startedAt: early + 3 },
      { shard: 3, ranks: words.slice(0, 6).map(rankOf), startedAt: early + 4 },
    ]);
    // A league of players on shards 1, 2 and 3 (its row on the league's shard, each membership on
    // the member's): each shard's archiving keeps its own members' ranked results there.
    const leagueMemberIds = [seeded[7]!.playerId, seeded[4]!.playerId, seeded[5]!.playerId, players[3]!.playerId];
    await shardD1(env, shardOfKey("archived-league", 4)).prepare("insert into leagues (id, code, name, owner_id, created_at, lang, embed_key) values ('archived-league', 'ARCHIVE1', 'Archivists', ?, 1, 'en', 'archived-embed')").bind(seeded[7]!.playerId).run();
    for (const id of leagueMemberIds) await playerShard(id).prepare("insert into league_members (league_id, player_id, joined_at) values ('archived-league', ?, 1)").bind(id).run();
    // A count moved between shards (scripts/rebalance-shards.ts moves rounds, not counts): only the sum means anything.
    await allShardD1s(env)[2]!.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, 999, -1)").bind(today()).run();
    await allShardD1s(env)[3]!.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, 999, 1)").bind(today()).run();
    const now = later();
    await probeToday(now);
    await retainSettledDays(env, db(), now, { pages: 0 });
    const tokens = players.map((p) => p.token);
    const fromD1 = await answers(tokens);
    const [inD1] = await rowsOfToday();
    expect(inD1).toBe(players.length + seeded.length);

    // The minute's run on shard 0: the day waits for its shards, each is sent a slice.
    const sent: ArchiveSlice[] = [];
    expect(await archiveTick(capturingQueue(sent), db(), now, { chunkRows: 2 })).toEqual({ ran: true, archived: [], slices: [0, 1, 2, 3] });
    expect(sent.map((s) => s.shard)).toEqual([0, 1, 2, 3]);
    // Shard 0's slice, whose second R2 write fails: one chunk is out, the slice stops with the error.
    await expect(archiveSliceTick(failingArchive(2), sent[0]!, { chunkRows: 2 })).rejects.toThrow("R2 unavailable");
    expect((await dayState(db(), progressKey(today())))?.chunks.verified).toHaveLength(1);
    // Shard 1's slice fails to record its progress after folding its first page (the page is done again next time).
    const failing1 = { ...env, DB_1: failingD1(env.DB_1, /^insert into ["`]day_states["`]/i, "D1 unavailable (test)", 1) };
    await expect(archiveSliceTick(failing1, sent[1]!, { chunkRows: 2 })).rejects.toThrow("D1 unavailable");
    expect(await env.DB_1.prepare("select count(*) as n from day_states where date = ?").bind(progressKey(today())).first<number>("n")).toBe(0);
    // The leases were let go despite the failures: the next slices, a page each, go on.
    for (const slice of sent) expect(await archiveSliceTick(env, slice, { pages: 1, chunkRows: 2 })).toBe(1);
    // Another slice of shard 2 at work (as a slow one would be): this one does nothing.
    expect(await takeLease(database(env.DB_2), "archive-slice", "another slice", now, now + 10 * 60_000)).toBe(true);
    expect(await archiveSliceTick(env, sent[2]!, { chunkRows: 2 })).toBeNull();
    await env.DB_2.prepare("delete from work_leases").run();
    // Every shard writes and folds its part; nothing is deleted before day.json.
    for (const slice of sent) expect(await archiveSliceTick(env, slice, { chunkRows: 2 })).toBeGreaterThan(0);
    expect((await rowsOfToday())[0]).toBe(inD1);
    expect((await dayState(db(), today()))?.phase).toBe("verified");

    // A run that reaches the day's end and fails on another shard (its counts are summed over
    // every shard into day.json): the day stays in D1, and the next runs finish it.
    const failingCounts = { ...capturingQueue(sent), DB_2: failingD1(env.DB_2, /from ["`](score_histogram|word_finders)["`]/i, "shard 2 unavailable (test)") };
    await expect(archiveTick(failingCounts, db(), now + 60_000, { chunkRows: 2 })).rejects.toThrow("shard 2 unavailable");
    expect(await env.ARCHIVE.head(dayKey(today()))).toBeNull();
    expect((await rowsOfToday())[0]).toBe(inD1);
    // Its lease was let go; another run holding it (as a slow run would): this one does nothing.
    expect(await takeLease(db(), "archive", "another run", now + 2 * 60_000, now + 10 * 60_000)).toBe(true);
    expect(await archiveTick(capturingQueue(sent), db(), now + 2 * 60_000)).toEqual({ ran: false, archived: [], slices: [] });

    // Once that lease has run out, the minute's cron (as wrangler.toml schedules it) and the
    // slices it sends through the archive queue finish the day in two minutes: day.json and the
    // shards' deletes, then the day marked archived.
    let finished = 0;
    for (let minute = 10; finished === 0 && minute < 13; minute++) {
      const slices: ArchiveSlice[] = [];
      const ctx = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime: now + minute * 60_000, cron: ARCHIVE_CRON }), capturingQueue(slices), ctx);
      await waitOnExecutionContext(ctx);
      await deliverSlices(slices);
      if ((await dayState(db(), today()))?.archivedAt != null) finished = now + minute * 60_000;
    }
    expect(finished).toBe(now + 11 * 60_000);
    expect((await dayState(db(), today()))?.archivedAt).toBe(finished);
    for (const d1 of allShardD1s(env)) expect(await d1.prepare("select count(*) as n from work_leases").first<number>("n")).toBe(0);
    // Nothing of the day is left in D1 on any shard, its progress rows neither.
    expect(await rowsOfToday()).toEqual([0, 0, 0, 0]);

    // Every ranked round archived exactly once, by the shard it was on, in leaderboard order.
    const byShard = await archivedRoundIds();
    expect(byShard).toHaveLength(4);
    const rankedSeeded = seeded.filter((_, i) => i !== 5);
    expect(byShard.flat().sort()).toEqual([...rounds.map((r) => r.roundId as string), ...rankedSeeded.map((r) => r.roundId)].sort());
    expect(byShard[0]).toEqual(rounds.slice(0, 3).map((r) => r.roundId));
    // Shard 1: seven words (seeded), then four (the API's), then three (seeded).
    expect(byShard[1]).toEqual([seeded[0]!.roundId, rounds[3].roundId, seeded[2]!.roundId]);
    expect(byShard[2]).toEqual([seeded[1]!.roundId, rounds[4].roundId, seeded[3]!.roundId]);
    // Shard 3: the verified list (six words, then none), then the review list.
    expect(byShard[3]).toEqual([seeded[7]!.roundId, seeded[6]!.roundId, seeded[4]!.roundId]);
    // The league members' ranked results of the day, kept on their own shards 1 and 3 (the unranked round has none).
    const kept = await Promise.all(allShardD1s(env).map(async (d1) => (await d1.prepare("select round_id as roundId, verified from league_results where date = ? order by round_id").bind(today()).all<{ roundId: string; verified: number }>()).results));
    expect(kept[0]).toEqual([]);
    expect(kept[2]).toEqual([]);
    expect(kept[1]).toEqual([{ roundId: rounds[3].roundId as string, verified: 1 }]);
    expect(kept[3]).toEqual(
      [
        { roundId: seeded[7]!.roundId, verified: 1 },
        { roundId: seeded[4]!.roundId, verified: 0 },
      ].sort((a, b) => (a.roundId < b.roundId ? -1 : 1)),
    );
    // Each player's day folded once into their summary, on their shard, the unranked one too.
    const ids = [...players.map((p) => p.playerId), ...seeded.map((r) => r.playerId)];
    for (const [i, playerId] of ids.entries()) {
      const row = await playerShard(playerId).prepare("select summary from player_summaries where player_id = ?").bind(playerId).first<{ summary: string }>();
      const summary = JSON.parse(row!.summary) as { ranked: number; days: unknown[] };
      expect(summary.ranked, playerId).toBe(i === players.length + 5 ? 0 : 1);
      expect(summary.days).toHaveLength(1);
    }
    expect(await answers(tokens)).toEqual(fromD1);
  });

  it("goes through the archive queue of wrangler.toml: the cron's messages reach its consumer, which archives each shard's part", { timeout: 120_000 }, async () => {
    // A day of its own (the tests of this file share their storage): two days ago, a round on shard 0 and one on shard 3.
    const date = addDays(today(), -2);
    const puzzle = await puzzleOf(date);
    const seeded = await seedRounds(
      [0, 3].map((shard, i) => ({ shard, ranks: [i], startedAt: dayStart(date) + 600_000 })),
      date,
      100,
    );
    const now = later();
    await probeToday(now, date);
    expect(puzzle.words.length).toBeGreaterThan(1);
    // Each poll is the next minute's cron, with the real bindings: its slices go through the local queue.
    let minute = 0;
    await expect
      .poll(
        async () => {
          const ctx = createExecutionContext();
          await worker.scheduled(createScheduledController({ scheduledTime: now + minute++ * 60_000, cron: ARCHIVE_CRON }), env, ctx);
          await waitOnExecutionContext(ctx);
          return (await dayState(db(), date))?.archivedAt != null;
        },
        { timeout: 90_000, interval: 250 },
      )
      .toBe(true);
    expect(await rowsOfToday(date)).toEqual([0, 0, 0, 0]);
    const byShard = await archivedRoundIds(date);
    expect(byShard[0]).toEqual([seeded[0]!.roundId]);
    expect(byShard[3]).toEqual([seeded[1]!.roundId]);
  });

  it("takes up a day the one-database archiving left half-way (its progress in the day's row): shard 0 goes on from its cursor", async () => {
    const date = addDays(today(), -3);
    const seeded = await seedRounds([3, 2, 1].map((words, i) => ({ shard: 0, ranks: Array.from({ length: words }, (_, r) => r), startedAt: dayStart(date) + i })), date, 200);
    const now = later();
    await probeToday(now, date);
    await retainSettledDays(env, db(), now, { pages: 0 });
    // As the one-database archiving left it: the first chunk (two rounds) out under its names, its progress in the day's row.
    const [first, second] = await Promise.all(seeded.slice(0, 2).map(async ({ roundId }) => (await env.DB.prepare("select id as roundId, player_id as playerId, score, words, started_at as startedAt from rounds where id = ?").bind(roundId).first<{ roundId: string; playerId: string; score: number; words: number; startedAt: number }>())!));
    await writeJson(env.ARCHIVE, `days/${date}/verified/00000.json`, [first!, second!].map((r, i): ArchivedRow => [r.roundId, r.playerId, `Seeded ${200 + i}`, r.score, r.words, r.startedAt]));
    const written = (await env.ARCHIVE.head(`days/${date}/verified/00000.json`))!.version;
    const last = keyOf(second!);
    await env.DB.prepare("update day_states set phase = 'verified', cursor = ?, chunks = ? where date = ?").bind(last, JSON.stringify({ verified: [{ last, count: 2 }], review: [] }), date).run();

    expect(await retainSettledDays(env, db(), now, { chunkRows: 2 })).toContain(date);
    const day = (await (await env.ARCHIVE.get(dayKey(date)))!.json()) as ArchivedDay;
    expect(day.shards![0]!.verified.map((c) => c.count)).toEqual([2, 1]);
    // Every round once, in order; the first chunk not written again (shard 0 went on from the cursor), the third round in a new one.
    expect((await env.ARCHIVE.head(chunkKey(date, "verified", 0)))!.version).toBe(written);
    expect((await archivedRoundIds(date)).flat()).toEqual(seeded.map((r) => r.roundId));
    expect(await rowsOfToday(date)).toEqual([0, 0, 0, 0]);
  });

  it("reads a day archived from one database (day.json with one chunk list) as before", async () => {
    const date = "2026-03-01";
    const row = (name: string, score: number, startedAt: number): ArchivedRow => [uuidOf(name), `player-${name}`, null, score, 2, startedAt];
    const chunks = [
      [row("r1", 30, 10), row("r2", 20, 10)],
      [row("r3", 20, 11), row("r4", 5, 1)],
    ];
    for (const [n, chunk] of chunks.entries()) await writeJson(env.ARCHIVE, `days/${date}/verified/${String(n).padStart(5, "0")}.json`, chunk);
    const day: ArchivedDay = {
      date,
      settledAt: 1,
      histogram: [],
      finders: [],
      chunks: { verified: chunks.map((c) => ({ last: keyOf({ roundId: c[1]![0], score: c[1]![3], startedAt: c[1]![5] }), count: 2 })), review: [] },
    };
    const ids = async (limit: number, after?: { score: number; startedAt: number; roundId: string }) => (await archivedPage(env.ARCHIVE, day, "verified", limit, after)).map((r) => nameOf(r.roundId));
    expect(await ids(10)).toEqual(["r1", "r2", "r3", "r4"]);
    expect(await ids(2, { score: 20, startedAt: 10, roundId: uuidOf("r2") })).toEqual(["r3", "r4"]);
    expect(await archivedPage(env.ARCHIVE, day, "review", 10)).toEqual([]);
  });

  it("merges the shards' chunk lists in leaderboard order, after any cursor", async () => {
    const date = "2026-03-02";
    const row = (name: string, score: number, startedAt: number): ArchivedRow => [uuidOf(name), `player-${name}`, `Name ${name}`, score, 1, startedAt];
    // Two shards' lists (chunks of two), interleaved in the order, with ties on score and start.
    const lists = [
      [row("a", 50, 1), row("c", 40, 2), row("e", 40, 3), row("g", 10, 1)],
      [row("b", 50, 2), row("d", 40, 2), row("f", 20, 1)],
    ];
    const shards = [];
    for (const [shard, list] of lists.entries()) {
      const verified = [];
      for (let n = 0; n * 2 < list.length; n++) {
        const chunk = list.slice(n * 2, n * 2 + 2);
        await writeJson(env.ARCHIVE, chunkKey(date, "verified", n, shard), chunk);
        const last = chunk[chunk.length - 1]!;
        verified.push({ last: keyOf({ roundId: last[0], score: last[3], startedAt: last[5] }), count: chunk.length });
      }
      shards.push({ verified, review: [] });
    }
    expect(chunkKey(date, "verified", 1, 1)).toBe(`days/${date}/verified/s1/00001.json`);
    const day: ArchivedDay = { date, settledAt: 1, histogram: [], finders: [], shards };
    const order = ["a", "b", "c", "d", "e", "f", "g"];
    expect((await archivedPage(env.ARCHIVE, day, "verified", 100)).map((r) => nameOf(r.roundId))).toEqual(order);
    // Pages of three, each after the last row of the one before: the same order, nothing twice.
    const paged: string[] = [];
    let after: { score: number; startedAt: number; roundId: string } | undefined;
    for (;;) {
      const page = await archivedPage(env.ARCHIVE, day, "verified", 3, after);
      paged.push(...page.map((r) => nameOf(r.roundId)));
      if (page.length < 3) break;
      after = page[page.length - 1];
    }
    expect(paged).toEqual(order);
  });

  it("keeps pace with 10 million rounds a day under production scheduling: under 6 hours at 1, 4, 8 and 16 shards", () => {
    // A shard's part: 1,000 rounds a page archived, 5,000 deleted a page, one short page per list.
    expect(pagesToArchive(10_000_000)).toBe(12_004);
    for (const shards of [1, 4, 8, 16]) expect(runsToArchive(10_000_000, shards) / ARCHIVE_RUNS_PER_HOUR).toBeLessThan(6);
    // One shard: the pages in runs of 60, and a run each for day.json and for marking the day archived.
    expect(runsToArchive(10_000_000, 1)).toBe(Math.ceil(10_003 / ARCHIVE_PAGES_PER_RUN) + 1 + Math.ceil(2_001 / ARCHIVE_PAGES_PER_RUN) + 1);
    // The shards archive at once: more shards, fewer runs.
    expect(runsToArchive(10_000_000, 4)).toBeLessThan(runsToArchive(10_000_000, 1) / 3);
    expect(runsToArchive(10_000_000, 16)).toBeLessThan(runsToArchive(10_000_000, 8));
  });

  it("keeps a slice's D1 queries under the budget of an invocation, whatever the shards", () => {
    expect(archivePagesPerRun()).toBe(ARCHIVE_PAGES_PER_RUN);
    expect(archivePagesPerRun() * queriesPerPage()).toBeLessThanOrEqual(ARCHIVE_QUERIES_PER_RUN);
    // The global run's league-week steps read and write summaries on every shard: fewer a run as the shards grow.
    for (const shards of [1, 2, 4, 8, 16]) expect(leagueStepsPerRun(shards) * globalStepQueries(shards)).toBeLessThanOrEqual(ARCHIVE_QUERIES_PER_RUN);
    expect(leagueStepsPerRun(16)).toBeGreaterThan(0);
  });
});
