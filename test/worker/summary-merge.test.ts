// Joining an archived history to another (player-summary.ts's mergeSummaries, for a passkey
// sign-in): boards only one played join, a board both played keeps the receiving player's, and a
// day both played that is too old for either summary to list its boards merges nothing.
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import { RECENT_ROUNDS, emptySummary, foldDay, mergeSummaries, statsOf } from "#worker/players/player-summary.ts";
import type { PlayerSummaryData } from "#worker/db/schema.ts";

const TODAY = "2026-11-25";
const day = (back: number) => addDays(TODAY, -back);

/** A summary folded as retention folds it, from [board, score, words found] in date order. */
function history(rounds: readonly [string, number, readonly string[]][]): PlayerSummaryData {
  return rounds.reduce(
    (summary, [date, score, found]) =>
      foldDay(summary, { roundId: `${date}:${score}`, date, ranked: true, score, words: found.length, verified: true, flags: "", found: found.map((word) => ({ word, points: score })) }),
    emptySummary(),
  );
}

describe("merging archived histories", () => {
  it("adds the boards only the other player played, keeps the receiving player's board of a day both played", () => {
    const into = history([[day(12), 20, ["owner"]]]);
    const from = history([[day(12), 30, ["clash"]], [day(11), 25, ["later", "two"]], [`${day(10)}-fr`, 12, ["mot"]]]);
    const merged = mergeSummaries(into, from, [])!;
    expect(merged).toMatchObject({ moved: 2, kept: 1 });
    const stats = statsOf(merged.summary, [], day(9));
    expect(stats.played).toBe(3);
    expect(stats.streak).toBe(3);
    expect(stats.totalPoints).toBe(20 + 25 + 12);
    expect(stats.totalWords).toBe(1 + 2 + 1);
    expect(stats.bestScore).toBe(25);
    expect(stats.history.map((h) => [h.date, h.score])).toEqual([[`${day(10)}-fr`, 12], [day(11), 25], [day(12), 20]]);
    expect(stats.bestWords.map((w) => w.word).sort()).toEqual(["later", "mot", "owner", "two"]);
  });

  it("a board in the receiving player's D1 rounds counts as played", () => {
    const from = history([[day(2), 30, ["a"]], [day(3), 10, ["b"]]]);
    const merged = mergeSummaries(emptySummary(), from, [day(2)])!;
    expect(merged).toMatchObject({ moved: 1, kept: 1 });
    expect(merged.summary.totalPoints).toBe(10);
    expect(merged.summary.bestScore).toBe(10);
  });

  it("another language's board of the same day is another board: it joins", () => {
    const into = history([[day(5), 20, ["a"]]]);
    const from = history([[`${day(5)}-de`, 15, ["b"]]]);
    expect(mergeSummaries(into, from, [])).toMatchObject({ moved: 1, kept: 0, summary: { ranked: 2, totalPoints: 35 } });
  });

  it("merges nothing when a day both played is older than the boards a summary lists", () => {
    // 40 days each, overlapping on the oldest: the recent rounds list only the last 30.
    const long = (score: number) => history(Array.from({ length: 40 }, (_, i): [string, number, string[]] => [day(100 - i), score, [`w${i}`]]));
    const into = long(5);
    const from = history([[day(100), 7, ["x"]]]);
    expect(into.days).toHaveLength(RECENT_ROUNDS);
    expect(mergeSummaries(into, from, [])).toBeNull();
    // A day both played within the listed days compares board by board.
    const recent = history([[day(61), 9, ["y"]], [day(40), 8, ["z"]]]);
    expect(mergeSummaries(into, recent, [])).toMatchObject({ moved: 1, kept: 1 });
  });

  it("merging into an empty history gives the other history unchanged", () => {
    const from = history([[day(3), 4, ["a"]], [day(2), 6, ["b"]]]);
    expect(mergeSummaries(emptySummary(), from, [])).toEqual({ summary: from, moved: 2, kept: 0 });
  });
});
