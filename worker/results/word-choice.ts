// The word-choice shape of a round (issue 28): which words it picked, not how fast. A script that
// paces itself under every fair-play rule (fair-play.ts) and picks the best-scoring words it is
// allowed passes them all; what gives it away is that it picks like a solver: long, high-point
// words, most of them rare (not in the lexicon's common/everyday list), far beyond what the day's
// verified players pick. People find mostly everyday words, and their long finds are few.
//
// The shape of a round: its best-pick share (its points over the points of the board's best words
// in the same number: 1 when it took the highest-scoring words there are, whatever the board, the
// language or how many words it found) and its rare share (rare words / words found). Its points
// per word and mean word length are shown to moderators (moderation.ts) but not judged: they
// depend on the board and on how many words a round found.
//
// The rule: a round of at least MIN_SHAPE_WORDS words "picks like a solver" when BOTH its
// best-pick share and its rare share are at or above their bounds. Each bound is the higher of a
// floor (the rare share's lower on a board with few rare words: rareShareFloor) and the day's 99th percentile among its verified rounds (a bounded sample, see
// word-choice-marks.ts), once the sample has MIN_SHAPE_SAMPLE rounds of MIN_SHAPE_WORDS words.
// The floors alone decide a quiet day; the day's distribution can only raise a bound, never lower
// it, so a day whose players pick unusually well does not flag them.
// Why the floors sit where they do (measured in docs/fair-play.md): words picked at random from
// the board reach a best-pick share of about 0.7 at half the board and under 0.9 even at the
// sweep rule's 75 %, with the board's rare share (about half); a strong player's best everyday
// words (the human-paced replays of test/worker/fair-play-bots.test.ts) are near 0.6 with no rare
// word; the paced best-words bot of docs/fair-play.md is near 1 with most of its words rare.
//
// It is a mark, not a verdict: the round stays ranked and counted, its top place is shown as
// "solver-like" (provisional.ts's reason "picks") and it is in the moderators' queue.

// The thresholds live in shared/ (the /how-to-play page prints them).
import { MIN_SHAPE_WORDS, BEST_PICK_FLOOR, RARE_SHARE_FLOOR, RARE_SHARE_OF_BOARD, MIN_SHAPE_SAMPLE } from "#game/fair-play-rules.ts";

export { MIN_SHAPE_WORDS, BEST_PICK_FLOOR, RARE_SHARE_FLOOR, RARE_SHARE_OF_BOARD, MIN_SHAPE_SAMPLE };

export const SHAPE_PERCENTILE = 0.99;
/** The day's best this-many verified rounds are the sample (a bounded read, see word-choice-marks.ts). */
export const SHAPE_SAMPLE_LIMIT = 500;

export interface ShapeWord {
  points: number;
  /** In the lexicon's common-word list. */
  common: boolean;
}

export interface WordChoiceShape {
  words: number;
  /** Points over the points of the board's best `words` words (0 for an empty round). */
  bestPick: number;
  /** Rare words over words found (0 for an empty round). */
  rareShare: number;
}

/** The board's word points, highest first, summed: `best[n]` is the points of its best n words. */
export function bestPoints(board: readonly ShapeWord[]): number[] {
  const sorted = board.map((w) => w.points).sort((a, b) => b - a);
  const best = [0];
  for (const p of sorted) best.push(best[best.length - 1]! + p);
  return best;
}

export function shapeOf(found: readonly ShapeWord[], best: readonly number[]): WordChoiceShape {
  const top = best[Math.min(found.length, best.length - 1)] ?? 0;
  if (found.length === 0 || top <= 0) return { words: found.length, bestPick: 0, rareShare: 0 };
  const points = found.reduce((s, w) => s + w.points, 0);
  const rare = found.filter((w) => !w.common).length;
  return { words: found.length, bestPick: points / top, rareShare: rare / found.length };
}

/** The value at `p` (0..1) of the sorted values (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export interface ShapeBounds {
  bestPick: number;
  rareShare: number;
}

/** The rare-share floor of a board: the fixed floor, lower on a board with few rare words (RARE_SHARE_OF_BOARD). */
export function rareShareFloor(board: readonly ShapeWord[]): number {
  const boardRareShare = board.length === 0 ? 1 : board.filter((w) => !w.common).length / board.length;
  return Math.min(RARE_SHARE_FLOOR, RARE_SHARE_OF_BOARD * boardRareShare);
}

/**
 * The day's bounds from its verified rounds' shapes (rounds under MIN_SHAPE_WORDS words say little
 * and are left out), over the floors of its board.
 */
export function shapeBounds(day: readonly WordChoiceShape[], board: readonly ShapeWord[]): ShapeBounds {
  const floors = { bestPick: BEST_PICK_FLOOR, rareShare: rareShareFloor(board) };
  const sample = day.filter((s) => s.words >= MIN_SHAPE_WORDS);
  if (sample.length < MIN_SHAPE_SAMPLE) return floors;
  return {
    bestPick: Math.max(floors.bestPick, percentile(sample.map((s) => s.bestPick), SHAPE_PERCENTILE)),
    rareShare: Math.max(floors.rareShare, percentile(sample.map((s) => s.rareShare), SHAPE_PERCENTILE)),
  };
}

export function picksLikeASolver(shape: WordChoiceShape, bounds: ShapeBounds): boolean {
  return shape.words >= MIN_SHAPE_WORDS && shape.bestPick >= bounds.bestPick && shape.rareShare >= bounds.rareShare;
}
