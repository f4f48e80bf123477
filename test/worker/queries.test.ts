// The D1 queries on their own (worker/db/queries), against the migrated local database.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../worker/db/client.ts";
import { countAbove, leaderboardPage, rankedCount, wordFinders } from "../../worker/db/queries/leaderboard.ts";
import { insertPlayer } from "../../worker/db/queries/players.ts";
import { findPuzzles, insertPuzzles, puzzleStored } from "../../worker/db/queries/puzzles.ts";
import { recordWord, roundWordList, startOrResumeRound } from "../../worker/db/queries/rounds.ts";
import type { PuzzleRow, Round } from "../../worker/db/schema.ts";

const db = database(env.DB);
const DATE = "2026-03-14";
/** The leaderboard test's own day, so rounds of other tests do not rank there. */
const BOARD_DATE = "2026-03-15";

function puzzleRow(date: string, board = "[]"): PuzzleRow {
  return { date, number: 1, board, rules: "classic", attempts: 1, words: 0, points: 0, commonWords: 0, commonPoints: 0, solution: "[]", createdAt: 0 };
}

async function player(name: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  await insertPlayer(db, { id, name, createdAt: Date.now() });
  return id;
}

function round(playerId: string, ranked = true, puzzleDate = DATE): Round {
  return { id: crypto.randomUUID(), playerId, puzzleDate, ranked, startedAt: Date.now(), endsAt: ranked ? Date.now() + 180_000 : null, score: 0, words: 0 };
}

beforeAll(async () => {
  await insertPuzzles(db, [puzzleRow(DATE), puzzleRow(BOARD_DATE)]);
});

describe("puzzles", () => {
  it("insert once: a second insert of a stored day keeps the first row and returns it", async () => {
    const first = await insertPuzzles(db, [puzzleRow("2026-03-01", '["first"]')]);
    const second = await insertPuzzles(db, [puzzleRow("2026-03-01", '["second"]')]);
    expect(first[0].board).toBe('["first"]');
    expect(second[0].board).toBe('["first"]');
    const both = await Promise.all([insertPuzzles(db, [puzzleRow("2026-03-02", "[1]")]), insertPuzzles(db, [puzzleRow("2026-03-02", "[2]")])]);
    expect(both[0]).toEqual(both[1]);
    expect(await findPuzzles(db, ["2026-03-02"])).toHaveLength(1);
    expect(await puzzleStored(db, "2026-03-02")).toBe(true);
    expect(await puzzleStored(db, "2026-03-03")).toBe(false);
  });

  it("refuse to bind more than 100 parameters in one statement", async () => {
    const dates = Array.from({ length: 101 }, (_, i) => `2025-01-${String((i % 28) + 1).padStart(2, "0")}`);
    await expect(findPuzzles(db, dates)).rejects.toThrow(/100/);
  });
});

describe("rounds", () => {
  it("start once per player, day and kind", async () => {
    const p = await player();
    const a = await startOrResumeRound(db, round(p));
    const b = await startOrResumeRound(db, round(p));
    expect(b).toEqual(a);
    const unranked = await startOrResumeRound(db, round(p, false));
    expect(unranked.id).not.toBe(a.id);
  });

  it("record a word once and recompute the score from the stored words", async () => {
    const p = await player();
    const r = await startOrResumeRound(db, round(p));
    expect(await recordWord(db, r.id, "tea", 1, Date.now())).toEqual({ score: 1, found: 1 });
    expect(await recordWord(db, r.id, "tea", 1, Date.now())).toEqual({ score: 1, found: 1 });
    expect(await recordWord(db, r.id, "teapot", 3, Date.now())).toEqual({ score: 4, found: 2 });
    expect(await roundWordList(db, r.id)).toEqual(["tea", "teapot"]);
  });

  it("roll back the whole batch when one statement fails", async () => {
    const p = await player();
    const r = await startOrResumeRound(db, round(p));
    await env.DB.prepare("create trigger no_updates before update on rounds begin select raise(abort, 'injected'); end").run();
    try {
      await expect(recordWord(db, r.id, "tea", 1, Date.now())).rejects.toThrow(/injected/);
    } finally {
      await env.DB.prepare("drop trigger no_updates").run();
    }
    expect(await roundWordList(db, r.id)).toEqual([]);
  });
});

describe("leaderboard", () => {
  it("ranks with ties, counts, and finds who found what", async () => {
    const ids = await Promise.all(["A", "B", "C"].map((n) => player(n)));
    const rs = await Promise.all(ids.map((id) => startOrResumeRound(db, round(id, true, BOARD_DATE))));
    await recordWord(db, rs[0].id, "stone", 2, Date.now());
    await recordWord(db, rs[1].id, "notes", 2, Date.now());
    await recordWord(db, rs[2].id, "stone", 2, Date.now());
    await recordWord(db, rs[2].id, "tones", 2, Date.now());
    const unranked = await startOrResumeRound(db, round(ids[0], false, BOARD_DATE));
    await recordWord(db, unranked.id, "onset", 2, Date.now());

    const page = await leaderboardPage(db, BOARD_DATE, 10, 0);
    // A and B tie (listed by who started first, which the parallel starts leave open).
    expect(page.map((r) => [r.rank, r.name, r.score, r.words])).toEqual([
      [1, "C", 4, 2],
      [2, page[1].name, 2, 1],
      [2, page[2].name, 2, 1],
    ]);
    expect([page[1].name, page[2].name].sort()).toEqual(["A", "B"]);
    expect(await leaderboardPage(db, BOARD_DATE, 1, 2)).toMatchObject([{ rank: 2, name: page[2].name }]);
    expect(await countAbove(db, BOARD_DATE, 2)).toBe(1);
    expect(await countAbove(db, BOARD_DATE, 4)).toBe(0);
    expect(await rankedCount(db, BOARD_DATE)).toBe(3);
    const finders = await wordFinders(db, BOARD_DATE);
    expect(finders.get("stone")).toBe(2);
    expect(finders.get("notes")).toBe(1);
    expect(finders.has("onset")).toBe(false);
  });
});
