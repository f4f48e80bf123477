// POST /api/players, PATCH /api/players/me, GET /api/players/me/stats, tokens, rate limiting.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { issueToken, verifyToken } from "#worker/auth/tokens.ts";
import { limitKeys } from "#worker/http/rate-limit.ts";
import { checkName } from "#worker/players/names.ts";
import { call, callJson, countEverywhere, expectError, newPlayer, play, playerShard, puzzleOf, randomIp, solutionWords, startRound, statuses, today, withinOneWindow, yesterday } from "./helpers.ts";
import { addDays, streakOf } from "#engine";
import { emptySummary, foldDay } from "#worker/players/player-summary.ts";

describe("POST /api/players", () => {
  it("creates a player with a signed bearer token", async () => {
    const body = await callJson("/api/players", { json: { name: "  Ada   Lovelace " } }, 201);
    expect(body.playerId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.token.startsWith(`${body.playerId}.`)).toBe(true);
    expect(body.name).toBe("Ada Lovelace");
    const row = await playerShard(body.playerId).prepare("select name from players where id = ?").bind(body.playerId).first<{ name: string }>();
    expect(row?.name).toBe("Ada Lovelace");
  });

  it("works without a name, but needs a JSON body", async () => {
    expect((await callJson("/api/players", { json: {} }, 201)).name).toBeNull();
    await expectError(await call("/api/players", { method: "POST" }), 415, "unsupported-media-type");
  });

  it("never lets a rejected name block play: the player is created without it", async () => {
    const body = await callJson("/api/players", { json: { name: "fuck" } }, 201);
    expect(body.name).toBeNull();
    expect(body.nameError).toEqual(expect.any(String));
    expect(body.token).toEqual(expect.any(String));
  });

  it("rejects wrong types and malformed JSON with 400", async () => {
    await expectError(await call("/api/players", { json: { name: 42 } }), 400, "invalid-request");
    await expectError(await call("/api/players", { json: ["Ada"] }), 400, "invalid-request");
    const malformed = await call("/api/players", { body: '{"name": "Ada"', headers: { "Content-Type": "application/json" } });
    await expectError(malformed, 400, "invalid-json");
  });

  it("answers 413 to an oversized body, writing nothing", async () => {
    const before = await countEverywhere("select count(*) as n from players");
    const res = await call("/api/players", { json: { name: "x".repeat(10_000) } });
    await expectError(res, 413, "payload-too-large");
    expect(await countEverywhere("select count(*) as n from players")).toBe(before);
  });

  it("is rate limited per address (60 a minute): 429 and nothing written", async () => {
    // Collected first, asserted after: a run that straddles two limiter windows is redone.
    const { sent, again, before, after } = await withinOneWindow(60, async () => {
      const ip = randomIp();
      // 50 through the binding itself, then 10 allowed requests and 5 refused ones.
      await Promise.all(Array.from({ length: 50 }, () => env.PLAYER_LIMITER.limit({ key: limitKeys.newPlayer(ip) })));
      const sent = await statuses(15, 5, () => call("/api/players", { json: {}, ip }));
      const before = await countEverywhere("select count(*) as n from players");
      const again = await call("/api/players", { json: { name: "Late" }, ip });
      return { sent, again, before, after: await countEverywhere("select count(*) as n from players") };
    });
    expect(sent.filter((s) => s === 201)).toHaveLength(10);
    expect(sent.filter((s) => s === 429)).toHaveLength(5);
    expect(again.headers.get("Retry-After")).toBe("60");
    await expectError(again, 429, "rate-limited");
    expect(after).toBe(before);
    // Another address is not affected.
    expect((await call("/api/players", { json: {}, ip: randomIp() })).status).toBe(201);
  });
});

describe("display names", () => {
  it("normalises, trims and collapses spaces", () => {
    expect(checkName("  ｆｕｌｌ　width  ")).toEqual({ ok: true, name: "full width" });
    expect(checkName("Zoë")).toEqual({ ok: true, name: "Zoë" });
    expect(checkName("Ze\u0301")).toEqual({ ok: true, name: "Zé" });
  });

  it("rejects control, bidi and zero-width characters", () => {
    for (const bad of ["a\u0000b", "evil\u202Egnp.exe", "a\u2066b\u2069", "zero\u200Bwidth", "join\u200Der", "bom\uFEFF", "line\u2028sep", "new\nline"]) {
      expect(checkName(bad).ok, JSON.stringify(bad)).toBe(false);
    }
  });

  it("allows at most 20 characters", () => {
    expect(checkName("a".repeat(20)).ok).toBe(true);
    expect(checkName("a".repeat(21)).ok).toBe(false);
    expect(checkName("😀".repeat(20)).ok).toBe(true);
    expect(checkName("").ok).toBe(false);
  });

  it("rejects profanity, also disguised", () => {
    for (const bad of ["fuck", "FuCk you", "sh1t", "fuuuuck", "b1tch"]) expect(checkName(bad).ok, bad).toBe(false);
    for (const fine of ["Scunthorpe", "Classic", "Assessor", "Cockburn"]) expect(checkName(fine).ok, fine).toBe(true);
  });
});

describe("PATCH /api/players/me", () => {
  it("renames the player", async () => {
    const player = await newPlayer("Before");
    const body = await callJson("/api/players/me", { method: "PATCH", json: { name: "After" }, token: player.token });
    expect(body).toEqual({ playerId: player.playerId, name: "After" });
    const row = await playerShard(player.playerId).prepare("select name from players where id = ?").bind(player.playerId).first<{ name: string }>();
    expect(row?.name).toBe("After");
  });

  it("answers 400 to a bad name and keeps the old one", async () => {
    const player = await newPlayer("Keeper");
    for (const name of ["shit", "a\u202Eb", "x".repeat(21), "   "]) {
      await expectError(await call("/api/players/me", { method: "PATCH", json: { name }, token: player.token }), 400, "invalid-name");
    }
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: null }, token: player.token }), 400, "invalid-request");
    await expectError(await call("/api/players/me", { method: "PATCH", json: {}, token: player.token }), 400, "invalid-request");
    const row = await playerShard(player.playerId).prepare("select name from players where id = ?").bind(player.playerId).first<{ name: string }>();
    expect(row?.name).toBe("Keeper");
  });

  it("needs a valid token: 401 otherwise", async () => {
    const player = await newPlayer();
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: "X" } }), 401, "unauthorized");
    const forged = `${player.playerId}.${"A".repeat(43)}`;
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: "X" }, token: forged }), 401, "unauthorized");
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: "X" }, token: "garbage" }), 401, "unauthorized");
    const basic = await call("/api/players/me", { method: "PATCH", json: { name: "X" }, headers: { Authorization: "Basic Zm9vOmJhcg==" } });
    await expectError(basic, 401, "unauthorized");
  });

  it("rejects a valid token for a player that does not exist", async () => {
    const token = await issueToken(env, crypto.randomUUID());
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: "Ghost" }, token }), 401, "unauthorized");
  });
});

describe("tokens", () => {
  it("verify only with the right key and id", async () => {
    const id = crypto.randomUUID();
    const token = await issueToken(env, id);
    expect(await verifyToken(env, token)).toBe(id);
    expect(await verifyToken({ ...env, TOKEN_SECRET: "another-signing-secret" }, token)).toBeNull();
    const otherId = crypto.randomUUID();
    expect(await verifyToken(env, `${otherId}${token.slice(id.length)}`)).toBeNull();
    expect(await verifyToken(env, token.slice(0, -2))).toBeNull();
    expect(token).not.toContain(env.DAILY_SECRET as string);
  });
});

describe("GET /api/players/me/stats", () => {
  it("counts ranked puzzles played, best score and history", async () => {
    const player = await newPlayer("Stats");
    const empty = await callJson("/api/players/me/stats", { token: player.token });
    expect(empty).toEqual({
      played: 0,
      streak: 0,
      bestStreak: 0,
      bestScore: 0,
      averageScore: 0,
      totalPoints: 0,
      totalWords: 0,
      history: [],
      bestWords: [],
      rooms: [],
      freezes: 0,
      frozenDates: [],
      playedDates: [],
      achievements: {},
    });

    const [a, b] = solutionWords(await puzzleOf(today()), 2);
    await play(player, [a.word, b.word]);
    // An unranked round of yesterday's puzzle shows in the history but not in played/streak/best.
    const past = await startRound(player, yesterday());
    expect(past.ranked).toBe(false);

    const stats = await callJson("/api/players/me/stats", { token: player.token });
    expect(stats.played).toBe(1);
    expect(stats.streak).toBe(1);
    expect(stats.bestScore).toBe(a.points + b.points);
    expect(stats.bestStreak).toBe(1);
    expect(stats.averageScore).toBe(a.points + b.points);
    expect(stats.totalPoints).toBe(a.points + b.points);
    expect(stats.totalWords).toBe(2);
    expect(stats.playedDates).toEqual([today()]);
    expect(stats.achievements).toMatchObject({ "first-round": today() });
    // The best words: most points first, then the longer word, each with its day.
    const best = [a, b].sort((x, y) => y.points - x.points || y.word.length - x.word.length || x.word.localeCompare(y.word));
    expect(stats.bestWords).toEqual(best.map((w) => ({ word: w.word, points: w.points, date: today(), lang: "en" })));
    expect(stats.history).toEqual([
      { date: today(), lang: "en", ranked: true, score: a.points + b.points, words: 2, number: expect.any(Number) },
      { date: yesterday(), lang: "en", ranked: false, score: 0, words: 0, number: expect.any(Number) },
    ]);
  });

  it("picks best words by points, then length, once each at the first day found", () => {
    const round = (date: string, found: [string, number][]) => ({ roundId: date, date, ranked: true, score: 0, words: found.length, verified: true, flags: "", found: found.map(([word, points]) => ({ word, points })) });
    let summary = emptySummary();
    summary = foldDay(summary, round("2026-11-20", [["crate", 2], ["tracer", 3]]));
    summary = foldDay(summary, round("2026-11-21", [["cat", 1], ["crate", 2], ["zebra", 3]]));
    expect(summary.bestWords.slice(0, 3)).toEqual([
      ["tracer", 3, "2026-11-20"],
      ["zebra", 3, "2026-11-21"],
      ["crate", 2, "2026-11-20"],
    ]);
  });

  it("needs a token", async () => {
    await expectError(await call("/api/players/me/stats"), 401, "unauthorized");
  });

  it("counts a streak of consecutive days ending today or yesterday", () => {
    const t = "2026-11-21";
    expect(streakOf(new Set([t, addDays(t, -1), addDays(t, -2), addDays(t, -4)]), t)).toBe(3);
    expect(streakOf(new Set([addDays(t, -1), addDays(t, -2)]), t)).toBe(2);
    expect(streakOf(new Set([addDays(t, -2)]), t)).toBe(0);
    expect(streakOf(new Set(), t)).toBe(0);
  });
});
