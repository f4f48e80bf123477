// Merges synced words into their rounds and the days' aggregates, in one D1 transaction per shard
// a batch reaches (a round and its day's counts live on its player's shard): what the sync queue's
// consumer (results/sync-consumer.ts) and the upkeep's replay of stranded syncs (upkeep.ts) both run. A shard's
// merge that met a concurrent write is planned again from fresh reads.
import type { Db } from "../db/client.ts";
import { shardedDayFacts } from "./fan-out.ts";
import { allShards, homeDb, playersByShard } from "../db/shards.ts";
import { MergeConflict, roundsToMerge, writeMerge } from "./merge-store.ts";
import type { Env } from "../env.ts";
import { type DayFacts, planMerge } from "./receipt-merge.ts";
import { type Puzzle, getPuzzles } from "../puzzles/puzzles.ts";
import type { SyncMessage } from "../rounds/sync-producer.ts";

/** Each conflict means another merge of the same round succeeded: a few attempts always get through. */
const ATTEMPTS = 8;

export interface MergeOutcome {
  roundsChanged: number;
  ignored: string[];
}

/** Merges the messages' words into their rounds and the days' aggregates, shard by shard. */
export async function mergeSyncs(env: Env, messages: readonly SyncMessage[], now = Date.now()): Promise<MergeOutcome> {
  const groups = await messagesByShard(env, messages);
  const home = homeDb(env);
  const dates = [...new Set(messages.map((m) => m.date))];
  const puzzles = new Map((await getPuzzles(env, home, dates, { now })).map((p) => [p.key, p]));
  // The fair-play rules judge a round against the whole day (every shard), read once a batch.
  const rankedDates = [...new Set(messages.filter((m) => m.ranked).map((m) => m.date))];
  const facts = new Map<string, DayFacts>(await Promise.all(rankedDates.map(async (date) => [date, await shardedDayFacts(allShards(env), date)] as const)));
  const outcomes = await Promise.allSettled(groups.map(({ db, messages }) => mergeOnShard(db, messages, puzzles, facts)));
  // A shard that failed fails the batch: it is delivered again, and the shards already merged
  // find their words stored and change nothing.
  const failed = outcomes.find((o) => o.status === "rejected");
  if (failed !== undefined) throw failed.reason;
  const merged = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
  const outcome = { roundsChanged: merged.reduce((sum, o) => sum + o.roundsChanged, 0), ignored: merged.flatMap((o) => o.ignored) };
  // A round its player's shard does not have was moved to another player's shard by an identity
  // merge (players/identity-merge.ts) while the old ticket still syncs to it: looked for on every
  // shard, as an older version's message without a player id is.
  const elsewhere = merged.flatMap((o) => o.elsewhere).map(({ playerId: _, ...message }) => message);
  if (elsewhere.length === 0) return outcome;
  const found = await mergeSyncs(env, elsewhere, now);
  return { roundsChanged: outcome.roundsChanged + found.roundsChanged, ignored: [...outcome.ignored, ...found.ignored] };
}

/** A shard's merge, and the messages naming a player of this shard whose round is not here (`elsewhere`). */
async function mergeOnShard(db: Db, messages: readonly SyncMessage[], puzzles: ReadonlyMap<string, Puzzle>, facts: ReadonlyMap<string, DayFacts>): Promise<MergeOutcome & { elsewhere: SyncMessage[] }> {
  for (let attempt = 1; ; attempt++) {
    const stored = await roundsToMerge(db, [...new Set(messages.map((m) => m.roundId))]);
    const elsewhere = messages.filter((m) => m.playerId !== undefined && !stored.has(m.roundId));
    const plan = planMerge(elsewhere.length === 0 ? messages : messages.filter((m) => !elsewhere.includes(m)), stored, puzzles, facts);
    try {
      await writeMerge(db, plan.updates, plan.days);
      return { roundsChanged: plan.updates.length, ignored: plan.ignored, elsewhere };
    } catch (error) {
      if (!(error instanceof MergeConflict) || attempt === ATTEMPTS) throw error;
      // Jittered, so that merges that met once do not meet again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
}

/**
 * The messages grouped by the shard of their round's player. A message without a player id (sent
 * by an older version of the Worker) goes where its round is found; one whose round is nowhere
 * goes to shard 0, whose merge reports it as not stored.
 */
async function messagesByShard(env: Env, messages: readonly SyncMessage[]): Promise<{ db: Db; messages: SyncMessage[] }[]> {
  const routed = messages.filter((m) => m.playerId !== undefined);
  const groups = playersByShard(env, routed.map((m) => m.playerId!)).map(({ shard, db, playerIds }) => {
    const ids = new Set(playerIds);
    return { shard, db, messages: routed.filter((m) => ids.has(m.playerId!)) };
  });
  const unrouted = messages.filter((m) => m.playerId === undefined);
  if (unrouted.length === 0) return groups;
  const ids = [...new Set(unrouted.map((m) => m.roundId))];
  const shards = allShards(env);
  const found = await Promise.all(shards.map(async (db) => new Set((await roundsToMerge(db, ids)).keys())));
  unrouted.forEach((m) => {
    const shard = Math.max(0, found.findIndex((ids) => ids.has(m.roundId)));
    const group = groups.find((g) => g.shard === shard);
    if (group === undefined) groups.push({ shard, db: shards[shard]!, messages: [m] });
    else group.messages.push(m);
  });
  return groups;
}
