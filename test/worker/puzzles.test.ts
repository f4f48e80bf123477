// GET /api/puzzles/today, /:date and the archive; the scheduled precompute; missing secret; a
// remembered day whose row is gone.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays, boardRows, dailyPuzzle } from "#engine";
import { database } from "#worker/db/client.ts";
import worker from "#worker/index.ts";
import { BLOCKLIST, defaultLexicon } from "#worker/puzzles/engine.ts";
import { getPuzzle } from "#worker/puzzles/puzzles.ts";
import { startRound } from "#worker/rounds/rounds.ts";
import { ORIGIN, call, callJson, countRows, expectError, newPlayerWhere, playerShard, puzzleOf, today, tomorrow, yesterday } from "./helpers.ts";

describe("GET /api/puzzles/today", () => {
  it("serves today's curated board, its totals and its times, and no word of its solution", async () => {
    const res = await call("/api/puzzles/today");
    expect(res.status).toBe(200);
    const text = await res.text();
    const body = JSON.parse(text);
    const date = today();
    expect(Object.keys(body).sort()).toEqual(["board", "closesAt", "date", "dayWords", "id", "lang", "number", "opensAt", "roundSeconds", "rules", "totals"]);
    expect(body.roundSeconds).toBe(180); // wrangler.toml's ROUND_SECONDS, for "Start the 3-minute round"
    expect(body.date).toBe(date);
    expect(body).toMatchObject({ id: date, lang: "en" });
    expect(body.number).toBe(Math.round((Date.parse(date) - Date.parse(env.LAUNCH_DATE)) / 86_400_000) + 1);
    expect(body.rules).toBe("classic");
    expect(body.opensAt).toBe(`${date}T00:00:00.000Z`);
    expect(body.closesAt).toBe(`${tomorrow()}T00:00:00.000Z`);

    // The board is the one the secret gives (so the CLI's `daily` prints the same).
    const daily = await dailyPuzzle(env.DAILY_SECRET as string, date, defaultLexicon(), BLOCKLIST);
    expect(body.board).toEqual(boardRows(daily.board));
    expect(body.board).toHaveLength(4);
    for (const row of body.board) expect(row).toHaveLength(4);
    expect(body.totals).toEqual(daily.solution.totals);

    // No solution word of 4+ letters appears anywhere in the response as a string, nor one of
    // 6+ inside another (a shorter one may turn up in a base-36 hash of the day's words by chance).
    for (const { word } of daily.solution.words) {
      if (word.length >= 4) expect(text.includes(`"${word}"`), word).toBe(false);
      if (word.length >= 6) expect(text.includes(word), word).toBe(false);
    }
    // The day's words: one hash for each word of the solution.
    expect(body.dayWords.entries).toHaveLength(daily.solution.words.length);
    expect(text).not.toContain("path");
  });

  it("is the same as asking for today's date, and stores one row", async () => {
    const a = await callJson("/api/puzzles/today");
    const b = await callJson(`/api/puzzles/${today()}`);
    expect(b).toEqual(a);
    expect(await countRows("select count(*) as n from puzzles where date = ?", today())).toBe(1);
  });
});

describe("GET /api/puzzles/:date", () => {
  it("serves a past day with its number", async () => {
    const body = await callJson(`/api/puzzles/${env.LAUNCH_DATE}`);
    expect(body.number).toBe(1);
    expect(body.date).toBe(env.LAUNCH_DATE);
  });

  it("answers 404 for a future day, even one the cron already stored", async () => {
    await expectError(await call(`/api/puzzles/${tomorrow()}`), 404, "not-found");
    await expectError(await call(`/api/puzzles/${addDays(today(), 400)}`), 404, "not-found");
    await expectError(await call(`/api/puzzles/${addDays(env.LAUNCH_DATE, -1)}`), 404, "not-found");
  });

  it("answers 400 for what is not a date", async () => {
    for (const bad of ["2026-02-30", "yesterday", "2026-1-1", "20261101", "%27%3B--"]) {
      await expectError(await call(`/api/puzzles/${bad}`), 400, "invalid-request");
    }
  });

  it("stores one row when many first requests for a day arrive at once", async () => {
    const date = addDays(env.LAUNCH_DATE, 40);
    expect(await countRows("select count(*) as n from puzzles where date = ?", date)).toBe(0);
    const responses = await Promise.all(Array.from({ length: 20 }, () => call(`/api/puzzles/${date}`)));
    const bodies = await Promise.all(responses.map((r) => r.json()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await countRows("select count(*) as n from puzzles where date = ?", date)).toBe(1);
  });
});

describe("GET /api/puzzles (archive)", () => {
  it("lists days newest first, from today down to the launch", async () => {
    const body = await callJson("/api/puzzles?limit=3");
    expect(body.puzzles.map((p: { date: string }) => p.date)).toEqual([today(), yesterday(), addDays(today(), -2)]);
    expect(body.next).toBe(addDays(today(), -2));
    for (const p of body.puzzles) expect(Object.keys(p)).not.toContain("words");
  });

  it("pages with before= and stops at the launch day", async () => {
    const before = addDays(env.LAUNCH_DATE, 2);
    const body = await callJson(`/api/puzzles?before=${before}&limit=10`);
    expect(body.puzzles.map((p: { number: number }) => p.number)).toEqual([2, 1]);
    expect(body.next).toBeNull();
    const none = await callJson(`/api/puzzles?before=${env.LAUNCH_DATE}`);
    expect(none).toEqual({ puzzles: [], next: null });
  });

  it("serves a page larger than the isolate's puzzle cache, again and again", async () => {
    // Loading the uncached days evicts cached ones; the answer must still hold every day.
    const first = await callJson("/api/puzzles?limit=30");
    const second = await callJson("/api/puzzles?limit=30");
    expect(first.puzzles).toHaveLength(30);
    expect(second).toEqual(first);
    const third = await callJson(`/api/puzzles?before=${addDays(today(), -10)}&limit=30`);
    expect(third.puzzles[0].date).toBe(addDays(today(), -11));
  });

  it("never lists a future day", async () => {
    const body = await callJson(`/api/puzzles?before=${addDays(today(), 30)}&limit=2`);
    expect(body.puzzles[0].date).toBe(today());
  });

  it("validates its query", async () => {
    await expectError(await call("/api/puzzles?limit=0"), 400, "invalid-request");
    await expectError(await call("/api/puzzles?limit=1000"), 400, "invalid-request");
    await expectError(await call("/api/puzzles?limit=ten"), 400, "invalid-request");
    await expectError(await call("/api/puzzles?before=2026-13-40"), 400, "invalid-request");
  });
});

describe("scheduled handler", () => {
  it("stores tomorrow's puzzle (and today's) idempotently, without serving it early", async () => {
    const scheduledTime = Date.parse(`${today()}T23:50:00Z`);
    const run = async () => {
      const controller = createScheduledController({ scheduledTime, cron: "50 23 * * *" });
      const ctx = createExecutionContext();
      await worker.scheduled(controller, env, ctx);
      await waitOnExecutionContext(ctx);
    };
    await run();
    const stored = await env.DB.prepare("select date, board, solution, created_at from puzzles where date = ?").bind(tomorrow()).first<{
      board: string;
      solution: string;
      created_at: number;
    }>();
    expect(stored).not.toBeNull();
    const daily = await dailyPuzzle(env.DAILY_SECRET as string, tomorrow(), defaultLexicon(), BLOCKLIST);
    expect(JSON.parse(stored?.board ?? "")).toEqual(boardRows(daily.board));
    expect(JSON.parse(stored?.solution ?? "")).toEqual(daily.solution.words);
    expect(await countRows("select count(*) as n from puzzles where date = ?", today())).toBe(1);

    await run();
    expect(await countRows("select count(*) as n from puzzles where date in (?, ?)", today(), tomorrow())).toBe(2);
    const again = await env.DB.prepare("select created_at from puzzles where date = ?").bind(tomorrow()).first<{ created_at: number }>();
    expect(again?.created_at).toBe(stored?.created_at);

    await expectError(await call(`/api/puzzles/${tomorrow()}`), 404, "not-found");
  });

  it("takes the day from the controller's time, across a month's end", async () => {
    const controller = createScheduledController({ scheduledTime: Date.parse("2026-06-30T23:50:00Z"), cron: "50 23 * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await countRows("select count(*) as n from puzzles where date = '2026-07-01'")).toBe(1);
  });
});

describe("without a daily secret", () => {
  const request = (path: string) => new Request(`${ORIGIN}${path}`);

  it("refuses to serve puzzles with 503 (never a guessable fallback)", async () => {
    for (const secret of [undefined, "", "too-short"]) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(request("/api/puzzles/today"), { ...env, DAILY_SECRET: secret }, ctx);
      await expectError(res, 503, "unavailable");
      const archive = await worker.fetch(request("/api/puzzles"), { ...env, DAILY_SECRET: secret }, ctx);
      await expectError(archive, 503, "unavailable");
    }
  });

  it("reports it in the health check", async () => {
    const res = await worker.fetch(request("/api/health"), { ...env, DAILY_SECRET: undefined }, createExecutionContext());
    expect(await res.json()).toMatchObject({ status: "ok", puzzles: "unavailable" });
  });
});

describe("the stored solution", () => {
  it("is the engine's full solution of the served board", async () => {
    const puzzle = await puzzleOf(today());
    const daily = await dailyPuzzle(env.DAILY_SECRET as string, today(), defaultLexicon(), BLOCKLIST);
    expect(puzzle.words).toEqual(daily.solution.words);
  });
});

describe("a day this isolate remembers but whose row is gone (a fresh database)", () => {
  it("is stored again when a round of it starts, on shard 0 and on the player's shard (its rounds reference the row)", async () => {
    const db = database(env.DB);
    const date = addDays(env.LAUNCH_DATE, 50);
    const remembered = await getPuzzle(env, db, date);
    await env.DB.prepare("delete from puzzles where date = ?").bind(date).run();
    const player = await newPlayerWhere((shard) => shard !== 0);
    const { round, created, puzzle } = await startRound(env, database(playerShard(player.playerId)), player.playerId, date, today(), Date.now());
    expect(created).toBe(true);
    expect(round.puzzleDate).toBe(date);
    expect(puzzle.words).toEqual(remembered.words);
    expect(await countRows("select count(*) as n from puzzles where date = ?", date)).toBe(1);
    // The player's shard holds a copy of shard 0's row, byte for byte, and the round beside it.
    const row = "select date, number, board, rules, attempts, words, points, common_words, common_points, solution, created_at from puzzles where date = ?";
    expect(await playerShard(player.playerId).prepare(row).bind(date).first()).toEqual(await env.DB.prepare(row).bind(date).first());
    expect(await playerShard(player.playerId).prepare("select player_id from rounds where id = ?").bind(round.id).first("player_id")).toBe(player.playerId);
    expect(await env.DB.prepare("select count(*) as n from rounds where id = ?").bind(round.id).first("n")).toBe(0);
  });
});
