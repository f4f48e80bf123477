// POST /api/puzzles/:date/rounds, POST /api/rounds/:roundId/words (judged without D1, answered
// with a receipt) and POST /api/rounds/:roundId/receipts (synced through the queue).
import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import { limitKeys } from "#worker/http/rate-limit.ts";
import { issueReceipt } from "#worker/rounds/tickets-and-receipts.ts";
import { GRACE_MS } from "#game/round.ts";
import { roundMs } from "#worker/rounds/rounds.ts";
import type { SyncMessage } from "#worker/rounds/sync-producer.ts";
import { MAX_RECEIPTS_PER_SYNC } from "#game/round.ts";
import worker from "#worker/index.ts";
import { call, callJson, countEverywhere, endRound, expectError, newPlayer, NOT_A_WORD, play, playerShard, puzzleOf, solutionWords, startRound, statuses, storedRound, submit, sync, today, tomorrow, waitForStored, withinOneWindow, wordNotOnBoard, yesterday } from "./helpers.ts";

describe("GET /api/puzzles/:date/rounds/mine", () => {
  it("gives the player's round of the day without starting one, with its stored words; null when there is none", async () => {
    const player = await newPlayer();
    const none = await call("/api/puzzles/today/rounds/mine", { token: player.token });
    expect(none.status).toBe(200);
    expect(none.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await none.json()).toEqual({ round: null });
    expect(await countEverywhere("select count(*) as n from rounds where player_id = ?", player.playerId)).toBe(0);

    const words = solutionWords(await puzzleOf(today()), 2);
    await play(player, words.map((w) => w.word));
    const started = await startRound(player);
    const { round } = (await callJson("/api/puzzles/today/rounds/mine", { token: player.token })) as { round: { roundId: string; ranked: boolean; words: string[]; ticket: string } };
    expect(round).toMatchObject({ roundId: started.roundId, ranked: true });
    expect([...round.words].sort()).toEqual(words.map((w) => w.word).sort());
    expect(round.ticket).toContain(started.roundId);
    await expectError(await call("/api/puzzles/today/rounds/mine"), 401, "unauthorized");
  });
});

describe("POST /api/puzzles/:date/rounds", () => {
  it("starts a 3-minute ranked round for today's puzzle with its ticket, and returns the same one when asked again", async () => {
    const player = await newPlayer();
    const before = Date.now();
    const res = await call("/api/puzzles/today/rounds", { method: "POST", token: player.token });
    expect(res.status).toBe(201);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const round = await res.json<{ roundId: string; startedAt: string; endsAt: string; ranked: boolean; date: string; ticket: string; serverTime: string }>();
    expect(round).toMatchObject({ ranked: true, date: today(), score: 0, found: 0, words: [] });
    // The server's clock, for the page to time the round by.
    expect(Date.parse(round.serverTime)).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(round.serverTime)).toBeLessThanOrEqual(Date.now() + 1);
    expect(round.ticket).toContain(round.roundId);
    const started = Date.parse(round.startedAt);
    expect(started).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(round.endsAt) - started).toBe(roundMs(env));
    expect(roundMs(env)).toBe(180_000); // wrangler.toml's ROUND_SECONDS

    const again = await call(`/api/puzzles/${today()}/rounds`, { method: "POST", token: player.token });
    expect(again.status).toBe(200);
    // The same round; only the server's clock has moved on.
    expect(await again.json()).toEqual({ ...round, serverTime: expect.any(String) });
    expect(await countEverywhere("select count(*) as n from rounds where player_id = ?", player.playerId)).toBe(1);
  });

  it("gives one round to parallel starts, counted once in the day's histogram", async () => {
    const histogram = () => countEverywhere("select coalesce(sum(rounds), 0) as n from score_histogram where puzzle_date = ?", today());
    const counted = await histogram();
    const player = await newPlayer();
    const rounds = await Promise.all(Array.from({ length: 10 }, () => startRound(player)));
    expect(new Set(rounds.map((r) => r.roundId)).size).toBe(1);
    expect(await countEverywhere("select count(*) as n from rounds where player_id = ?", player.playerId)).toBe(1);
    expect(await histogram()).toBe(counted + 1);
  });

  it("returns the words the server has stored, with score and count", async () => {
    const player = await newPlayer();
    const words = solutionWords(await puzzleOf(today()), 3);
    await play(player, words.map((w) => w.word));
    const round = await startRound(player);
    expect(round.words).toEqual(words.map((w) => w.word).sort());
    expect(round).toMatchObject({ score: words.reduce((s, w) => s + w.points, 0), found: 3 });
  });

  it("plays a past puzzle unranked and untimed, off the leaderboard", async () => {
    const player = await newPlayer();
    const { word } = solutionWords(await puzzleOf(yesterday()), 1)[0];
    const round = await play(player, [word], yesterday());
    expect(round).toMatchObject({ ranked: false, date: yesterday(), endsAt: null });
    expect(round.ticket).toContain(".unranked.-.");
    expect((await storedRound(round.roundId))?.words).toBe(1);
    const board = await callJson(`/api/puzzles/${yesterday()}/leaderboard`);
    expect(board.total).toBe(0);
    expect(await countEverywhere("select count(*) as n from word_finders where puzzle_date = ?", yesterday())).toBe(0);
  });

  it("answers 401 without a token or for an unknown player, 404 for a future day, 400 for a malformed day", async () => {
    const player = await newPlayer();
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST" }), 401, "unauthorized");
    await expectError(await call(`/api/puzzles/${tomorrow()}/rounds`, { method: "POST", token: player.token }), 404, "not-found");
    await expectError(await call("/api/puzzles/2026-02-31/rounds", { method: "POST", token: player.token }), 400, "invalid-request");
    await playerShard(player.playerId).prepare("delete from players where id = ?").bind(player.playerId).run();
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST", token: player.token }), 401, "unauthorized");
    expect(await countEverywhere("select count(*) as n from rounds where player_id = ?", player.playerId)).toBe(0);
  });
});

describe("POST /api/rounds/:roundId/words", () => {
  it("accepts words of the solution with their points and a receipt, reading and writing nothing", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const words = solutionWords(await puzzleOf(today()), 3);
    const before = await playerShard(player.playerId).prepare("select found, score, words from rounds where id = ?").bind(round.roundId).first();
    for (const { word, points } of words) {
      const res = await call(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word: word.toUpperCase() } });
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      expect(await res.json()).toEqual({ accepted: true, word, points, receipt: expect.stringMatching(new RegExp(`^${word}\\.[0-9a-z]+\\.[A-Za-z0-9_-]{43}$`)) });
    }
    // Nothing reaches D1 until the receipts are synced.
    expect(await playerShard(player.playerId).prepare("select found, score, words from rounds where id = ?").bind(round.roundId).first()).toEqual(before);
  });

  it("says why a word does not count, with no receipt", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const offBoard = wordNotOnBoard(await puzzleOf(today()));
    expect(await submit(round, "at")).toEqual({ accepted: false, reason: "too-short", word: "at", points: 0 });
    expect(await submit(round, NOT_A_WORD)).toEqual({ accepted: false, reason: "not-a-word", word: NOT_A_WORD, points: 0 });
    expect(await submit(round, offBoard)).toEqual({ accepted: false, reason: "not-on-board", word: offBoard, points: 0 });
  });

  it("refuses a word after the round's end plus the grace, and accepts one within the grace", async () => {
    const player = await newPlayer();
    const first = await startRound(player);
    const [onTime, late] = solutionWords(await puzzleOf(today()), 2);
    await endRound(first.roundId, GRACE_MS / 2); // ended, but within the grace
    const inGrace = await startRound(player); // the ticket carries the round's end
    expect(inGrace.ticket).not.toBe(first.ticket);
    expect((await submit(inGrace, onTime.word)).accepted).toBe(true);
    await endRound(first.roundId, GRACE_MS + 1000);
    const over = await startRound(player);
    expect(await submit(over, late.word)).toEqual({ accepted: false, reason: "late", word: late.word, points: 0 });
  });

  it("never trusts client points or scores", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const { word, points } = solutionWords(await puzzleOf(today()), 1)[0];
    const res = await callJson(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word, points: 999, score: 999, path: [[0, 0]] } });
    expect(res).toMatchObject({ accepted: true, word, points });
  });

  it("needs the round's own ticket: a forged one is 401, another round's is 403", async () => {
    const player = await newPlayer();
    const other = await startRound(await newPlayer());
    const round = await startRound(player);
    const { word } = solutionWords(await puzzleOf(today()), 1)[0];
    const path = `/api/rounds/${round.roundId}/words`;
    // Tampering with any part (here: a later end) breaks the signature.
    const later = round.ticket.replace(/\.ranked\.(\d+)\./, (_: string, ends: string) => `.ranked.${Number(ends) + 3_600_000}.`);
    expect(later).not.toBe(round.ticket);
    await expectError(await call(path, { json: { ticket: later, word } }), 401, "unauthorized");
    await expectError(await call(path, { json: { ticket: "nonsense", word } }), 401, "unauthorized");
    // A player token is not a ticket.
    await expectError(await call(path, { json: { ticket: player.token, word } }), 401, "unauthorized");
    await expectError(await call(path, { json: { ticket: other.ticket, word } }), 403, "forbidden");
  });

  it("validates the request: 400, 413", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const { word } = solutionWords(await puzzleOf(today()), 1)[0];
    const path = `/api/rounds/${round.roundId}/words`;
    const ticket = round.ticket;
    await expectError(await call("/api/rounds/not-a-round/words", { json: { ticket, word } }), 400, "invalid-request");
    for (const body of [{ word }, { ticket }, { ticket, word: 42 }, { ticket, word: "" }, { ticket, word: "two words" }, { ticket, word: "d1gits" }, { ticket, word: "a".repeat(41) }, { ticket, word, path: "0,0" }, { ticket, word, path: [[0, -1]] }]) {
      await expectError(await call(path, { json: body }), 400, "invalid-request");
    }
    await expectError(await call(path, { body: "{word:", headers: { "Content-Type": "application/json" } }), 400, "invalid-json");
    await expectError(await call(path, { body: word, headers: { "Content-Type": "text/plain" } }), 415, "unsupported-media-type");
    await expectError(await call(path, { json: { ticket, word, pad: "x".repeat(5000) } }), 413, "payload-too-large");
  });

  it("is rate limited per player (300 a minute): 429", async () => {
    const { word } = solutionWords(await puzzleOf(today()), 1)[0];
    // Collected first, asserted after: a run that straddles two limiter windows is redone.
    const { accepted, limited } = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      const round = await startRound(player);
      // Use up 299 of the player's 300 submissions through the binding itself (quicker than
      // 299 requests), then the 300th is answered and the 301st refused.
      await Promise.all(Array.from({ length: 299 }, () => env.WORD_LIMITER.limit({ key: limitKeys.word(player.playerId) })));
      const accepted = await call(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word: NOT_A_WORD } });
      const limited = await call(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word } });
      return { accepted, limited };
    });
    expect(accepted.status).toBe(200);
    await expectError(limited, 429, "rate-limited");
    // Other players are not affected.
    const other = await startRound(await newPlayer());
    expect((await submit(other, word)).accepted).toBe(true);
  });

  it("counts rejected words toward the limit too", async () => {
    const sent = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      const round = await startRound(player);
      await Promise.all(Array.from({ length: 290 }, () => env.WORD_LIMITER.limit({ key: limitKeys.word(player.playerId) })));
      return statuses(15, 5, () => call(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word: NOT_A_WORD } }));
    });
    expect(sent.filter((s) => s === 200)).toHaveLength(10);
    expect(sent.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe("POST /api/rounds/:roundId/receipts", () => {
  it("stores the synced words through the queue: score, count and found set", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const words = solutionWords(await puzzleOf(today()), 4);
    const receipts = await Promise.all(words.map(async (w) => (await submit(round, w.word)).receipt));
    const res = await call(`/api/rounds/${round.roundId}/receipts`, { json: { ticket: round.ticket, receipts } });
    expect(res.status).toBe(202);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ queued: 4, refused: [] });
    const stored = await waitForStored(round.roundId, 4);
    expect(stored.score).toBe(words.reduce((s, w) => s + w.points, 0));
    expect((await startRound(player)).words).toEqual(words.map((w) => w.word).sort());
  });

  it("is idempotent: the same receipts synced again, and two receipts of one word, count once", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const [a, b] = solutionWords(await puzzleOf(today()), 2);
    const first = (await submit(round, a.word)).receipt;
    const again = (await submit(round, a.word)).receipt; // the same word sent twice: two receipts
    const other = (await submit(round, b.word)).receipt;
    expect(await sync(round, [first, again])).toEqual({ queued: 1, refused: [] });
    await waitForStored(round.roundId, 1);
    await Promise.all([sync(round, [first, other]), sync(round, [again, other]), sync(round, [other])]);
    const stored = await waitForStored(round.roundId, 2);
    expect(stored).toMatchObject({ score: a.points + b.points, words: 2 });
    // The same words delivered to the consumer again (as the queue may redeliver) change nothing.
    const batch = createMessageBatch<SyncMessage>("tumbleword-syncs", [
      { id: "again", timestamp: new Date(), attempts: 1, body: { roundId: round.roundId, date: today(), ranked: true, words: [a.word, b.word] } },
    ]);
    await worker.queue(batch, env);
    expect((await getQueueResult(batch, createExecutionContext())).ackAll).toBe(true);
    expect(await storedRound(round.roundId)).toEqual(stored);
  });

  it("stores the good receipts of a sync and says which were refused and why", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const other = await startRound(await newPlayer());
    const [a, b, c] = solutionWords(await puzzleOf(today()), 3);
    const good = (await submit(round, a.word)).receipt as string;
    const otherRounds = (await submit(other, b.word)).receipt as string;
    const forged = `${c.word}.${Date.now().toString(36)}.${"A".repeat(43)}`;
    // A receipt of this round's word with its word swapped: the signature no longer matches.
    const swapped = good.replace(/^[a-z]+/, c.word);
    const answer = await sync(round, [good, otherRounds, forged, swapped, "not a receipt"]);
    expect(answer).toEqual({
      queued: 1,
      refused: [
        { receipt: otherRounds, reason: "invalid" },
        { receipt: forged, reason: "invalid" },
        { receipt: swapped, reason: "invalid" },
        { receipt: "not a receipt", reason: "malformed" },
      ],
    });
    const stored = await waitForStored(round.roundId, 1);
    expect(stored).toMatchObject({ score: a.points, words: 1 });
    // A sync of only bad receipts queues nothing.
    expect(await sync(round, [forged])).toEqual({ queued: 0, refused: [{ receipt: forged, reason: "invalid" }] });
  });

  it("refuses a receipt dated after the round's end plus the grace (it can only be forged)", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const { word } = solutionWords(await puzzleOf(today()), 1)[0];
    const late = await issueReceipt(env, round.roundId, word, Date.parse(round.endsAt) + GRACE_MS + 1);
    expect(await sync(round, [late])).toEqual({ queued: 0, refused: [{ receipt: late, reason: "late" }] });
  });

  it("refuses receipts of a ranked day whose results are final (24 h after it closed)", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const { word } = solutionWords(await puzzleOf(today()), 1)[0];
    const receipt = (await submit(round, word)).receipt;
    // The same round's ticket, as if the round had been played two days ago.
    const { issueTicket } = await import("#worker/rounds/tickets-and-receipts.ts");
    const old = addDays(today(), -2);
    const oldTicket = await issueTicket(env, { roundId: round.roundId, playerId: player.playerId, date: old, ranked: true, endsAt: Date.parse(round.endsAt) });
    const res = await callJson(`/api/rounds/${round.roundId}/receipts`, { json: { ticket: oldTicket, receipts: [receipt] } }, 202);
    expect(res).toEqual({ queued: 0, refused: [{ receipt, reason: "final" }] });
  });

  it("takes a full sync of the board's longest word: 60 receipts are never too large", async () => {
    const round = await startRound(await newPlayer());
    const [longest] = [...(await puzzleOf(today())).words].sort((a, b) => b.word.length - a.word.length);
    const receipt = (await submit(round, longest!.word)).receipt;
    const res = await call(`/api/rounds/${round.roundId}/receipts`, { json: { ticket: round.ticket, receipts: Array(MAX_RECEIPTS_PER_SYNC).fill(receipt) } });
    expect(res.status, await res.clone().text()).toBe(202);
  });

  it("needs the round's ticket and valid receipts: 401, 403, 400", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const other = await startRound(await newPlayer());
    const receipt = (await submit(round, solutionWords(await puzzleOf(today()), 1)[0].word)).receipt;
    const path = `/api/rounds/${round.roundId}/receipts`;
    await expectError(await call(path, { json: { ticket: "forged", receipts: [receipt] } }), 401, "unauthorized");
    await expectError(await call(path, { json: { ticket: other.ticket, receipts: [receipt] } }), 403, "forbidden");
    await expectError(await call(path, { json: { ticket: round.ticket, receipts: [] } }), 400, "invalid-request");
    await expectError(await call(path, { json: { ticket: round.ticket, receipts: Array(61).fill(receipt) } }), 400, "invalid-request");
    await expectError(await call(path, { json: { ticket: round.ticket } }), 400, "invalid-request");
    await expectError(await call(path, { json: { ticket: round.ticket, receipts: [42] } }), 400, "invalid-request");
  });
});

describe("rounds of a day that is not open", () => {
  it("cannot be started before the launch", async () => {
    const player = await newPlayer();
    const res = await call(`/api/puzzles/${addDays(env.LAUNCH_DATE, -1)}/rounds`, { method: "POST", token: player.token });
    await expectError(res, 404, "not-found");
  });
});
