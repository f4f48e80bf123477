// The plausibility rules on a real daily board, with three kinds of player: a script that
// submits the solver's output at machine speed, a bot that paces itself like a fast human but
// finds everything, and human-paced rounds (mostly common words, a few seconds apart).
import { env } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "#worker/db/client.ts";
import {
  MAX_WORDS_PER_WINDOW,
  PACE_BUCKET_MS,
  type RoundEvidence,
  type SolutionWordFacts,
  judgeRound,
  paceOf,
  peakWindow,
} from "#worker/results/fair-play.ts";
import { type Puzzle, getPuzzle } from "#worker/puzzles/puzzles.ts";
import { MAX_PACE_BUCKETS, growPace } from "#worker/results/receipt-merge.ts";
import { today } from "./helpers.ts";

let puzzle: Puzzle;
let solution: SolutionWordFacts[];

beforeAll(async () => {
  puzzle = await getPuzzle(env, database(env.DB), today());
  solution = puzzle.words.map((w) => ({ common: w.common, finders: 0 }));
});

const START = 1_700_000_000_000;

function evidence(found: number[], judgedAt: number[], players = 0, facts = solution): RoundEvidence {
  return { pace: paceOf(START, judgedAt), found, solution: facts, players };
}

/** Indexes of the solution's common words, then the rest, each alphabetical. */
function byCommonness(): { common: number[]; rare: number[] } {
  const common: number[] = [];
  const rare: number[] = [];
  puzzle.words.forEach((w, i) => (w.common ? common : rare).push(i));
  return { common, rare };
}

describe("pace", () => {
  it("counts words per 5-second bucket from the round's start", () => {
    expect(paceOf(START, [START + 100, START + 4_999, START + 5_000, START + 17_000])).toEqual([2, 1, 0, 1]);
  });

  it("finds the busiest 10-second window of adjacent buckets", () => {
    expect(peakWindow([3, 0, 4, 5, 1])).toBe(9);
    expect(peakWindow([7])).toBe(7);
    expect(peakWindow([])).toBe(0);
  });
});

describe("the three bots", () => {
  it("flags a script that submits the whole solution within a few seconds", () => {
    const all = puzzle.words.map((_, i) => i);
    const times = all.map((i) => START + 500 + i * 10);
    const verdict = judgeRound(evidence(all, times));
    expect(verdict.verified).toBe(false);
    expect(verdict.flags).toContain("pace");
    expect(verdict.flags).toContain("sweep");
  });

  it("flags a bot that paces itself like a fast human but finds every word, the rarest included", () => {
    const all = puzzle.words.map((_, i) => i);
    // Evenly spread over the three minutes: never more than the pace rule allows in 10 s.
    const gap = Math.max(180_000 / all.length, 10_000 / MAX_WORDS_PER_WINDOW);
    const times = all.map((i) => START + Math.round(i * gap));
    expect(peakWindow(paceOf(START, times))).toBeLessThanOrEqual(MAX_WORDS_PER_WINDOW + 1);
    const verdict = judgeRound(evidence(all, times));
    expect(verdict.verified).toBe(false);
    expect(verdict.flags).toEqual(expect.arrayContaining(["sweep", "rare-sweep"]));
  });

  it("flags a bot that takes only the rare words, slowly", () => {
    const { rare } = byCommonness();
    const times = rare.map((_, k) => START + k * 1_500);
    expect(judgeRound(evidence(rare, times)).flags).toContain("rare-sweep");
  });

  it("verifies human-paced rounds: mostly common words, seconds apart, a few rare ones", () => {
    const { common, rare } = byCommonness();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.integer({ min: 1, max: 45 }),
        fc.integer({ min: 0, max: 6 }),
        (seed, commonCount, rareCount) => {
          let state = seed;
          const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
          const pick = (from: number[], n: number) => [...from].sort(() => next() - 0.5).slice(0, Math.min(n, from.length));
          const found = [...pick(common, commonCount), ...pick(rare, rareCount)];
          // A human: 1.2 to 8 seconds between words.
          let t = START + 2_000;
          const times = found.map(() => (t += 1_200 + next() * 6_800));
          return judgeRound(evidence(found, times)).verified;
        },
      ),
      { numRuns: 200 },
    );
  });

  it("counts a common word found by almost no verified player as rare once enough have played", () => {
    // 100 common words; this round found 30 that none of 1,000 verified players found.
    const found = Array.from({ length: 30 }, (_, i) => i);
    const facts = Array.from({ length: 100 }, (_, i) => ({ common: true, finders: i < 30 ? 0 : 900 }));
    const times = found.map((_, k) => START + k * 3_000);
    expect(judgeRound(evidence(found, times, 0, facts)).verified).toBe(true);
    expect(judgeRound(evidence(found, times, 150, facts)).verified).toBe(true);
    expect(judgeRound(evidence(found, times, 1_000, facts)).flags).toEqual(["rare-sweep"]);
  });
});

describe("pace threshold", () => {
  it("flags exactly above the limit within one window and not at it", () => {
    const at = (n: number) => Array.from({ length: n }, (_, k) => START + 5_000 + Math.floor((k * PACE_BUCKET_MS * 2) / n));
    const few = [0, 1, 2];
    expect(judgeRound(evidence(few, at(MAX_WORDS_PER_WINDOW))).flags).not.toContain("pace");
    expect(judgeRound(evidence(few, at(MAX_WORDS_PER_WINDOW + 1))).flags).toContain("pace");
  });
});

describe("the stored pace (growPace)", () => {
  it("counts each newly found word in its 5-second bucket from the start, one byte a bucket, capped", () => {
    const start = 1_000_000;
    const once = growPace(new Uint8Array(0), start, [start + 100, start + 4_999, start + 5_000, start + 12_000]);
    expect([...once]).toEqual([2, 1, 1]);
    // Grown from what is stored: the earlier buckets stay as they were.
    expect([...growPace(once, start, [start + 21_000])]).toEqual([2, 1, 1, 0, 1]);
    // A time before the start (clock skew between isolates) counts in the first bucket.
    expect([...growPace(new Uint8Array(0), start, [start - 50])]).toEqual([1]);
    // Never more than a byte can hold, and nothing past MAX_PACE_BUCKETS.
    expect([...growPace(Uint8Array.of(255), start, [start])]).toEqual([255]);
    expect(growPace(new Uint8Array(0), start, [start + MAX_PACE_BUCKETS * 5_000]).length).toBe(0);
    expect(peakWindow([...growPace(new Uint8Array(0), start, Array.from({ length: 30 }, (_, i) => start + i * 300))])).toBe(30);
  });
});
