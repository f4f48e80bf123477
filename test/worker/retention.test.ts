// Retention: a day is settled only when none of its messages is pending (its settle probe taken,
// nothing retrying, nothing stranded in the dead-letter store), then its results move to R2 and
// its rounds leave D1, with every answer byte-identical before and after the move. Also: the
// dead-letter store and its replay, stats from the player summary over a long history, and the
// leaderboard's canonical cache key (the cleanup: cleanup.test.ts).
import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import worker from "#worker/index.ts";
import { type QueueMessage, consumeSyncs } from "#worker/results/sync-consumer.ts";
import { database } from "#worker/db/client.ts";
import { allShardD1s, shardOfPlayer } from "#worker/db/shards.ts";
import { type ArchivedDay, shardChunks } from "#worker/archive/day-archive.ts";
import { emptySummary, foldDay } from "#worker/players/player-summary.ts";
import { isDaySettled, retainSettledDays, sendProbes } from "#worker/archive/retention.ts";
import type { SyncMessage } from "#worker/rounds/sync-producer.ts";
import { ORIGIN, call, callJson, countEverywhere, countRows, endRound, newPlayer, play, puzzleOf, solutionWords, startRound, today, playerShard } from "./helpers.ts";
import { answers, later, probeToday } from "./retention-helpers.ts";

const db = () => database(env.DB);

async function deliver(queue: string, bodies: QueueMessage[], attempts = 1) {
  const batch = createMessageBatch<QueueMessage>(queue, bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts, body })));
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return getQueueResult(batch, ctx);
}

describe("settling and archiving a day", () => {
  it("answers the same bytes from R2 as from D1, and D1 keeps nothing of the day", async () => {
    const puzzle = await puzzleOf(today());
    const found = solutionWords(puzzle, 6);
    const words = found.map((w) => w.word);
    // Five ranked players with different scores (two tie), and one unranked round of yesterday.
    const players = await Promise.all([0, 1, 2, 3, 4].map((i) => newPlayer(`Keeper ${i}`)));
    const rounds = [];
    for (const [i, player] of players.entries()) rounds.push(await play(player, words.slice(0, [4, 2, 2, 1, 0][i])));
    await startRound(players[0], addDays(today(), -1));
    for (const round of rounds) await endRound(round.roundId, 60_000);
    const now = later();

    await probeToday(now);
    // Settled (its answers now say when), not yet moved: the answers as D1 gives them.
    await retainSettledDays(env, db(), now, { pages: 0 });
    expect(await isDaySettled(db(), today())).toBe(true);
    const tokens = players.map((p) => p.token);
    const fromD1 = await answers(tokens, [2, 3, 100]);
    expect(fromD1.length).toBeGreaterThan(10);
    expect(JSON.parse(fromD1[0]).entries).toHaveLength(2);

    // Chunks of two rounds, so that pages cross chunk boundaries.
    expect(await retainSettledDays(env, db(), now, { pages: 100, chunkRows: 2 })).toContain(today());
    // Nothing of the day is left on any shard.
    for (const table of ["rounds", "score_histogram", "word_finders"]) expect(await countEverywhere(`select count(*) as n from ${table} where puzzle_date = ?`, today()), table).toBe(0);
    // Each shard's ranked rounds in chunks of at most two, every chunk listed in day.json.
    const day = (await (await env.ARCHIVE.get(`days/${today()}/day.json`))!.json()) as ArchivedDay;
    const verified = shardChunks(day).flatMap((chunks) => chunks.verified);
    expect(verified.reduce((sum, chunk) => sum + chunk.count, 0)).toBe(players.length);
    expect(verified.every((chunk) => chunk.count <= 2)).toBe(true);
    expect((await env.ARCHIVE.list({ prefix: `days/${today()}/verified/` })).objects.length).toBe(verified.length);

    const fromR2 = await answers(tokens, [2, 3, 100]);
    expect(fromR2).toEqual(fromD1);
    // A settled day's pages are cached for minutes: they name players as they are now (a rename, a deletion).
    expect((await call(`/api/puzzles/${today()}/leaderboard`)).headers.get("Cache-Control")).toBe("public, max-age=600");

    // The players' history survives in their summaries: stats and a league-style look-up of one
    // player's result of that day.
    const stats = await callJson("/api/players/me/stats", { token: players[0].token });
    expect(stats).toMatchObject({ played: 1, streak: 1, bestScore: found.slice(0, 4).reduce((sum, w) => sum + w.points, 0) });
    expect(stats.history.map((h: { date: string; ranked: boolean }) => [h.date, h.ranked])).toEqual([
      [today(), true],
      [addDays(today(), -1), false],
    ]);
    // Achievements the round earned are kept in the summary, so they outlive the round's row.
    expect(stats.achievements).toMatchObject({ "first-round": today() });
    const kept = await playerShard(players[0].playerId).prepare("select summary from player_summaries where player_id = ?").bind(players[0].playerId).first<{ summary: string }>();
    expect(JSON.parse(kept!.summary).earned).toMatchObject({ "first-round": today() });
    // Each summary is on its player's shard, and on no other.
    for (const player of players) {
      const counts = await Promise.all(allShardD1s(env).map(async (d1) => (await d1.prepare("select count(*) as n from player_summaries where player_id = ?").bind(player.playerId).first<number>("n")) ?? 0));
      expect(counts).toEqual(counts.map((_, shard) => (shard === shardOfPlayer(player.playerId, counts.length) ? 1 : 0)));
    }
    // The last player's round found nothing: not ranked, live or archived.
    const me = JSON.parse(fromR2[fromR2.length - 2]);
    expect(me.you).toBeNull();
    const fourth = JSON.parse(fromR2[fromR2.length - 4]);
    expect(fourth.you.roundId).toBe(rounds[3].roundId);
    expect(fromR2.join()).not.toContain(`"roundId":"${rounds[4].roundId}"`);
  });
});

describe("settlement waits for every message of the day", () => {
  it("is not settled while a message retries or is stranded, whatever the clock says", async () => {
    const day = addDays(today(), -5);
    await puzzleOf(day);
    const now = later();
    expect(await sendProbes(env, db(), now)).toContain(day);
    // A sync of the day failed once and is being retried: the probe arrives meanwhile.
    const message: SyncMessage = { roundId: crypto.randomUUID(), date: day, ranked: true, words: ["nothing"] };
    await env.DB.prepare("update day_states set retrying = 1 where date = ?").bind(day).run();
    await deliver("tumbleword-syncs", [{ kind: "settle-probe", date: day }]);
    expect(await isDaySettled(db(), day)).toBe(false);
    expect(await retainSettledDays(env, db(), now)).not.toContain(day);
    // It fails every retry and is stranded in the dead-letter store: still not settled.
    const dead = await deliver("tumbleword-syncs-dlq", [message]);
    expect(dead.ackAll).toBe(true);
    expect(await countRows("select count(*) as n from stranded_syncs where puzzle_date = ?", day)).toBe(1);
    expect(await isDaySettled(db(), day)).toBe(false);
    // The upkeep replays it (a round that does not exist is ignored, like any unknown round): settled.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await countRows("select count(*) as n from stranded_syncs where puzzle_date = ?", day)).toBe(0);
    expect(await isDaySettled(db(), day)).toBe(true);
  });

  it("replays a stranded sync's words into its round", async () => {
    const puzzle = await puzzleOf(today());
    const [word] = solutionWords(puzzle, 1);
    const round = await startRound(await newPlayer());
    await deliver("tumbleword-syncs-dlq", [{ roundId: round.roundId, date: today(), ranked: true, words: [word.word] }]);
    expect(await countRows("select count(*) as n from stranded_syncs where puzzle_date = ?", today())).toBeGreaterThan(0);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "17 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await countEverywhere("select score as n from rounds where id = ?", round.roundId)).toBe(word.points);
    expect(await countRows("select count(*) as n from stranded_syncs")).toBe(0);
  });

  it("takes a probe only with the syncs of its batch: a failing batch sends the probe back too", async () => {
    const day = addDays(today(), -7);
    const batch = createMessageBatch<QueueMessage>("tumbleword-syncs", [
      { id: "sync", timestamp: new Date(), attempts: 1, body: { roundId: "not-a-round", date: day, ranked: true, words: [] } },
      { id: "probe", timestamp: new Date(), attempts: 1, body: { kind: "settle-probe", date: day } },
    ]);
    const broken = { ...env, DB: { prepare: () => { throw new Error("D1 is down"); }, batch: () => { throw new Error("D1 is down"); } } } as unknown as typeof env;
    await expect(consumeSyncs(batch, broken)).rejects.toThrow("D1 is down");
    const result = await getQueueResult(batch, createExecutionContext());
    expect(result.ackAll).toBe(false);
    expect(result.retryMessages.map((m: { msgId: string }) => m.msgId).sort()).toEqual(["probe", "sync"]);
    expect(await isDaySettled(db(), day)).toBe(false);
  });
});

describe("stats from the player summary", () => {
  it("are right over 600 days of history, most of them long gone from D1", async () => {
    const player = await newPlayer("Veteran");
    // 600 ranked days in a row ending four days ago, then a gap of three days (two banked streak
    // freezes cover two of them), folded as retention would.
    let summary = emptySummary();
    for (let i = 603; i >= 4; i--) {
      const date = addDays(today(), -i);
      summary = foldDay(summary, { roundId: crypto.randomUUID(), date, ranked: true, score: i % 50, words: i % 20, verified: true, flags: "", found: [{ word: `w${i}`, points: i % 13 }] });
    }
    await playerShard(player.playerId)
      .prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, ?)")
      .bind(player.playerId, JSON.stringify(summary), addDays(today(), -4))
      .run();
    const [a] = solutionWords(await puzzleOf(today()), 1);
    await play(player, [a.word]);
    const stats = await callJson("/api/players/me/stats", { token: player.token });
    const scores = Array.from({ length: 600 }, (_, k) => (k + 4) % 50);
    expect(stats.played).toBe(601);
    expect(stats.bestStreak).toBe(600);
    expect(stats.streak).toBe(1); // today only: the run ended four days ago
    expect(stats.frozenDates).toEqual([addDays(today(), -2), addDays(today(), -3)]);
    expect(stats.bestScore).toBe(Math.max(49, a.points));
    expect(stats.totalPoints).toBe(scores.reduce((s, x) => s + x, 0) + a.points);
    expect(stats.averageScore).toBe(Math.round((10 * stats.totalPoints) / 601) / 10);
    expect(stats.history).toHaveLength(30);
    expect(stats.history[0]).toMatchObject({ date: today(), ranked: true, score: a.points });
    expect(stats.bestWords).toHaveLength(10);
    expect(stats.bestWords[0].points).toBe(12);
  });
});

describe("the edge cache of the leaderboard", () => {
  it("keys a page by its canonical request: odd spellings share one entry", async () => {
    const date = today();
    const canonical = new Request(`${ORIGIN}/api/puzzles/${date}/leaderboard?limit=20`);
    await caches.default.delete(canonical);
    const odd = await call(`/api/puzzles/${date}/leaderboard?review=0&junk=1&limit=020`);
    expect(odd.status).toBe(200);
    const body = await odd.text();
    await expect.poll(async () => (await caches.default.match(canonical))?.text()).toBe(body);
    expect(await caches.default.match(new Request(`${ORIGIN}/api/puzzles/${date}/leaderboard?review=0&junk=1&limit=020`))).toBeUndefined();
  });
});
