// The D1 queries on their own (worker/db/queries), against the migrated local database.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#worker/db/client.ts";
import { type PageCursor, dayFinders, dayHistogram, leaderboardPage } from "#worker/results/queries.ts";
import { insertPlayer } from "#worker/players/queries.ts";
import { findPuzzles, insertPuzzles } from "#worker/puzzles/queries.ts";
import { startOrResumeRound } from "#worker/rounds/queries.ts";
import { MergeConflict, roundsToMerge, writeMerge } from "#worker/results/merge-store.ts";
import { foundFromRanks } from "#worker/results/found-set.ts";
import type { PuzzleRow, Round } from "#worker/db/schema.ts";

const db = database(env.DB);
const DATE = "2026-03-14";
/** The leaderboard test's own day, so rounds of other tests do not rank there. */
const BOARD_DATE = "2026-03-15";

function puzzleRow(date: string, board: string[][] = []): PuzzleRow {
  return { date, number: 1, board, rules: "classic", attempts: 1, words: 0, points: 0, commonWords: 0, commonPoints: 0, solution: [], createdAt: 0 };
}

async function player(name: string | null = null): Promise<string> {
  const id = crypto.randomUUID();
  await insertPlayer(db, { id, name, createdAt: Date.now() });
  return id;
}

function round(playerId: string, ranked = true, puzzleDate = DATE): Round {
  return { id: crypto.randomUUID(), playerId, puzzleDate, ranked, startedAt: Date.now(), endsAt: ranked ? Date.now() + 180_000 : null, found: new Uint8Array(0), score: 0, words: 0, pace: new Uint8Array(0), verified: true, flags: "" };
}

beforeAll(async () => {
  await insertPuzzles(db, [puzzleRow(DATE), puzzleRow(BOARD_DATE)]);
});

describe("puzzles", () => {
  it("insert once: a second insert of a stored day keeps the first row and returns it", async () => {
    const first = await insertPuzzles(db, [puzzleRow("2026-03-01", [["f"]])]);
    const second = await insertPuzzles(db, [puzzleRow("2026-03-01", [["s"]])]);
    expect(first[0].board).toEqual([["f"]]);
    expect(second[0].board).toEqual([["f"]]);
    const both = await Promise.all([insertPuzzles(db, [puzzleRow("2026-03-02", [["a"]])]), insertPuzzles(db, [puzzleRow("2026-03-02", [["b"]])])]);
    expect(both[0]).toEqual(both[1]);
    expect(await findPuzzles(db, ["2026-03-02"])).toHaveLength(1);
  });

  it("refuse to bind more than 100 parameters in one statement", async () => {
    const dates = Array.from({ length: 101 }, (_, i) => `2025-01-${String((i % 28) + 1).padStart(2, "0")}`);
    await expect(findPuzzles(db, dates)).rejects.toThrow(/100/);
  });
});

describe("rounds", () => {
  it("start once per player, day and kind, entering the histogram once", async () => {
    const p = await player();
    const a = await startOrResumeRound(db, round(p));
    const b = await startOrResumeRound(db, round(p));
    expect(b).toEqual(a);
    const unranked = await startOrResumeRound(db, round(p, false));
    expect(unranked.id).not.toBe(a.id);
    expect(await dayHistogram(db, DATE)).toEqual([{ score: 0, rounds: 1 }]);
  });

  it("merge found sets only over the set they were computed from; a stale merge changes nothing", async () => {
    const p = await player();
    const r = await startOrResumeRound(db, round(p));
    const once = { roundId: r.id, expected: new Uint8Array(0), found: foundFromRanks([1]), score: 2, words: 1, pace: new Uint8Array(0), verified: true, flags: "" };
    const deltas = new Map([[DATE, { finders: new Map([[1, 1]]), histogram: new Map([[0, -1], [2, 1]]) }]]);
    await writeMerge(db, [once], deltas);
    // The same plan again was computed from a set that is no longer stored: refused whole.
    await expect(writeMerge(db, [once], deltas)).rejects.toBeInstanceOf(MergeConflict);
    const stored = await roundsToMerge(db, [r.id]);
    expect(stored.get(r.id)).toMatchObject({ found: foundFromRanks([1]), score: 2 });
    expect(await dayFinders(db, DATE)).toEqual(new Map([[1, 1]]));
    expect(await dayHistogram(db, DATE)).toEqual([{ score: 2, rounds: 1 }, { score: 0, rounds: 1 }]);
  });

  it("upsert hundreds of aggregate rows in one merge (more than 100 parameters)", async () => {
    const date = "2026-03-16";
    await insertPuzzles(db, [puzzleRow(date)]);
    const finders = new Map(Array.from({ length: 250 }, (_, i) => [i, 1 + (i % 3)] as [number, number]));
    await writeMerge(db, [], new Map([[date, { finders, histogram: new Map([[5, 2]]) }]]));
    await writeMerge(db, [], new Map([[date, { finders, histogram: new Map([[5, 1]]) }]]));
    const stored = await dayFinders(db, date);
    expect(stored.size).toBe(250);
    for (const [rank, n] of finders) expect(stored.get(rank)).toBe(2 * n);
    expect(await dayHistogram(db, date)).toEqual([{ score: 5, rounds: 3 }]);
  });
});

describe("leaderboard", () => {
  it("pages by cursor through ties in a stable order, reading about a page of rows", async () => {
    const ids = await Promise.all(Array.from({ length: 7 }, (_, i) => player(`P${i}`)));
    // Scores 5, 3, 3, 3, 3, 1, 0: a tie group longer than a page (and a round that found nothing, not ranked).
    const scores = [5, 3, 3, 3, 3, 1, 0];
    const rs = [];
    for (const [i, id] of ids.entries()) {
      const r = await startOrResumeRound(db, { ...round(id, true, BOARD_DATE), startedAt: 1000 + i });
      await env.DB.prepare("update rounds set score = ? where id = ?").bind(scores[i], r.id).run();
      rs.push(r);
    }
    const unranked = await startOrResumeRound(db, round(ids[0], false, BOARD_DATE));
    await env.DB.prepare("update rounds set score = 99 where id = ?").bind(unranked.id).run();

    const seen: string[] = [];
    let cursor: PageCursor | undefined;
    for (;;) {
      const page = await leaderboardPage(db, BOARD_DATE, 2, cursor);
      seen.push(...page.map((r) => r.name ?? ""));
      const last = page[page.length - 1];
      if (page.length < 2 || last === undefined) break;
      cursor = { score: last.score, startedAt: last.startedAt, roundId: last.roundId };
    }
    expect(seen).toEqual(["P0", "P1", "P2", "P3", "P4", "P5"]);
    // A page deep inside the tie group reads its rows by the index, not the rows before it.
    const read = await env.DB.prepare(
      "select id from rounds where puzzle_date = ? and ranked = 1 and verified = 1 and score = ? and (started_at, id) > (?, ?) order by score desc, started_at, id limit 2",
    )
      .bind(BOARD_DATE, 3, rs[2].startedAt, rs[2].id)
      .all();
    expect(read.meta.rows_read).toBeLessThanOrEqual(3);
  });
});
