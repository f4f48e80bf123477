// POST /api/rounds/:roundId/words/batch: the site's words, a few at a time. One verdict and (for
// an accepted word) one receipt per word, judged like single words; lateness by the batch's
// arrival, receipts dated when the word was found (at most MAX_WORD_AGE_MS back).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GRACE_MS, MAX_WORDS_PER_BATCH, batchDelayMs } from "#game/round.ts";
import { limitKeys } from "#worker/http/rate-limit.ts";
import { verifyReceipt } from "#worker/rounds/tickets-and-receipts.ts";
import { MAX_WORDS_PER_WINDOW } from "#worker/results/fair-play.ts";
import { MAX_WORD_AGE_MS, roundMs } from "#worker/rounds/rounds.ts";
import { call, callJson, endRound, expectError, newPlayer, NOT_A_WORD, playerShard, puzzleOf, solutionWords, startRound, sync, today, type Json, waitForStored, withinOneWindow, wordNotOnBoard } from "./helpers.ts";

const batchPath = (round: Json) => `/api/rounds/${round.roundId}/words/batch`;

function sendBatch(round: Json, words: { word: string; age?: number }[]): Promise<Json> {
  return callJson(batchPath(round), { json: { ticket: round.ticket, words } });
}

/** When the receipt says the word was found (ms since the epoch). */
async function receiptTime(roundId: string, receipt: string): Promise<number> {
  const check = await verifyReceipt(env, roundId, receipt);
  if (!check.ok) throw new Error(`receipt ${receipt} does not verify: ${check.reason}`);
  return check.receipt.at;
}

describe("POST /api/rounds/:roundId/words/batch", () => {
  it("answers one verdict per word, in order, with a receipt for each accepted word, and the receipts sync", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const puzzle = await puzzleOf(today());
    const [a, b] = solutionWords(puzzle, 2);
    const offBoard = wordNotOnBoard(puzzle);
    const res = await call(batchPath(round), { json: { ticket: round.ticket, words: [{ word: a.word.toUpperCase() }, { word: "at" }, { word: NOT_A_WORD }, { word: offBoard }, { word: b.word, age: 2000 }] } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const { verdicts, batchDelayMs: delay } = (await res.json()) as Json;
    // The site's wait before its next batch: a sixth of the round (30 s of a 3-minute round).
    expect(delay).toBe(batchDelayMs(roundMs(env)));
    expect(verdicts).toEqual([
      { accepted: true, word: a.word, points: a.points, receipt: expect.stringMatching(new RegExp(`^${a.word}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{43}$`)) },
      { accepted: false, reason: "too-short", word: "at", points: 0 },
      { accepted: false, reason: "not-a-word", word: NOT_A_WORD, points: 0 },
      { accepted: false, reason: "not-on-board", word: offBoard, points: 0 },
      { accepted: true, word: b.word, points: b.points, receipt: expect.any(String) },
    ]);
    expect(await sync(round, [verdicts[0].receipt, verdicts[4].receipt])).toEqual({ queued: 2, refused: [] });
    expect(await waitForStored(round.roundId, 2)).toMatchObject({ score: a.points + b.points, words: 2 });
  });

  it("stores the accepted words at once when the page asks (`store`: a frame that keeps nothing, a page going away), no sync needed", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const [a, b] = solutionWords(await puzzleOf(today()), 2);
    const answer = await callJson(batchPath(round), { json: { ticket: round.ticket, words: [{ word: a.word }, { word: NOT_A_WORD }, { word: b.word }], store: true } });
    expect(answer.verdicts.map((v: Json) => v.accepted)).toEqual([true, false, true]);
    expect(answer.stored).toEqual({ queued: 2, refused: [] });
    expect(await waitForStored(round.roundId, 2)).toMatchObject({ score: a.points + b.points, words: 2 });
    // Without `store` nothing is stored (the page syncs the receipts itself), and `stored` says so.
    expect((await sendBatch(round, [{ word: a.word }])).stored).toBeNull();
    // Nothing accepted: nothing queued.
    expect((await callJson(batchPath(round), { json: { ticket: round.ticket, words: [{ word: NOT_A_WORD }], store: true } })).stored).toEqual({ queued: 0, refused: [] });
  });

  it("answers `stored: null` (the page syncs later) when the player's syncs are over their limit, and still judges the words", async () => {
    const { answer } = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      const round = await startRound(player);
      const [a] = solutionWords(await puzzleOf(today()), 1);
      await Promise.all(Array.from({ length: 60 }, () => env.SYNC_LIMITER.limit({ key: limitKeys.sync(player.playerId) })));
      const answer = await callJson(batchPath(round), { json: { ticket: round.ticket, words: [{ word: a.word }], store: true } });
      return { answer };
    });
    expect(answer.verdicts[0].accepted).toBe(true);
    expect(answer.stored).toBeNull();
  });

  it("dates each receipt when the word was found, never more than MAX_WORD_AGE_MS before the batch arrived", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const [a, b, c] = solutionWords(await puzzleOf(today()), 3);
    const before = Date.now();
    const { verdicts } = await sendBatch(round, [{ word: a.word }, { word: b.word, age: 12_000 }, { word: c.word, age: 10 * 60_000 }]);
    const after = Date.now();
    const [atA, atB, atC] = await Promise.all(verdicts.map((v: Json) => receiptTime(round.roundId, v.receipt)));
    expect(atA).toBeGreaterThanOrEqual(before);
    expect(atA).toBeLessThanOrEqual(after);
    expect(atB).toBeGreaterThanOrEqual(before - 12_000);
    expect(atB).toBeLessThanOrEqual(after - 12_000);
    // Ten minutes old by the client's word: dated only MAX_WORD_AGE_MS back.
    expect(atC).toBeGreaterThanOrEqual(before - MAX_WORD_AGE_MS);
    expect(atC).toBeLessThanOrEqual(after - MAX_WORD_AGE_MS);
  });

  it("judges lateness by the batch's arrival: within the grace counts, after it every word is late whatever its age", async () => {
    const player = await newPlayer();
    const first = await startRound(player);
    const [onTime, late] = solutionWords(await puzzleOf(today()), 2);
    await endRound(first.roundId, GRACE_MS / 2);
    const inGrace = await startRound(player);
    expect((await sendBatch(inGrace, [{ word: onTime.word, age: 20_000 }])).verdicts[0].accepted).toBe(true);
    await endRound(first.roundId, GRACE_MS + 1000);
    const over = await startRound(player);
    // An age reaching back into the round does not make a late word count.
    expect((await sendBatch(over, [{ word: late.word, age: MAX_WORD_AGE_MS }, { word: onTime.word }])).verdicts).toEqual([
      { accepted: false, reason: "late", word: late.word, points: 0 },
      { accepted: false, reason: "late", word: onTime.word, points: 0 },
    ]);
  });

  it("keeps the pace rule: a batch of words found at once is flagged, the same words found at a person's pace are not", async () => {
    const words = (await puzzleOf(today())).words.filter((w: Json) => w.common).slice(0, MAX_WORDS_PER_WINDOW + 5).map((w: Json) => w.word);
    expect(words).toHaveLength(MAX_WORDS_PER_WINDOW + 5);
    /** A round started two minutes ago and open for one more (ages of up to a minute fall inside it), its words sent in one batch and synced. */
    const play = async (ages: (i: number) => number) => {
      const player = await newPlayer();
      const first = await startRound(player);
      const startedAt = Date.now() - 120_000;
      await playerShard(player.playerId).prepare("update rounds set started_at = ?, ends_at = ? where id = ?").bind(startedAt, Date.now() + 60_000, first.roundId).run();
      const round = await startRound(player);
      const { verdicts } = await sendBatch(round, words.map((word: string, i: number) => ({ word, age: ages(i) })));
      await sync(round, verdicts.map((v: Json) => v.receipt));
      await waitForStored(round.roundId, words.length);
      return playerShard(player.playerId).prepare("select verified, flags from rounds where id = ?").bind(round.roundId).first<{ verified: number; flags: string }>();
    };
    // A script's words, all sent the moment they were found: more than the pace allows in 10 s.
    expect(await play(() => 0)).toEqual({ verified: 0, flags: "pace" });
    // A person's: one every two seconds, the oldest 50 s before the batch left.
    expect(await play((i) => 50_000 - i * 2000)).toEqual({ verified: 1, flags: "" });
  });

  it(`takes at most ${MAX_WORDS_PER_BATCH} words a batch, and refuses malformed batches with a reason: 400`, async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const ticket = round.ticket;
    const full = Array.from({ length: MAX_WORDS_PER_BATCH }, () => ({ word: NOT_A_WORD }));
    expect((await sendBatch(round, full)).verdicts).toHaveLength(MAX_WORDS_PER_BATCH);
    const tooMany = await call(batchPath(round), { json: { ticket, words: [...full, { word: NOT_A_WORD }] } });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain(`at most ${MAX_WORDS_PER_BATCH} words per batch`);
    for (const words of [[], [{ word: "" }], [{ word: "d1gits" }], [{ word: "ok", age: -1 }], [{ word: "ok", age: 1.5 }], ["word"]]) {
      await expectError(await call(batchPath(round), { json: { ticket, words } }), 400, "invalid-request");
    }
    await expectError(await call(batchPath(round), { json: { words: [{ word: "word" }] } }), 400, "invalid-request");
  });

  it("needs the round's own ticket: a forged one is 401, another round's is 403", async () => {
    const round = await startRound(await newPlayer());
    const other = await startRound(await newPlayer());
    const words = [{ word: NOT_A_WORD }];
    await expectError(await call(batchPath(round), { json: { ticket: "nonsense", words } }), 401, "unauthorized");
    await expectError(await call(batchPath(round), { json: { ticket: other.ticket, words } }), 403, "forbidden");
  });

  it("counts a batch as one request toward the player's word limit: 429 once it is used up", async () => {
    const { accepted, limited } = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      const round = await startRound(player);
      await Promise.all(Array.from({ length: 299 }, () => env.WORD_LIMITER.limit({ key: limitKeys.word(player.playerId) })));
      const words = Array.from({ length: 10 }, () => ({ word: NOT_A_WORD }));
      const accepted = await call(batchPath(round), { json: { ticket: round.ticket, words } });
      const limited = await call(batchPath(round), { json: { ticket: round.ticket, words } });
      return { accepted, limited };
    });
    expect(accepted.status).toBe(200);
    await expectError(limited, 429, "rate-limited");
  });
});
