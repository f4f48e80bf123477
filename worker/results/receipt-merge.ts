// Merging synced words into rounds (the consumer side), as a plan computed from the rounds as
// stored: each round's new found set (stored OR synced), its score and word count recomputed
// from that set, its fair-play pace grown by the newly found words, and the day's aggregate
// deltas from the bits newly set only. A message whose words are all stored already changes
// nothing, which is what makes redeliveries harmless.
//
// Every changed ranked round is judged again by the fair-play rules (results/fair-play.ts). The
// moment it fails one, its whole contribution leaves the day's aggregates (its score from the
// histogram, every word it had found from the finder counts) and never comes back: a round under
// review stays so, and its later words change only the round itself.
import type { DayDeltas, RoundUpdate, StoredRound } from "./merge-store.ts";
import { PACE_BUCKET_MS, type SolutionWordFacts, isCleared, judgeRound, parseFlags } from "./fair-play.ts";
import { type FoundBits, foundFromRanks, mergeFound, newRanks, ranksOf } from "./found-set.ts";
import type { Puzzle } from "../puzzles/puzzles.ts";
import type { SyncMessage } from "../rounds/sync-producer.ts";

/** What the fair-play rules need to know of a ranked day, as stored before the merge. */
export interface DayFacts {
  /** Verified ranked rounds that found each word rank. */
  finders: ReadonlyMap<number, number>;
  /** Verified ranked rounds of the day. */
  players: number;
}

export interface MergePlan {
  updates: RoundUpdate[];
  days: Map<string, DayDeltas>;
  /** Messages naming a round that is not stored, or words not in its day's solution (never expected). */
  ignored: string[];
}

/** Buckets past this (20 minutes) are not paced: a ranked round ends long before. */
export const MAX_PACE_BUCKETS = 240;

function add(map: Map<number, number>, key: number, delta: number): void {
  const value = (map.get(key) ?? 0) + delta;
  if (value === 0) map.delete(key);
  else map.set(key, value);
}

/** The stored pace with each newly found word counted in its bucket (a byte, capped at 255). */
export function growPace(pace: Uint8Array, startedAt: number, judgedAt: readonly number[]): Uint8Array {
  const buckets = judgedAt
    .map((at) => Math.max(0, Math.floor((at - startedAt) / PACE_BUCKET_MS)))
    .filter((bucket) => bucket < MAX_PACE_BUCKETS);
  const grown = new Uint8Array(Math.max(pace.length, ...buckets.map((b) => b + 1)));
  grown.set(pace);
  for (const bucket of buckets) grown[bucket] = Math.min(255, grown[bucket] + 1);
  return grown;
}

export function planMerge(
  messages: readonly SyncMessage[],
  stored: ReadonlyMap<string, StoredRound>,
  puzzles: ReadonlyMap<string, Puzzle>,
  facts: ReadonlyMap<string, DayFacts> = new Map(),
): MergePlan {
  // Per round, each synced rank with the earliest time it was judged (null: not known).
  const synced = new Map<string, Map<number, number | null>>();
  const ignored: string[] = [];
  for (const message of messages) {
    const round = stored.get(message.roundId);
    const puzzle = round && puzzles.get(round.puzzleDate);
    if (round === undefined || puzzle === undefined) {
      ignored.push(`round ${message.roundId}: not stored`);
      continue;
    }
    const ranks = synced.get(round.id) ?? new Map<number, number | null>();
    message.words.forEach((word, i) => {
      const rank = puzzle.rankOf.get(word);
      if (rank === undefined) {
        ignored.push(`round ${round.id}: "${word}" is not in the solution of ${round.puzzleDate}`);
        return;
      }
      const at = message.at?.[i] ?? null;
      const before = ranks.get(rank);
      ranks.set(rank, before === undefined ? at : before === null ? at : at === null ? before : Math.min(before, at));
    });
    synced.set(round.id, ranks);
  }

  const updates: RoundUpdate[] = [];
  const days = new Map<string, DayDeltas>();
  for (const [roundId, ranks] of synced) {
    const round = stored.get(roundId)!;
    const puzzle = puzzles.get(round.puzzleDate)!;
    const incoming = foundFromRanks(ranks.keys());
    const fresh = newRanks(round.found, incoming);
    if (fresh.length === 0) continue;
    const found = mergeFound(round.found, incoming);
    const all = ranksOf(found);
    const score = all.reduce((sum, rank) => sum + puzzle.words[rank].points, 0);
    if (!round.ranked) {
      updates.push({ roundId, expected: round.found, found, score, words: all.length, pace: round.pace, verified: round.verified, flags: round.flags });
      continue;
    }

    const pace = growPace(round.pace, round.startedAt, fresh.flatMap((rank) => ranks.get(rank) ?? []));
    const day = facts.get(round.puzzleDate) ?? { finders: new Map(), players: 0 };
    const solution: SolutionWordFacts[] = puzzle.words.map((w, rank) => ({ common: w.common, finders: day.finders.get(rank) ?? 0 }));
    // A round a moderator cleared is not judged again (its flags column keeps the marker).
    const cleared = isCleared(round.flags);
    const verdict = cleared ? { flags: [] } : judgeRound({ pace: [...pace], found: all, solution, players: day.players });
    const flags = [...new Set([...parseFlags(round.flags), ...verdict.flags])];
    const verified = round.verified && flags.length === 0;
    updates.push({ roundId, expected: round.found, found, score, words: all.length, pace, verified, flags: cleared ? round.flags : flags.join(",") });
    if (!round.verified) continue; // withdrawn already: counts in nothing

    let deltas = days.get(round.puzzleDate);
    if (deltas === undefined) days.set(round.puzzleDate, (deltas = { finders: new Map(), histogram: new Map() }));
    add(deltas.histogram, round.score, -1);
    if (verified) {
      for (const rank of fresh) add(deltas.finders, rank, 1);
      add(deltas.histogram, score, 1);
    } else {
      // Failed just now: withdraw everything it had contributed.
      for (const rank of ranksOf(round.found)) add(deltas.finders, rank, -1);
    }
  }
  return { updates, days, ignored };
}
