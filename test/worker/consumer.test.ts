// The queue consumer on its own: redelivered batches, concurrent merges of the same round, and
// failures that leave D1 as it was for the queue to retry.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "#worker/index.ts";
import { retryDelay } from "#worker/results/sync-consumer.ts";
import { mergeSyncs } from "#worker/results/merge-syncs.ts";
import { ranksOf } from "#worker/results/found-set.ts";
import type { SyncMessage } from "#worker/rounds/sync-producer.ts";
import { allShardD1s } from "#worker/db/shards.ts";
import { countEverywhere, countRows, newPlayer, newPlayerOnAnotherShard, playerShard, puzzleOf, solutionWords, startRound, storedRound, today } from "./helpers.ts";

// Each shard counts its own rounds: the day's counts are the sums.
const finders = (rank: number) => countEverywhere("select coalesce(sum(finders), 0) as n from word_finders where puzzle_date = ? and word_rank = ?", today(), rank);
const atScore = (score: number) => countEverywhere("select coalesce(sum(rounds), 0) as n from score_histogram where puzzle_date = ? and score = ?", today(), score);

async function deliver(messages: SyncMessage[], attempts = 1) {
  const batch = createMessageBatch<SyncMessage>("tumbleword-syncs", messages.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts, body })));
  const ctx = createExecutionContext();
  let error: unknown = null;
  try {
    await worker.queue(batch, env);
  } catch (e) {
    error = e;
  }
  return { result: await getQueueResult(batch, ctx), error };
}

describe("the sync consumer", () => {
  it("backs off between retries: 10 s, doubling, at most an hour", () => {
    expect([1, 2, 3, 4, 9, 10, 30].map(retryDelay)).toEqual([10, 20, 40, 80, 2560, 3600, 3600]);
  });

  it("changes nothing when a batch is delivered again", async () => {
    const puzzle = await puzzleOf(today());
    const [a, b] = solutionWords(puzzle, 2);
    const player = await newPlayer();
    const round = await startRound(player);
    const message: SyncMessage = { roundId: round.roundId, playerId: player.playerId, date: today(), ranked: true, words: [a.word, b.word] };
    const rank = puzzle.rankOf.get(a.word)!;
    const before = { finders: await finders(rank), atZero: await atScore(0) };

    const first = await deliver([message, { ...message, words: [a.word] }]);
    expect(first.error).toBeNull();
    expect(first.result.explicitAcks).toEqual([]);
    expect(first.result.retryMessages).toEqual([]);
    const stored = await storedRound(round.roundId);
    expect(stored).toMatchObject({ score: a.points + b.points, words: 2 });
    expect(await finders(rank)).toBe(before.finders + 1);
    expect(await atScore(0)).toBe(before.atZero - 1);

    const again = await deliver([message]);
    expect(again.error).toBeNull();
    expect(await storedRound(round.roundId)).toEqual(stored);
    expect(await finders(rank)).toBe(before.finders + 1);
    expect(await atScore(0)).toBe(before.atZero - 1);
  });

  it("merges concurrent syncs of the same round once each (a stale plan is planned again)", async () => {
    const puzzle = await puzzleOf(today());
    const words = solutionWords(puzzle, 6);
    const player = await newPlayer();
    const round = await startRound(player);
    const ranks = words.map((w) => puzzle.rankOf.get(w.word)!);
    const before = await Promise.all(ranks.map(finders));
    const total = words.reduce((s, w) => s + w.points, 0);
    const atTotal = await atScore(total);
    // Overlapping subsets, merged at the same time.
    const subsets = [words.slice(0, 3), words.slice(2, 5), words.slice(4), words, words.slice(1, 2)];
    await Promise.all(subsets.map((subset) => mergeSyncs(env, [{ roundId: round.roundId, playerId: player.playerId, date: today(), ranked: true, words: subset.map((w) => w.word) }])));
    const stored = await storedRound(round.roundId);
    expect(stored).toMatchObject({ score: total, words: 6 });
    expect(ranksOf(Uint8Array.from(stored!.found))).toEqual([...ranks].sort((x, y) => x - y));
    expect(await Promise.all(ranks.map(finders))).toEqual(before.map((n) => n + 1));
    expect(await atScore(total)).toBe(atTotal + 1);
  });

  it("acknowledges a message for a round it does not know, changing nothing", async () => {
    const logged = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { error, result } = await deliver([{ roundId: crypto.randomUUID(), date: today(), ranked: true, words: ["anything"] }]);
      expect(error).toBeNull();
      expect(result.retryBatch.retry).toBe(false);
      expect(String(logged.mock.calls[0]?.[0])).toContain("not stored");
    } finally {
      logged.mockRestore();
    }
  });

  it("merges a message of an older version (no player id) on the shard that holds its round", async () => {
    const puzzle = await puzzleOf(today());
    const [a] = solutionWords(puzzle, 1);
    const player = await newPlayer();
    const round = await startRound(player);
    const { error, result } = await deliver([{ roundId: round.roundId, date: today(), ranked: true, words: [a.word] }]);
    expect(error).toBeNull();
    expect(result.ackAll).toBe(true);
    expect(await playerShard(player.playerId).prepare("select score, words from rounds where id = ?").bind(round.roundId).first()).toEqual({ score: a.points, words: 1 });
  });

  it("merges a batch shard by shard: each round and its counts on its player's shard, nothing on the others", async () => {
    const puzzle = await puzzleOf(today());
    const [a, b] = solutionWords(puzzle, 2);
    const one = await newPlayer();
    const two = await newPlayerOnAnotherShard(one.playerId);
    const [first, second] = [await startRound(one), await startRound(two)];
    const rank = puzzle.rankOf.get(a.word)!;
    const findersOn = (d1: D1Database) => d1.prepare("select coalesce(sum(finders), 0) as n from word_finders where puzzle_date = ? and word_rank = ?").bind(today(), rank).first<number>("n");
    const before = await Promise.all(allShardD1s(env).map(findersOn));
    const { error, result } = await deliver([
      { roundId: first.roundId, playerId: one.playerId, date: today(), ranked: true, words: [a.word] },
      { roundId: second.roundId, playerId: two.playerId, date: today(), ranked: true, words: [a.word, b.word] },
    ]);
    expect(error).toBeNull();
    expect(result.ackAll).toBe(true);
    const after = await Promise.all(allShardD1s(env).map(findersOn));
    const grew = allShardD1s(env).map((d1, i) => after[i]! - before[i]!);
    // One finder more on each of the two players' shards, none anywhere else.
    expect(grew).toEqual(allShardD1s(env).map((d1) => (d1 === playerShard(one.playerId) || d1 === playerShard(two.playerId) ? 1 : 0)));
    expect(await playerShard(two.playerId).prepare("select score, words from rounds where id = ?").bind(second.roundId).first()).toEqual({ score: a.points + b.points, words: 2 });
    expect(await playerShard(one.playerId).prepare("select count(*) as n from rounds where id = ?").bind(second.roundId).first("n")).toBe(0);
  });

  it("retries the whole batch when one shard's D1 fails: the other shard's merge is kept, and the redelivery changes nothing there", async () => {
    const puzzle = await puzzleOf(today());
    const [kept, failed] = solutionWords(puzzle, 2);
    const player = await newPlayer();
    const otherPlayer = await newPlayerOnAnotherShard(player.playerId);
    const round = await startRound(player);
    const other = await startRound(otherPlayer);
    await mergeSyncs(env, [{ roundId: round.roundId, playerId: player.playerId, date: today(), ranked: true, words: [kept.word] }]);
    const rank = puzzle.rankOf.get(failed.word)!;
    const before = await finders(rank);
    const retrying = () => countRows("select coalesce(sum(retrying), 0) as n from day_states where date = ?", today());
    const retryingBefore = await retrying();
    const broken = playerShard(player.playerId);
    await broken.prepare("create trigger fail_finders before update on word_finders begin select raise(abort, 'injected failure'); end").run();
    await broken.prepare("create trigger fail_finders_insert before insert on word_finders begin select raise(abort, 'injected failure'); end").run();
    const batch: SyncMessage[] = [
      { roundId: round.roundId, playerId: player.playerId, date: today(), ranked: true, words: [failed.word] },
      { roundId: other.roundId, playerId: otherPlayer.playerId, date: today(), ranked: true, words: [failed.word] },
    ];
    try {
      const { error, result } = await deliver(batch);
      expect(error).toBeNull();
      expect(result.ackAll).toBe(false);
      expect(result.retryMessages).toEqual([{ msgId: "m0" }, { msgId: "m1" }]);
    } finally {
      await broken.prepare("drop trigger fail_finders").run();
      await broken.prepare("drop trigger fail_finders_insert").run();
    }
    expect(await retrying()).toBe(retryingBefore + 2);
    // The failed shard wrote nothing (one transaction); the other shard's merge stands.
    expect(await storedRound(round.roundId)).toMatchObject({ score: kept.points, words: 1 });
    expect(await storedRound(other.roundId)).toMatchObject({ score: failed.points, words: 1 });
    expect(await finders(rank)).toBe(before + 1);
    // Retried, each is merged once, and no longer counts as retrying.
    const retried = await deliver(batch, 2);
    expect(retried.result.ackAll).toBe(true);
    expect(await retrying()).toBe(retryingBefore);
    expect(await storedRound(round.roundId)).toMatchObject({ score: kept.points + failed.points, words: 2 });
    expect(await storedRound(other.roundId)).toMatchObject({ score: failed.points, words: 1 });
    expect(await finders(rank)).toBe(before + 2);
  });
});
