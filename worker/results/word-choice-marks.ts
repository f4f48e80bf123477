// Which of some ranked rounds of a day pick like a solver (word-choice.ts), against the day's
// verified players. Read only for the few top places a leaderboard page, a player's own standing
// or the moderators' queue shows, and bounded: the rounds asked about plus the day's best
// SHAPE_SAMPLE_LIMIT verified rounds, an even share from each shard (the strongest players, so the comparison is with the people
// a solver-like round would sit among; a stronger sample can only raise the bounds).
import type { Db } from "../db/client.ts";
import { mergePages } from "./fan-out.ts";
import { dayFoundSample, foundSetsOf } from "./word-choice-queries.ts";
import { ranksOf } from "./found-set.ts";
import type { Puzzle } from "../puzzles/puzzles.ts";
import { SHAPE_SAMPLE_LIMIT, type ShapeBounds, type ShapeWord, type WordChoiceShape, bestPoints, picksLikeASolver, shapeBounds, shapeOf } from "./word-choice.ts";

/** A round's shape from its found set (`best`: the board's bestPoints). */
export function shapeOfFound(found: Uint8Array, puzzle: Puzzle, best: readonly number[]): WordChoiceShape {
  const words: ShapeWord[] = [];
  for (const rank of ranksOf(found)) {
    const word = puzzle.words[rank];
    if (word !== undefined) words.push(word);
  }
  return shapeOf(words, best);
}

/** The ids among `roundIds` whose words pick like a solver, the rounds read from every shard. */
export async function solverLikeRounds(shards: readonly Db[], puzzle: Puzzle, roundIds: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (roundIds.length === 0) return out;
  const [foundSets, bounds] = await Promise.all([Promise.all(shards.map((db) => foundSetsOf(db, roundIds))), dayShapeBounds(shards, puzzle)]);
  const best = bestPoints(puzzle.words);
  for (const [id, set] of foundSets.flatMap((sets) => [...sets])) if (picksLikeASolver(shapeOfFound(set, puzzle, best), bounds)) out.add(id);
  return out;
}

/** The day's word-choice bounds, from its best verified rounds over every shard. */
export async function dayShapeBounds(shards: readonly Db[], puzzle: Puzzle): Promise<ShapeBounds> {
  // Each shard gives its best 1/N of the sample: a player's shard is a hash of their id, so each
  // shard's top is an even share of the day's top, and the rows read stay SHAPE_SAMPLE_LIMIT at any N.
  const samples = await Promise.all(shards.map((db) => dayFoundSample(db, puzzle.key, Math.ceil(SHAPE_SAMPLE_LIMIT / shards.length))));
  const best = bestPoints(puzzle.words);
  return shapeBounds(mergePages(samples, SHAPE_SAMPLE_LIMIT).map((r) => shapeOfFound(r.found, puzzle, best)), puzzle.words);
}
