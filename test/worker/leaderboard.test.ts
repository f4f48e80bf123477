// GET /api/puzzles/:date/leaderboard and /solution.
import { describe, expect, it } from "vitest";
import { call, callJson, countRows, endRound, expectError, newPlayer, puzzleOf, solutionWords, startRound, submit, today, tomorrow, yesterday } from "./helpers.ts";
import { GRACE_MS } from "../../worker/services/rounds.ts";

describe("GET /api/puzzles/:date/leaderboard", () => {
  it("ranks ranked rounds by score, ties sharing a rank, with the caller's standing", async () => {
    const words = solutionWords(await puzzleOf(today()), 3);
    const [ana, ben, cat, dan] = await Promise.all([newPlayer("Ana"), newPlayer("Ben"), newPlayer("Cat"), newPlayer()]);
    const play = async (player: typeof ana, found: { word: string }[]) => {
      const round = await startRound(player);
      for (const { word } of found) await submit(player, round.roundId, word);
    };
    await play(ana, words);
    await play(ben, words);
    await play(cat, words.slice(0, 1));
    await play(dan, []);
    // An unranked round of a past day does not count here.
    const past = await startRound(cat, yesterday());
    await submit(cat, past.roundId, solutionWords(await puzzleOf(yesterday()), 1)[0].word);

    const top = words.reduce((s, w) => s + w.points, 0);
    const board = await callJson(`/api/puzzles/${today()}/leaderboard`, { token: cat.token });
    expect(board.date).toBe(today());
    expect(board.total).toBe(4);
    expect(board.entries).toEqual([
      { rank: 1, name: "Ana", score: top, words: 3 },
      { rank: 1, name: "Ben", score: top, words: 3 },
      { rank: 3, name: "Cat", score: words[0].points, words: 1, you: true },
      { rank: 4, name: `Player ${dan.playerId.slice(0, 4).toUpperCase()}`, score: 0, words: 0 },
    ]);
    expect(board.you).toEqual({ rank: 3, score: words[0].points, percentile: 50 });

    const page = await callJson(`/api/puzzles/today/leaderboard?limit=2&offset=2`, { token: ana.token });
    expect(page.entries.map((e: { name: string }) => e.name)).toEqual(["Cat", `Player ${dan.playerId.slice(0, 4).toUpperCase()}`]);
    expect(page.you).toEqual({ rank: 1, score: top, percentile: 100 });

    const anonymous = await callJson(`/api/puzzles/today/leaderboard`);
    expect(anonymous.you).toBeUndefined();
    expect(JSON.stringify(anonymous)).not.toContain(ana.playerId);
  });

  it("is empty for a day nobody played and has no `you` for a player without a ranked round", async () => {
    const player = await newPlayer();
    expect(await callJson(`/api/puzzles/${yesterday()}/leaderboard`, { token: player.token })).toEqual({ date: yesterday(), entries: [], total: 0 });
  });

  it("answers 404 for a future day and 400 for a bad query", async () => {
    await expectError(await call(`/api/puzzles/${tomorrow()}/leaderboard`), 404, "not-found");
    await expectError(await call("/api/puzzles/today/leaderboard?limit=0"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard?limit=101"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard?offset=-1"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard?limit=abc"), 400, "invalid-request");
    await expectError(await call("/api/puzzles/today/leaderboard", { token: "forged.token" }), 401, "unauthorized");
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
    // Words no earlier test of this file submitted (they use the longest three).
    const [w1, w2] = solutionWords(puzzle, 6).slice(4);
    const before = await countRows("select count(*) as n from rounds where puzzle_date = ? and ranked = 1", today());
    const [ana, ben] = await Promise.all([newPlayer("Ana"), newPlayer("Ben")]);
    const anaRound = await startRound(ana);
    await submit(ana, anaRound.roundId, w1.word);
    await submit(ana, anaRound.roundId, w2.word);
    const benRound = await startRound(ben);
    await submit(ben, benRound.roundId, w1.word);
    await endRound(anaRound.roundId, GRACE_MS + 1000);

    const solution = await callJson("/api/puzzles/today/solution", { token: ana.token });
    expect(solution.date).toBe(today());
    const players = before + 2;
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

  it("is open to everyone once the day has closed", async () => {
    const solution = await callJson(`/api/puzzles/${yesterday()}/solution`);
    expect(solution.words.length).toBe((await puzzleOf(yesterday())).words.length);
    expect(solution.players).toBe(0);
  });

  it("answers 404 for a future day", async () => {
    await expectError(await call(`/api/puzzles/${tomorrow()}/solution`), 404, "not-found");
  });
});
