// Merges synced words into their rounds and the days' aggregates, in one D1 transaction per
// batch: what the sync queue's consumer (consumer.ts) and the upkeep's replay of stranded syncs
// (upkeep.ts) both run. A batch that met a concurrent write is planned again from fresh reads.
import { shardedDayFacts } from "../db/fan-out.ts";
import { allShards, homeDb } from "../db/shards.ts";
import { MergeConflict, roundsToMerge, writeMerge } from "../db/queries/merge-store.ts";
import type { Env } from "../env.ts";
import { type DayFacts, planMerge } from "./merge.ts";
import { getPuzzles } from "./puzzles.ts";
import type { SyncMessage } from "./sync-producer.ts";

/** Each conflict means another merge of the same round succeeded: a few attempts always get through. */
const ATTEMPTS = 8;

export interface MergeOutcome {
  roundsChanged: number;
  ignored: string[];
}

/** Merges the messages' words into their rounds and the days' aggregates. */
export async function mergeSyncs(env: Env, messages: readonly SyncMessage[], now = Date.now()): Promise<MergeOutcome> {
  const db = homeDb(env);
  for (let attempt = 1; ; attempt++) {
    const stored = await roundsToMerge(db, [...new Set(messages.map((m) => m.roundId))]);
    const dates = [...new Set([...stored.values()].map((r) => r.puzzleDate))];
    const puzzles = new Map((await getPuzzles(env, db, dates, { now })).map((p) => [p.key, p]));
    const rankedDates = [...new Set([...stored.values()].filter((r) => r.ranked).map((r) => r.puzzleDate))];
    const facts = new Map<string, DayFacts>(await Promise.all(rankedDates.map(async (date) => [date, await shardedDayFacts(allShards(env), date)] as const)));
    const plan = planMerge(messages, stored, puzzles, facts);
    try {
      await writeMerge(db, plan.updates, plan.days);
      return { roundsChanged: plan.updates.length, ignored: plan.ignored };
    } catch (error) {
      if (!(error instanceof MergeConflict) || attempt === ATTEMPTS) throw error;
      // Jittered, so that merges that met once do not meet again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}
