// Archiving as production schedules it (services/archive-tick.ts): the every-minute cron runs one
// bounded slice under a lease. A run that fails half-way through a day (an R2 write refused, or
// D1 failing right after a page was folded into the summaries) is taken up by the next runs:
// nothing is lost or counted twice, and the settled answers are byte-identical after the move.
import { createExecutionContext, createMessageBatch, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index.ts";
import type { QueueMessage } from "../../worker/consumer.ts";
import { database } from "../../worker/db/client.ts";
import { takeLease } from "../../worker/db/queries/leases.ts";
import { dayState } from "../../worker/db/queries/retention.ts";
import type { Env } from "../../worker/env.ts";
import { type ArchivedRow, chunkKey } from "../../worker/services/day-archive.ts";
import { ARCHIVE_CRON, ARCHIVE_PAGES_PER_RUN, ARCHIVE_QUERIES_PER_RUN, ARCHIVE_RUNS_PER_HOUR, archivePagesPerRun, pagesToArchive, queriesPerPage, runsToArchive } from "../../worker/services/archive-pace.ts";
import { archiveTick } from "../../worker/services/archive-tick.ts";
import { retainSettledDays, sendProbes } from "../../worker/services/retention.ts";
import { ORIGIN, call, countRows, endRound, newPlayer, play, puzzleOf, solutionWords, today, playerShard } from "./helpers.ts";

const db = () => database(env.DB);
/** Three days on: today's syncs are over. */
const later = () => Date.now() + 3 * 86_400_000;

/** Has the upkeep send today's settle probe and the consumer take it. */
async function probeToday(now: number): Promise<void> {
  const sent = await sendProbes(env, db(), now);
  expect(sent).toContain(today());
  const batch = createMessageBatch<QueueMessage>("tumbleword-syncs", sent.map((date, i) => ({ id: `p${i}`, timestamp: new Date(), attempts: 1, body: { kind: "settle-probe", date } })));
  await worker.queue(batch, env);
}

/** Today's leaderboard (every page of 2, and of 100 with the review list), each player's standing and solution, built afresh. */
async function answers(tokens: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const first of [`/api/puzzles/${today()}/leaderboard?limit=2`, `/api/puzzles/${today()}/leaderboard?limit=100`, `/api/puzzles/${today()}/leaderboard?limit=100&review=1`]) {
    let path: string | null = first;
    while (path !== null) {
      await caches.default.delete(new Request(`${ORIGIN}${path}`));
      const text = await (await call(path)).text();
      out.push(text);
      const next = JSON.parse(text).next as string | null | undefined;
      path = next ? `${first}&cursor=${encodeURIComponent(next)}` : null;
    }
  }
  for (const token of tokens) {
    out.push(await (await call(`/api/puzzles/${today()}/leaderboard/me`, { token })).text());
    await caches.default.delete(new Request(`${ORIGIN}/api/puzzles/${today()}/solution?embargoed=1`));
    out.push(await (await call(`/api/puzzles/${today()}/solution`, { token })).text());
  }
  return out;
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

/** D1 that fails the `failAt`-th write of a day's state, which comes right after a page is folded into the summaries. */
function failingStateWrites(failAt: number): D1Database {
  let writes = 0;
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          if (/^insert into ["`]day_states["`]/i.test(query) && ++writes === failAt) throw new Error("D1 unavailable (test)");
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The bindings with shard `index` failing every read of the day's counts (summed over every shard when a day finishes). */
function failingShardCounts(index: 1 | 2 | 3): typeof env {
  const binding = `DB_${index}` as const;
  const failing = new Proxy(env[binding], {
    get(target, prop) {
      if (prop === "prepare") {
        return (query: string) => {
          if (/from ["`](score_histogram|word_finders)["`]/i.test(query)) throw new Error(`shard ${index} unavailable (test)`);
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { ...env, [binding]: failing };
}

/** The round ids in today's archived chunks, in order: the verified list, then the review list. */
async function archivedRoundIds(): Promise<string[]> {
  const state = await dayState(db(), today());
  const ids: string[] = [];
  for (const list of ["verified", "review"] as const) {
    for (let i = 0; i < state!.chunks[list].length; i++) {
      const rows = (await (await env.ARCHIVE.get(chunkKey(today(), list, i)))!.json()) as ArchivedRow[];
      ids.push(...rows.map((row) => row[0]));
    }
  }
  return ids;
}

describe("archiving a day in slices, every minute", () => {
  it("resumes after failures half-way through a day, one run at a time: nothing lost or counted twice, the same answers from R2", { timeout: 120_000 }, async () => {
    const puzzle = await puzzleOf(today());
    const words = solutionWords(puzzle, 7).map((w) => w.word);
    // Seven ranked players with different scores: 4 chunks of 2 rounds.
    const players = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((i) => newPlayer(`Archived ${i}`)));
    const rounds = [];
    for (const [i, player] of players.entries()) rounds.push(await play(player, words.slice(0, 7 - i)));
    for (const round of rounds) await endRound(round.roundId, 60_000);
    const now = later();
    await probeToday(now);
    await retainSettledDays(env, db(), now, { pages: 0 });
    const tokens = players.map((p) => p.token);
    const fromD1 = await answers(tokens);

    // A run whose second R2 write fails: one chunk is out, the run stops with the error.
    await expect(archiveTick(failingArchive(2), db(), now, { pages: 100, chunkRows: 2 })).rejects.toThrow("R2 unavailable");
    expect((await dayState(db(), today()))?.chunks.verified).toHaveLength(1);
    // A run that fails to record its progress after folding its page (the page is done again next time).
    const failing = failingStateWrites(1);
    await expect(archiveTick(env, database(failing), now + 60_000, { pages: 100, chunkRows: 2 })).rejects.toThrow("D1 unavailable");
    expect((await dayState(db(), today()))?.archivedAt).toBeNull();
    // The lease was let go despite the failures: the next runs, a page each, go on with the day.
    for (let run = 2; run <= 4; run++) expect(await archiveTick(env, db(), now + run * 60_000, { pages: 1, chunkRows: 2 })).toEqual({ ran: true, archived: [] });
    expect((await dayState(db(), today()))?.chunks.verified).toHaveLength(4);
    // A run that reaches the day's end and fails on another shard (its counts are summed over
    // every shard into the archive): the day stays in D1, and the next runs finish it.
    await expect(archiveTick(failingShardCounts(2), db(), now + 4 * 60_000 + 30_000, { pages: 100, chunkRows: 2 })).rejects.toThrow("shard 2 unavailable");
    expect((await dayState(db(), today()))?.archivedAt).toBeNull();
    expect(await countRows("select count(*) as n from rounds where puzzle_date = ?", today())).toBe(rounds.length);

    // Another run holds the lease (as a slow run would): this one does nothing.
    expect(await takeLease(db(), "archive", "another run", now + 5 * 60_000, now + 10 * 60_000)).toBe(true);
    expect(await archiveTick(env, db(), now + 5 * 60_000, { pages: 1, chunkRows: 2 })).toEqual({ ran: false, archived: [] });
    // Once that lease has run out, the minute's cron (as wrangler.toml schedules it) finishes the day.
    const finished = now + 10 * 60_000;
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: finished, cron: ARCHIVE_CRON }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await dayState(db(), today()))?.archivedAt).toBe(finished);
    expect(await countRows("select count(*) as n from work_leases")).toBe(0);

    expect(await countRows("select count(*) as n from rounds where puzzle_date = ?", today())).toBe(0);
    // Every ranked round archived exactly once, in leaderboard order.
    expect(await archivedRoundIds()).toEqual(rounds.map((r) => r.roundId));
    // Each player's day folded once into their summary.
    for (const player of players) {
      const row = await playerShard(player.playerId).prepare("select summary from player_summaries where player_id = ?").bind(player.playerId).first<{ summary: string }>();
      const summary = JSON.parse(row!.summary) as { ranked: number; days: unknown[] };
      expect(summary.ranked).toBe(1);
      expect(summary.days).toHaveLength(1);
    }
    expect(await answers(tokens)).toEqual(fromD1);
  });

  it("keeps pace with 10 million rounds a day under production scheduling: under 6 hours", () => {
    // At most: 1,000 rounds a page archived, 5,000 deleted a page, one short page per phase.
    expect(pagesToArchive(10_000_000)).toBe(12_004);
    expect(runsToArchive(10_000_000)).toBe(Math.ceil(12_004 / ARCHIVE_PAGES_PER_RUN));
    expect(runsToArchive(10_000_000) / ARCHIVE_RUNS_PER_HOUR).toBeLessThan(6);
  });

  it("takes fewer pages a run as the shards grow, so a run stays under its D1 queries; still under 6 hours at 8 shards", () => {
    for (const shards of [1, 2, 4, 8, 16]) {
      const pages = archivePagesPerRun(shards);
      expect(pages).toBeLessThanOrEqual(ARCHIVE_PAGES_PER_RUN);
      expect(pages * queriesPerPage(shards)).toBeLessThanOrEqual(ARCHIVE_QUERIES_PER_RUN);
    }
    expect(archivePagesPerRun(4)).toBe(ARCHIVE_PAGES_PER_RUN);
    expect(runsToArchive(10_000_000, archivePagesPerRun(8)) / ARCHIVE_RUNS_PER_HOUR).toBeLessThan(6);
  });
});
