// Merging synced words into rounds (the consumer side), as a plan computed from the rounds as
// stored: each round's new found set (stored OR synced), its score and word count recomputed
// from that set, and the day's aggregate deltas from the bits newly set only. A message whose
// words are all stored already changes nothing, which is what makes redeliveries harmless.
import type { StoredRound } from "../db/queries/sync.ts";
import { type FoundBits, foundFromRanks, mergeFound, newRanks, ranksOf } from "./found-set.ts";
import type { Puzzle } from "./puzzles.ts";
import type { SyncMessage } from "./sync.ts";

export interface RoundUpdate {
  roundId: string;
  /** The found set the plan was computed from: the write only applies if it is still stored. */
  expected: FoundBits;
  found: FoundBits;
  score: number;
  words: number;
}

/** Per ranked day: finders to add per word rank, rounds to add (or remove) per score. */
export interface DayDeltas {
  finders: Map<number, number>;
  histogram: Map<number, number>;
}

export interface MergePlan {
  updates: RoundUpdate[];
  days: Map<string, DayDeltas>;
  /** Messages naming a round that is not stored, or words not in its day's solution (never expected). */
  ignored: string[];
}

function add(map: Map<number, number>, key: number, delta: number): void {
  const value = (map.get(key) ?? 0) + delta;
  if (value === 0) map.delete(key);
  else map.set(key, value);
}

export function planMerge(messages: readonly SyncMessage[], stored: ReadonlyMap<string, StoredRound>, puzzles: ReadonlyMap<string, Puzzle>): MergePlan {
  const synced = new Map<string, Set<number>>();
  const ignored: string[] = [];
  for (const message of messages) {
    const round = stored.get(message.roundId);
    const puzzle = round && puzzles.get(round.puzzleDate);
    if (round === undefined || puzzle === undefined) {
      ignored.push(`round ${message.roundId}: not stored`);
      continue;
    }
    const ranks = synced.get(round.id) ?? new Set();
    for (const word of message.words) {
      const rank = puzzle.rankOf.get(word);
      if (rank === undefined) ignored.push(`round ${round.id}: "${word}" is not in the solution of ${round.puzzleDate}`);
      else ranks.add(rank);
    }
    synced.set(round.id, ranks);
  }

  const updates: RoundUpdate[] = [];
  const days = new Map<string, DayDeltas>();
  for (const [roundId, ranks] of synced) {
    const round = stored.get(roundId)!;
    const puzzle = puzzles.get(round.puzzleDate)!;
    const incoming = foundFromRanks(ranks);
    const fresh = newRanks(round.found, incoming);
    if (fresh.length === 0) continue;
    const found = mergeFound(round.found, incoming);
    const all = ranksOf(found);
    const score = all.reduce((sum, rank) => sum + puzzle.words[rank].points, 0);
    updates.push({ roundId, expected: round.found, found, score, words: all.length });
    if (!round.ranked) continue;
    let day = days.get(round.puzzleDate);
    if (day === undefined) days.set(round.puzzleDate, (day = { finders: new Map(), histogram: new Map() }));
    for (const rank of fresh) add(day.finders, rank, 1);
    add(day.histogram, round.score, -1);
    add(day.histogram, score, 1);
  }
  return { updates, days, ignored };
}
