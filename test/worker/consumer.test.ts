// The queue consumer on its own: redelivered batches, concurrent merges of the same round, and
// failures that leave D1 as it was for the queue to retry.
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import worker from "../../worker/index.ts";
import { retryDelay } from "../../worker/consumer.ts";
import { mergeSyncs } from "../../worker/services/merge-syncs.ts";
import { ranksOf } from "../../worker/services/found-set.ts";
import type { SyncMessage } from "../../worker/services/sync-producer.ts";
import { countRows, newPlayer, puzzleOf, solutionWords, startRound, storedRound, today } from "./helpers.ts";

const finders = (rank: number) => countRows("select coalesce(sum(finders), 0) as n from word_finders where puzzle_date = ? and word_rank = ?", today(), rank);
const atScore = (score: number) => countRows("select coalesce(sum(rounds), 0) as n from score_histogram where puzzle_date = ? and score = ?", today(), score);

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
    const round = await startRound(await newPlayer());
    const message: SyncMessage = { roundId: round.roundId, date: today(), ranked: true, words: [a.word, b.word] };
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
    const round = await startRound(await newPlayer());
    const ranks = words.map((w) => puzzle.rankOf.get(w.word)!);
    const before = await Promise.all(ranks.map(finders));
    const total = words.reduce((s, w) => s + w.points, 0);
    const atTotal = await atScore(total);
    // Overlapping subsets, merged at the same time.
    const subsets = [words.slice(0, 3), words.slice(2, 5), words.slice(4), words, words.slice(1, 2)];
    await Promise.all(subsets.map((subset) => mergeSyncs(env, [{ roundId: round.roundId, date: today(), ranked: true, words: subset.map((w) => w.word) }])));
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

  it("fails the whole batch, writing nothing, when D1 fails: the queue retries it, backing off, and the day counts it as retrying", async () => {
    const puzzle = await puzzleOf(today());
    const [kept, failed] = solutionWords(puzzle, 2);
    const round = await startRound(await newPlayer());
    const other = await startRound(await newPlayer());
    await mergeSyncs(env, [{ roundId: round.roundId, date: today(), ranked: true, words: [kept.word] }]);
    const rank = puzzle.rankOf.get(failed.word)!;
    const before = await finders(rank);
    const retrying = () => countRows("select coalesce(sum(retrying), 0) as n from day_states where date = ?", today());
    const retryingBefore = await retrying();
    await env.DB.prepare("create trigger fail_finders before update on word_finders begin select raise(abort, 'injected failure'); end").run();
    await env.DB.prepare("create trigger fail_finders_insert before insert on word_finders begin select raise(abort, 'injected failure'); end").run();
    try {
      const { error, result } = await deliver([
        { roundId: round.roundId, date: today(), ranked: true, words: [failed.word] },
        { roundId: other.roundId, date: today(), ranked: true, words: [failed.word] },
      ]);
      expect(error).toBeNull();
      expect(result.ackAll).toBe(false);
      expect(result.retryMessages).toEqual([{ msgId: "m0" }, { msgId: "m1" }]);
    } finally {
      await env.DB.prepare("drop trigger fail_finders").run();
      await env.DB.prepare("drop trigger fail_finders_insert").run();
    }
    expect(await retrying()).toBe(retryingBefore + 2);
    expect(await storedRound(round.roundId)).toMatchObject({ score: kept.points, words: 1 });
    expect(await storedRound(other.roundId)).toMatchObject({ score: 0, words: 0 });
    expect(await finders(rank)).toBe(before);
    // Retried, it is merged once, and no longer counts as retrying.
    const retried = await deliver([{ roundId: round.roundId, date: today(), ranked: true, words: [failed.word] }], 2);
    expect(retried.result.ackAll).toBe(true);
    expect(await retrying()).toBe(retryingBefore + 1);
    expect(await storedRound(round.roundId)).toMatchObject({ score: kept.points + failed.points, words: 2 });
    expect(await finders(rank)).toBe(before + 1);
  });
});
