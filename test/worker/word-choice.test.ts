// The word-choice rule (worker/results/word-choice.ts) at its edges: the floors on a quiet day,
// the day's 99th percentile once there are enough players, and rounds too short to judge.
import { describe, expect, it } from "vitest";
import {
  BEST_PICK_FLOOR,
  MIN_SHAPE_SAMPLE,
  MIN_SHAPE_WORDS,
  RARE_SHARE_FLOOR,
  type ShapeWord,
  type WordChoiceShape,
  bestPoints,
  percentile,
  picksLikeASolver,
  rareShareFloor,
  shapeBounds,
  shapeOf,
} from "#worker/results/word-choice.ts";

// A board of 100 words: 10 rare 11-pointers, 20 rare 5-pointers, 30 common 2-pointers, 40 common 1-pointers.
const board: ShapeWord[] = [
  ...Array.from({ length: 10 }, () => ({ points: 11, common: false })),
  ...Array.from({ length: 20 }, () => ({ points: 5, common: false })),
  ...Array.from({ length: 30 }, () => ({ points: 2, common: true })),
  ...Array.from({ length: 40 }, () => ({ points: 1, common: true })),
];
const best = bestPoints(board);
const quiet = shapeBounds([], []);
const shape = (words: number, bestPick: number, rareShare: number): WordChoiceShape => ({ words, bestPick, rareShare });

describe("the shape of a round", () => {
  it("is 1 for the board's best words, whatever their number, and less for anything else", () => {
    expect(shapeOf(board.slice(0, 25), best)).toEqual({ words: 25, bestPick: 1, rareShare: 1 });
    // The 30 everyday 2-pointers: 60 points where the best 30 words make 210.
    const everyday = shapeOf(board.slice(30, 60), best);
    expect(everyday.bestPick).toBeCloseTo(60 / 210);
    expect(everyday.rareShare).toBe(0);
    expect(shapeOf([], best)).toEqual({ words: 0, bestPick: 0, rareShare: 0 });
  });

  it("takes the nearest-rank percentile", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 0.99)).toBe(99);
    expect(percentile([3, 1, 2], 0.99)).toBe(3);
    expect(percentile([], 0.99)).toBe(0);
  });
});

describe("picks like a solver", () => {
  it("on a quiet day, from the floors: both must be reached, by a round long enough", () => {
    expect(quiet).toEqual({ bestPick: BEST_PICK_FLOOR, rareShare: RARE_SHARE_FLOOR });
    expect(picksLikeASolver(shape(MIN_SHAPE_WORDS, BEST_PICK_FLOOR, RARE_SHARE_FLOOR), quiet)).toBe(true);
    expect(picksLikeASolver(shape(MIN_SHAPE_WORDS - 1, 1, 1), quiet)).toBe(false);
    expect(picksLikeASolver(shape(60, BEST_PICK_FLOOR - 0.01, 1), quiet)).toBe(false);
    expect(picksLikeASolver(shape(60, 1, RARE_SHARE_FLOOR - 0.01), quiet)).toBe(false);
    // The best everyday words of a board (a strong player at their best) are not a solver's.
    expect(picksLikeASolver(shapeOf(board.slice(30, 60), best), quiet)).toBe(false);
    expect(picksLikeASolver(shapeOf(board.slice(0, 30), best), quiet)).toBe(true);
  });

  it("raises the bounds to the day's 99th percentile once the day has enough players, never lowers them", () => {
    // A day whose players pick rarer and better words than the floors: the bounds follow them.
    const strongDay = Array.from({ length: MIN_SHAPE_SAMPLE }, (_, i) => shape(30, 0.8 + (0.15 * i) / MIN_SHAPE_SAMPLE, 0.4 + (0.4 * i) / MIN_SHAPE_SAMPLE));
    const raised = shapeBounds(strongDay, []);
    expect(raised.bestPick).toBeGreaterThan(BEST_PICK_FLOOR);
    expect(raised.rareShare).toBeGreaterThan(RARE_SHARE_FLOOR);
    expect(picksLikeASolver(shape(30, 0.93, 0.7), raised)).toBe(false);
    expect(picksLikeASolver(shape(30, 0.93, 0.7), quiet)).toBe(true);
    // One fewer long round in the sample: the floors alone decide.
    expect(shapeBounds(strongDay.slice(1), [])).toEqual(quiet);
    // Short rounds say little and do not count towards the sample.
    expect(shapeBounds([...strongDay.slice(1), shape(MIN_SHAPE_WORDS - 1, 1, 1)], [])).toEqual(quiet);
    // A day of everyday pickers leaves the floors in place.
    expect(shapeBounds(Array.from({ length: 2 * MIN_SHAPE_SAMPLE }, () => shape(30, 0.5, 0.1)), [])).toEqual(quiet);
  });

  it("asks a board with few rare words for three quarters of its own rare share, never more than the floor", () => {
    const words = (rare: number, common: number) => [...Array.from({ length: rare }, () => ({ points: 1, common: false })), ...Array.from({ length: common }, () => ({ points: 1, common: true }))];
    expect(rareShareFloor(words(75, 67))).toBeCloseTo(0.75 * (75 / 142));
    expect(rareShareFloor(words(80, 20))).toBe(RARE_SHARE_FLOOR);
    // The best words under the sweep rules (75 % of the words, 60 % of the rare ones) on a board
    // half rare: 0.42 of them rare, under the fixed floor, over the board's.
    const bounds = shapeBounds([], words(75, 67));
    expect(picksLikeASolver(shape(106, 1, 44 / 106), bounds)).toBe(true);
    expect(picksLikeASolver(shape(106, 1, 44 / 106), quiet)).toBe(false);
  });
});
