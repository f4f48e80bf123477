// Ranks and percentiles from a day's score histogram: a round's rank is one more than the number
// of ranked rounds that scored more (ties share a rank), without counting rounds.
import type { PageCursor } from "./queries.ts";

export interface Standings {
  total: number;
  /** The rank of a score (1 + rounds above it). */
  rankOf(score: number): number;
}

/** Rounds that scored nothing are not ranked (results/queries.ts): nor counted here. */
export function standingsOf(histogram: readonly { score: number; rounds: number }[]): Standings {
  const sorted = histogram.filter((bucket) => bucket.score > 0).sort((a, b) => b.score - a.score);
  const total = sorted.reduce((sum, bucket) => sum + bucket.rounds, 0);
  return {
    total,
    rankOf(score) {
      // Rounds above = everything in buckets with a higher score.
      let count = 0;
      for (const bucket of sorted) {
        if (bucket.score <= score) break;
        count += bucket.rounds;
      }
      return count + 1;
    },
  };
}

/** The share of ranked players (in %) whose score is at or below this rank's. */
export function percentileOf(rank: number, total: number): number {
  return total === 0 ? 0 : Math.round((100 * (total - rank + 1)) / total);
}

/** Cursors are `<score>.<startedAt>.<roundId>`: opaque to clients, readable in logs. */
export function encodeCursor(cursor: PageCursor): string {
  return `${cursor.score}.${cursor.startedAt}.${cursor.roundId}`;
}

export function decodeCursor(text: string): PageCursor | null {
  const match = /^(\d{1,9})\.(\d{1,15})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text);
  return match === null ? null : { score: Number(match[1]), startedAt: Number(match[2]), roundId: match[3] };
}
