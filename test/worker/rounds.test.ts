// POST /api/puzzles/:date/rounds and POST /api/rounds/:roundId/words.
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { addDays } from "../../shared/daily.ts";
import { limitKeys } from "../../worker/http/rate-limit.ts";
import { GRACE_MS, roundMs } from "../../worker/services/rounds.ts";
import {
  NOT_A_WORD,
  call,
  callJson,
  countRows,
  endRound,
  expectError,
  newPlayer,
  puzzleOf,
  solutionWords,
  startRound,
  statuses,
  withinOneWindow,
  submit,
  today,
  tomorrow,
  wordNotOnBoard,
  yesterday,
} from "./helpers.ts";

const storedWords = (roundId: string) =>
  env.DB.prepare("select word, points from round_words where round_id = ? order by word")
    .bind(roundId)
    .all<{ word: string; points: number }>()
    .then((r) => r.results);

describe("POST /api/puzzles/:date/rounds", () => {
  it("starts a 3-minute ranked round for today's puzzle, and returns the same one when asked again", async () => {
    const player = await newPlayer();
    const before = Date.now();
    const res = await call("/api/puzzles/today/rounds", { method: "POST", token: player.token });
    expect(res.status).toBe(201);
    const round = await res.json<{ roundId: string; startedAt: string; endsAt: string; ranked: boolean; date: string }>();
    expect(round).toMatchObject({ ranked: true, date: today(), score: 0, found: 0, words: [] });
    const started = Date.parse(round.startedAt);
    expect(started).toBeGreaterThanOrEqual(before - 1);
    expect(Date.parse(round.endsAt) - started).toBe(roundMs(env));
    expect(roundMs(env)).toBe(180_000); // wrangler.toml's ROUND_SECONDS

    const again = await call(`/api/puzzles/${today()}/rounds`, { method: "POST", token: player.token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(round);
    expect(await countRows("select count(*) as n from rounds where player_id = ?", player.playerId)).toBe(1);
  });

  it("gives one round to parallel starts", async () => {
    const player = await newPlayer();
    const rounds = await Promise.all(Array.from({ length: 10 }, () => startRound(player)));
    expect(new Set(rounds.map((r) => r.roundId)).size).toBe(1);
    expect(await countRows("select count(*) as n from rounds where player_id = ?", player.playerId)).toBe(1);
  });

  it("plays a past puzzle unranked and untimed", async () => {
    const player = await newPlayer();
    const round = await startRound(player, yesterday());
    expect(round).toMatchObject({ ranked: false, date: yesterday(), endsAt: null });
    const { word } = solutionWords(await puzzleOf(yesterday()), 1)[0];
    expect((await submit(player, round.roundId, word)).accepted).toBe(true);
    // It is not on the leaderboard.
    const board = await callJson(`/api/puzzles/${yesterday()}/leaderboard`);
    expect(board.total).toBe(0);
  });

  it("answers 401 without a token, 404 for a future day, 400 for a malformed day", async () => {
    const player = await newPlayer();
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST" }), 401, "unauthorized");
    await expectError(await call(`/api/puzzles/${tomorrow()}/rounds`, { method: "POST", token: player.token }), 404, "not-found");
    await expectError(await call("/api/puzzles/2026-02-31/rounds", { method: "POST", token: player.token }), 400, "invalid-request");
    expect(await countRows("select count(*) as n from rounds where player_id = ?", player.playerId)).toBe(0);
  });
});

describe("POST /api/rounds/:roundId/words", () => {
  it("accepts words of the solution with their points and keeps the score", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const words = solutionWords(await puzzleOf(today()), 3);
    let score = 0;
    for (const [i, { word, points }] of words.entries()) {
      score += points;
      expect(await submit(player, round.roundId, word.toUpperCase())).toEqual({ accepted: true, word, points, score, found: i + 1 });
    }
    expect(await storedWords(round.roundId)).toEqual([...words].sort((a, b) => a.word.localeCompare(b.word)));
  });

  it("says why a word does not count, writing nothing", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const puzzle = await puzzleOf(today());
    const offBoard = wordNotOnBoard(puzzle);
    expect(await submit(player, round.roundId, "at")).toEqual({ accepted: false, reason: "too-short", word: "at", points: 0, score: 0, found: 0 });
    expect(await submit(player, round.roundId, NOT_A_WORD)).toMatchObject({ accepted: false, reason: "not-a-word", points: 0 });
    expect(await submit(player, round.roundId, offBoard)).toMatchObject({ accepted: false, reason: "not-on-board", word: offBoard });
    expect(await storedWords(round.roundId)).toEqual([]);
  });

  it("answers a word sent twice exactly as the first time, and stores it once", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const [first, second] = solutionWords(await puzzleOf(today()), 2);
    const answer = await submit(player, round.roundId, first.word);
    expect(await submit(player, round.roundId, first.word)).toEqual(answer);
    expect(await submit(player, round.roundId, `  ${first.word.toUpperCase()} `)).toEqual(answer);
    await submit(player, round.roundId, second.word);
    const replay = await submit(player, round.roundId, first.word);
    expect(replay).toMatchObject({ accepted: true, points: first.points, score: first.points + second.points, found: 2 });
    expect(await storedWords(round.roundId)).toHaveLength(2);
  });

  it("stores one row for 50 identical submissions in parallel, all answered the same", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const { word, points } = solutionWords(await puzzleOf(today()), 1)[0];
    const answers = await Promise.all(Array.from({ length: 50 }, () => submit(player, round.roundId, word)));
    for (const a of answers) expect(a).toEqual({ accepted: true, word, points, score: points, found: 1 });
    expect(await storedWords(round.roundId)).toEqual([{ word, points }]);
    const row = await env.DB.prepare("select score, words from rounds where id = ?").bind(round.roundId).first();
    expect(row).toEqual({ score: points, words: 1 });
  });

  it("keeps every word of many different parallel submissions", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const words = solutionWords(await puzzleOf(today()), 20);
    await Promise.all(words.map(({ word }) => submit(player, round.roundId, word)));
    const total = words.reduce((sum, w) => sum + w.points, 0);
    expect(await storedWords(round.roundId)).toHaveLength(20);
    const row = await env.DB.prepare("select score, words from rounds where id = ?").bind(round.roundId).first();
    expect(row).toEqual({ score: total, words: 20 });
  });

  it("is late after the end plus the grace, but replays a word accepted in time", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const [early, onTime, late] = solutionWords(await puzzleOf(today()), 3);
    await submit(player, round.roundId, early.word);
    await endRound(round.roundId, GRACE_MS / 2); // ended, but within the grace
    expect((await submit(player, round.roundId, onTime.word)).accepted).toBe(true);
    await endRound(round.roundId, GRACE_MS + 1000);
    expect(await submit(player, round.roundId, late.word)).toEqual({
      accepted: false,
      reason: "late",
      word: late.word,
      points: 0,
      score: early.points + onTime.points,
      found: 2,
    });
    expect((await submit(player, round.roundId, early.word)).accepted).toBe(true);
    expect((await storedWords(round.roundId)).map((w) => w.word).sort()).toEqual([early.word, onTime.word].sort());
  });

  it("never trusts client points or scores", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const { word, points } = solutionWords(await puzzleOf(today()), 1)[0];
    const res = await callJson(`/api/rounds/${round.roundId}/words`, {
      json: { word, points: 999, score: 999, path: [[0, 0]] },
      token: player.token,
    });
    expect(res).toEqual({ accepted: true, word, points, score: points, found: 1 });
  });

  it("validates the request: 400, 401, 403, 404, 413", async () => {
    const player = await newPlayer();
    const other = await newPlayer();
    const round = await startRound(player);
    const { word } = solutionWords(await puzzleOf(today()), 1)[0];
    const path = `/api/rounds/${round.roundId}/words`;
    await expectError(await call(path, { json: { word } }), 401, "unauthorized");
    await expectError(await call(path, { json: { word }, token: other.token }), 403, "forbidden");
    await expectError(await call(`/api/rounds/${crypto.randomUUID()}/words`, { json: { word }, token: player.token }), 404, "not-found");
    await expectError(await call("/api/rounds/not-a-round/words", { json: { word }, token: player.token }), 400, "invalid-request");
    for (const body of [{}, { word: 42 }, { word: "" }, { word: "two words" }, { word: "d1gits" }, { word: "a".repeat(41) }, { word, path: "0,0" }, { word, path: [[0, -1]] }]) {
      await expectError(await call(path, { json: body, token: player.token }), 400, "invalid-request");
    }
    await expectError(await call(path, { body: "{word:", headers: { "Content-Type": "application/json" }, token: player.token }), 400, "invalid-json");
    await expectError(await call(path, { body: word, headers: { "Content-Type": "text/plain" }, token: player.token }), 400, "invalid-request");
    await expectError(await call(path, { json: { word, pad: "x".repeat(5000) }, token: player.token }), 413, "payload-too-large");
    expect(await storedWords(round.roundId)).toEqual([]);
  });

  it("is rate limited per player (300 a minute): 429 and nothing written", async () => {
    const { word } = solutionWords(await puzzleOf(today()), 1)[0];
    // Collected first, asserted after: a run that straddles two limiter windows is redone.
    const { accepted, limited, stored } = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      const round = await startRound(player);
      const path = `/api/rounds/${round.roundId}/words`;
      // Use up 299 of the player's 300 submissions through the binding itself (quicker than
      // 299 requests), then the 300th is answered and the 301st refused.
      await Promise.all(Array.from({ length: 299 }, () => env.WORD_LIMITER.limit({ key: limitKeys.word(player.playerId) })));
      const accepted = await call(path, { json: { word: NOT_A_WORD }, token: player.token });
      const limited = await call(path, { json: { word }, token: player.token });
      return { accepted, limited, stored: await storedWords(round.roundId) };
    });
    expect(accepted.status).toBe(200);
    await expectError(limited, 429, "rate-limited");
    expect(stored).toEqual([]);
    // Other players are not affected.
    const other = await newPlayer();
    const otherRound = await startRound(other);
    expect((await submit(other, otherRound.roundId, word)).accepted).toBe(true);
  });

  it("counts rejected words toward the limit too", async () => {
    const sent = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      const round = await startRound(player);
      await Promise.all(Array.from({ length: 290 }, () => env.WORD_LIMITER.limit({ key: limitKeys.word(player.playerId) })));
      return statuses(15, 5, () => call(`/api/rounds/${round.roundId}/words`, { json: { word: NOT_A_WORD }, token: player.token }));
    });
    expect(sent.filter((s) => s === 200)).toHaveLength(10);
    expect(sent.filter((s) => s === 429)).toHaveLength(5);
  });
});

describe("a failing write", () => {
  it("leaves no partial state: the word is not stored and the score unchanged", async () => {
    const player = await newPlayer();
    const round = await startRound(player);
    const [kept, failed] = solutionWords(await puzzleOf(today()), 2);
    await submit(player, round.roundId, kept.word);
    // The batch inserts the word, then updates the round: make that second statement fail.
    await env.DB.prepare("create trigger fail_round_update before update on rounds begin select raise(abort, 'injected failure'); end").run();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await expectError(await call(`/api/rounds/${round.roundId}/words`, { json: { word: failed.word }, token: player.token }), 500, "internal");
      expect(String(logged.mock.calls[0]?.[1])).toContain("injected failure");
    } finally {
      logged.mockRestore();
      await env.DB.prepare("drop trigger fail_round_update").run();
    }
    expect(await storedWords(round.roundId)).toEqual([kept]);
    expect(await env.DB.prepare("select score, words from rounds where id = ?").bind(round.roundId).first()).toEqual({ score: kept.points, words: 1 });
    // Sent again, it is accepted once.
    expect(await submit(player, round.roundId, failed.word)).toEqual({
      accepted: true,
      word: failed.word,
      points: failed.points,
      score: kept.points + failed.points,
      found: 2,
    });
  });
});

describe("rounds of a day that is not open", () => {
  it("cannot be started before the launch", async () => {
    const player = await newPlayer();
    const res = await call(`/api/puzzles/${addDays(env.LAUNCH_DATE, -1)}/rounds`, { method: "POST", token: player.token });
    await expectError(res, 404, "not-found");
  });
});
