// Reads of a day's results over every shard (db/shards.ts), merged into the answer one database
// would give: leaderboard pages by a k-way merge in the index's order, the score histogram and the
// finder counts summed. Each shard holds its own players' rounds and counts them; with one shard
// these are the single database's own answers, unchanged.
import type { Db } from "../db/client.ts";
import { type LeaderboardRow, type PageCursor, dayFinders, dayHistogram, leaderboardPage } from "./queries.ts";

type Ordered = Pick<LeaderboardRow, "score" | "startedAt" | "roundId">;

/** The leaderboard's order (rounds_leaderboard): higher score first, then who started first, then the round id (bytewise, as SQLite compares text). */
export function leaderboardOrder(a: Ordered, b: Ordered): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.startedAt !== b.startedAt) return a.startedAt - b.startedAt;
  return a.roundId < b.roundId ? -1 : a.roundId > b.roundId ? 1 : 0;
}

/** The first `limit` rows of several pages, each already in leaderboard order. */
export function mergePages<T extends Ordered>(pages: readonly (readonly T[])[], limit: number): T[] {
  if (pages.length === 1) return pages[0]!.slice(0, limit);
  const next = pages.map(() => 0);
  const merged: T[] = [];
  while (merged.length < limit) {
    let best = -1;
    for (let i = 0; i < pages.length; i++) {
      const row = pages[i]![next[i]!];
      if (row !== undefined && (best === -1 || leaderboardOrder(row, pages[best]![next[best]!]!) < 0)) best = i;
    }
    if (best === -1) break;
    merged.push(pages[best]![next[best]!]!);
    next[best]! += 1;
  }
  return merged;
}

/** Shards' parts of histograms (highest score first) added up: only the buckets whose sum is above zero. */
export function sumHistograms(histograms: readonly (readonly { score: number; rounds: number }[])[]): { score: number; rounds: number }[] {
  const sums = new Map<number, number>();
  for (const histogram of histograms) for (const { score, rounds } of histogram) sums.set(score, (sums.get(score) ?? 0) + rounds);
  return [...sums]
    .filter(([, rounds]) => rounds > 0)
    .sort((a, b) => b[0] - a[0])
    .map(([score, rounds]) => ({ score, rounds }));
}

/** Finder counts per word rank added up (ranks in increasing order). */
export function sumFinders(counts: readonly Map<number, number>[]): Map<number, number> {
  if (counts.length === 1) return counts[0]!;
  const sums = new Map<number, number>();
  for (const count of counts) for (const [rank, n] of count) sums.set(rank, (sums.get(rank) ?? 0) + n);
  return new Map([...sums].sort((a, b) => a[0] - b[0]));
}

/** A leaderboard page over every shard: each gives its first `limit` rows after the cursor; the merge keeps the first `limit` of all. */
export async function shardedLeaderboardPage(shards: readonly Db[], date: string, limit: number, after?: PageCursor, verified = true): Promise<LeaderboardRow[]> {
  return mergePages(await Promise.all(shards.map((db) => leaderboardPage(db, date, limit, after, verified))), limit);
}

export async function shardedHistogram(shards: readonly Db[], date: string): Promise<{ score: number; rounds: number }[]> {
  return sumHistograms(await Promise.all(shards.map((db) => dayHistogram(db, date))));
}

export async function shardedFinders(shards: readonly Db[], date: string): Promise<Map<number, number>> {
  return sumFinders(await Promise.all(shards.map((db) => dayFinders(db, date))));
}

/** What the fair-play rules weigh a round against: the day's verified finder counts and players, over every shard. */
export async function shardedDayFacts(shards: readonly Db[], date: string): Promise<{ finders: Map<number, number>; players: number }> {
  const [finders, histogram] = await Promise.all([shardedFinders(shards, date), shardedHistogram(shards, date)]);
  return { finders, players: histogram.reduce((sum, bucket) => sum + bucket.rounds, 0) };
}
