// Where a day's results are read from: D1 while the day's rounds are there, R2 once the day has
// been archived (archive/retention.ts). Routes ask this module and never care which: the
// answers they build are the same bytes either way (a settled day's `updatedAt` is the moment it
// settled, not the time of the request).
import type { Db } from "../db/client.ts";
import { shardedFinders, shardedHistogram, shardedLeaderboardPage } from "./fan-out.ts";
import type { LeaderboardRow, PageCursor } from "./queries.ts";
import { allShardReplicas, dbForPlayer } from "../db/shards.ts";
import { findPlayerRound } from "../rounds/queries.ts";
import { dayState } from "../archive/queries.ts";
import { summaryByPlayer } from "../players/sharded-summaries.ts";
import type { Env } from "../env.ts";
import { withCurrentNames } from "../archive/archived-names.ts";
import { archivedDay, archivedPage } from "../archive/day-archive.ts";
import { roundOfDay } from "../players/player-summary.ts";
import { isDaySettled } from "../archive/retention.ts";
import { isolateCache } from "../isolate-memory.ts";

export interface PlayerDayRound {
  roundId: string;
  /** When the round ended (null: unranked; 0: long over, its day archived). */
  endsAt: number | null;
  score: number;
  words: number;
  verified: boolean;
  flags: string;
}

export interface DayResults {
  /** When the day settled (its results never change after), or null while they may. */
  settledAt: number | null;
  page(limit: number, after: PageCursor | undefined, verified: boolean): Promise<LeaderboardRow[]>;
  histogram(): Promise<{ score: number; rounds: number }[]>;
  finders(): Promise<Map<number, number>>;
  /** The player's ranked round of the day. */
  rankedRoundOf(playerId: string): Promise<PlayerDayRound | undefined>;
}

// Settled is forever: an isolate remembers it (a day not yet settled is asked again each time).
const settledAt = isolateCache<string, number>();

async function settledAtOf(db: Db, date: string): Promise<number | null> {
  const known = settledAt.get(date);
  if (known !== undefined) return known;
  const state = await dayState(db, date);
  if (state?.settledAt == null || !(await isDaySettled(db, date, state))) return null;
  settledAt.set(date, state.settledAt);
  return state.settledAt;
}

export async function dayResults(env: Env, db: Db, date: string): Promise<DayResults> {
  const settled = await settledAtOf(db, date);
  const archived = settled === null ? null : await archivedDay(env.ARCHIVE, date);
  if (archived !== null) {
    return {
      settledAt: archived.settledAt,
      // The archive keeps ids: names are the players' current ones (archive/archived-names.ts).
      page: async (limit, after, verified) => withCurrentNames(env, await archivedPage(env.ARCHIVE, archived, verified ? "verified" : "review", limit, after)),
      histogram: async () => archived.histogram,
      finders: async () => new Map(archived.finders),
      async rankedRoundOf(playerId) {
        const summary = await summaryByPlayer(env, playerId);
        const round = summary === undefined ? undefined : roundOfDay(summary.summary, date, true);
        return round === undefined ? undefined : { ...round, endsAt: 0 };
      },
    };
  }
  // Every shard counts and ranks its own players' rounds: pages are merged, counts summed
  // (results/fan-out.ts). These answers are shared and cached for seconds anyway, so any read replica may give them.
  const shards = allShardReplicas(env);
  return {
    settledAt: settled,
    page: (limit, after, verified) => shardedLeaderboardPage(shards, date, limit, after, verified),
    histogram: () => shardedHistogram(shards, date),
    finders: () => shardedFinders(shards, date),
    async rankedRoundOf(playerId) {
      const round = await findPlayerRound(dbForPlayer(env, playerId), playerId, date, true);
      return round === undefined ? undefined : { roundId: round.id, endsAt: round.endsAt, score: round.score, words: round.words, verified: round.verified, flags: round.flags };
    },
  };
}
