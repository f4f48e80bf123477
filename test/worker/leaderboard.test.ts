// GET /api/puzzles/:date/leaderboard (shared, cached), /leaderboard/me (private) and /solution.
import { env } from "cloudflare:workers";
import { allShardD1s } from "#worker/db/shards.ts";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import { GRACE_MS } from "#game/round.ts";
import { call, callJson, countEverywhere, endRound, expectError, newPlayer, play, puzzleOf, solutionWords, startRound, today, tomorrow, yesterday } from "./helpers.ts";

/** The Cache API keeps today's answers a few seconds: tests that change the day read past it. */
async function fresh(path: string): Promise<void> {
  await caches.default.delete(new Request(`https://tumbleword.test${path}`));
}

describe("GET /api/puzzles/:date/leaderboard", () => {
  it("ranks ranked rounds by score, ties sharing a rank, with each caller's standing apart", async () => {
    const words = solutionWords(await puzzleOf(today()), 3).map((w) => w.word);
    const points = solutionWords(await puzzleOf(today()), 3).map((w) => w.points);
    const [ana, ben, cat, dan, eve] = await Promise.all([newPlayer("Ana"), newPlayer("Ben"), newPlayer("Cat"), newPlayer(), newPlayer("Eve")]);
    const anaRound = await play(ana, words);
    const benRound = await play(ben, words);
    const catRound = await play(cat, words.slice(0, 1));
    const danRound = await play(dan, words.slice(0, 1));
    // A round that found nothing is not ranked.
    const eveRound = await play(eve, []);
    // An unranked round of a past day does not count here.
    await play(cat, [solutionWords(await puzzleOf(yesterday()), 1)[0].word], yesterday());

    const top = points.reduce((s, p) => s + p, 0);
    await fresh("/api/puzzles/" + today() + "/leaderboard?limit=20");
    const res = await call(`/api/puzzles/${today()}/leaderboard`, { token: cat.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=5");
    const board = await res.json<any>();
    expect(board).toMatchObject({ date: today(), total: 4, next: null });
    expect(Date.now() - Date.parse(board.updatedAt)).toBeLessThan(10_000);
    // Same score: listed by who started first.
    expect(board.entries).toEqual([
      // New players' top places are provisional (results/provisional.ts).
      { rank: 1, roundId: anaRound.roundId, name: "Ana", score: top, words: 3, deleted: false, defaultName: false, provisional: "new", queued: false },
      { rank: 1, roundId: benRound.roundId, name: "Ben", score: top, words: 3, deleted: false, defaultName: false, provisional: "new", queued: false },
      { rank: 3, roundId: catRound.roundId, name: "Cat", score: points[0], words: 1, deleted: false, defaultName: false, provisional: "new", queued: false },
      // A player without a name of their own: the default name, nothing to report.
      { rank: 3, roundId: danRound.roundId, name: `Player ${dan.playerId.slice(0, 4).toUpperCase()}`, score: points[0], words: 1, deleted: false, defaultName: true, provisional: "new", queued: false },
    ]);
    // No per-player data in the shared answer, whoever asks.
    expect(board.you).toBeUndefined();
    expect(JSON.stringify(board)).not.toContain(ana.playerId);

    const first = await callJson(`/api/puzzles/today/leaderboard?limit=2`);
    expect(first.entries.map((e: { name: string }) => e.name)).toEqual(["Ana", "Ben"]);
    const second = await callJson(`/api/puzzles/today/leaderboard?limit=2&cursor=${encodeURIComponent(first.next)}`);
    expect(second.entries.map((e: { name: string; rank: number }) => [e.rank, e.name])).toEqual([[3, "Cat"], [3, `Player ${dan.playerId.slice(0, 4).toUpperCase()}`]]);
    expect(JSON.stringify([first, second])).not.toContain(eveRound.roundId);

    const me = await call(`/api/puzzles/today/leaderboard/me`, { token: cat.token });
    expect(me.headers.get("Cache-Control")).toBe("private, no-store");
    expect(me.headers.get("Vary")).toContain("Authorization");
    expect(await me.json()).toEqual({ date: today(), total: 4, you: { roundId: catRound.roundId, rank: 3, score: points[0], words: 1, percentile: 50, verified: true, provisional: "new" } });
    expect((await callJson(`/api/puzzles/${today()}/leaderboard/me`, { token: ana.token })).you).toMatchObject({ rank: 1, percentile: 100 });
    expect(await callJson(`/api/puzzles/${today()}/leaderboard/me`, { token: eve.token })).toEqual({ date: today(), total: 4, you: null });
  });

  it("is served from the edge cache for a few seconds: a new round shows only once it expires", async () => {
    const date = today();
    const path = `/api/puzzles/${date}/leaderboard?limit=7`;
    await fresh(path);
    const before = await callJson(`/api/puzzles/${date}/leaderboard?limit=7`);
    await play(await newPlayer("Late"), solutionWords(await puzzleOf(date), 1).map((w) => w.word));
    const cached = await callJson(`/api/puzzles/${date}/leaderboard?limit=7`);
    expect(cached).toEqual(before);
    await fresh(path);
    const after = await callJson(`/api/puzzles/${date}/leaderboard?limit=7`);
    expect(after.total).toBe(before.total + 1);
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
  });

  it("caches a closed day for a minute until it is settled, never for good by the clock alone", async () => {
    // Past its sync deadline, but its settle probe has not been taken (retention.test.ts settles one).
    const past = await call(`/api/puzzles/${addDays(today(), -2)}/leaderboard`);
    expect(past.headers.get("Cache-Control")).toBe("public, max-age=60");
    const recent = await call(`/api/puzzles/${yesterday()}/leaderboard`);
    expect(recent.headers.get("Cache-Control")).toBe("public, max-age=60");
  });

  it("is empty for a day nobody played; `you` is null for a player without a ranked round", async () => {
    const player = await newPlayer();
    const board = await callJson(`/api/puzzles/${yesterday()}/leaderboard`);
    expect(board).toMatchObject({ date: yesterday(), entries: [], total: 0, next: null });
    expect(await callJson(`/api/puzzles/${yesterday()}/leaderboard/me`, { token: player.token })).toEqual({ date: yesterday(), total: 0, you: null });
  });

  it("answers 404 for a future day, 400 for a bad query, 401 for /me without a valid token", async () => {
    await expectError(await call(`/api/puzzles/${tomorrow()}/leaderboard`), 404, "not-found");
    await expectError(await call("/api/puzzles/today/leaderboard?limit=0"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard?limit=101"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard?limit=abc"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard?cursor=nonsense"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard/me"), 401, "unauthorized");
    await expectError(await call("/api/puzzles/today/leaderboard/me", { token: "forged.token" }), 401, "unauthorized");
  });
});

describe("GET /api/puzzles/:date/solution", () => {
  it("is 403 before the close, for anyone whose ranked round is not over", async () => {
    const player = await newPlayer();
    await expectError(await call("/api/puzzles/today/solution"), 403, "forbidden");
    await expectError(await call("/api/puzzles/today/solution", { token: player.token }), 403, "forbidden");
    const round = await startRound(player);
    await expectError(await call("/api/puzzles/today/solution", { token: player.token }), 403, "forbidden");
    // Ended, but words still count during the grace: the solution stays hidden until it passes.
    await endRound(round.roundId, 1);
    await expectError(await call("/api/puzzles/today/solution", { token: player.token }), 403, "forbidden");
  });

  it("opens to a player whose ranked round is over, with the share of players who found each word", async () => {
    const puzzle = await puzzleOf(today());
    // Words no earlier test of this file found (they use the longest three).
    const [w1, w2] = solutionWords(puzzle, 6).slice(4);
    const [ana, ben] = await Promise.all([newPlayer("Ana"), newPlayer("Ben")]);
    const anaRound = await play(ana, [w1.word, w2.word]);
    await play(ben, [w1.word]);
    await endRound(anaRound.roundId, GRACE_MS + 1000);
    const players = await countEverywhere("select count(*) as n from rounds where puzzle_date = ? and ranked = 1 and score > 0", today());

    await fresh(`/api/puzzles/${today()}/solution`);
    const res = await call("/api/puzzles/today/solution", { token: ana.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const solution = await res.json<any>();
    expect(solution.date).toBe(today());
    expect(solution.players).toBe(players);
    expect(solution.totals).toEqual(puzzle.totals);
    expect(solution.words).toHaveLength(puzzle.words.length);
    const byWord = new Map(solution.words.map((w: { word: string }) => [w.word, w]));
    expect(byWord.get(w1.word)).toMatchObject({ points: w1.points, foundBy: 2 / players });
    expect(byWord.get(w2.word)).toMatchObject({ points: w2.points, foundBy: 1 / players });
    for (const w of solution.words) {
      expect(Object.keys(w).sort()).toEqual(["common", "foundBy", "path", "points", "word"]);
      expect(w.path.length).toBeGreaterThan(0);
      expect(w.foundBy).toBeGreaterThanOrEqual(0);
      expect(w.foundBy).toBeLessThanOrEqual(1);
    }
    // Ben's round is still running: not for him yet.
    await expectError(await call("/api/puzzles/today/solution", { token: ben.token }), 403, "forbidden");
  });

  it("is open to everyone once the day has closed, and shared", async () => {
    const res = await call(`/api/puzzles/${yesterday()}/solution`);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=60");
    const solution = await res.json<any>();
    expect(solution.words.length).toBe((await puzzleOf(yesterday())).words.length);
    expect(solution.players).toBe(0);
  });

  it("answers 404 for a future day", async () => {
    await expectError(await call(`/api/puzzles/${tomorrow()}/solution`), 404, "not-found");
  });
});

describe("the day's aggregates", () => {
  it("equal a recount from the rounds on every shard (this file's plays): each shard counts its own", async () => {
    for (const d1 of allShardD1s(env)) {
      const histogram = await d1.prepare("select score, rounds from score_histogram where puzzle_date = ? and rounds != 0 order by score").bind(today()).all();
      const recount = await d1.prepare("select score, count(*) as rounds from rounds where puzzle_date = ? and ranked = 1 group by score order by score").bind(today()).all();
      expect(histogram.results).toEqual(recount.results);
    }
  });
});
