// The queue consumers. The sync queue carries batches of synced words (rounds/sync-producer.ts), merged
// into D1 in one transaction per batch, and the days' settle probes (archive/retention.ts).
// Delivery is at least once: a redelivered message finds its words stored and changes nothing. A
// batch that met a concurrent write is planned again from fresh reads; one that still fails is
// retried by the queue, backing off, and counted as retrying for its day (a day with retrying
// messages is not settled). A message that fails every retry reaches the dead-letter queue, whose
// consumer keeps it in D1 (stranded_syncs) for the upkeep to replay.
import { homeDb } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { addRetrying, strandSyncs } from "../archive/queries.ts";
import { mergeSyncs } from "./merge-syncs.ts";
import { type SettleProbe, probeSeen } from "../archive/retention.ts";
import type { SyncMessage } from "../rounds/sync-producer.ts";

/** wrangler.toml's dead-letter queue for the syncs; every other batch is the sync queue's. */
export const DEAD_LETTER_QUEUE = "tumbleword-syncs-dlq";

/** What the sync queue carries. */
export type QueueMessage = SyncMessage | SettleProbe;

const isProbe = (body: QueueMessage): body is SettleProbe => "kind" in body && body.kind === "settle-probe";

/** Seconds before the queue delivers a failed message again: 10 s, doubling, at most an hour. */
export function retryDelay(attempts: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempts - 1));
}

/** Adds up, per day, how many of the messages are counted (1 each). */
function perDay(messages: readonly Message<QueueMessage>[]): Map<string, number> {
  const days = new Map<string, number>();
  for (const m of messages) days.set(m.body.date, (days.get(m.body.date) ?? 0) + 1);
  return days;
}

export async function consumeSyncs(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  const db = homeDb(env);
  const syncs = batch.messages.filter((m): m is Message<SyncMessage> => !isProbe(m.body));
  try {
    const outcome = await mergeSyncs(env, syncs.map((m) => m.body));
    for (const reason of outcome.ignored) console.warn(`sync ignored: ${reason}`);
  } catch (error) {
    console.error(`sync batch failed, retrying: ${error instanceof Error ? error.message : String(error)}`);
    // Probes go back too: nothing of the batch may look taken before its syncs are (so even when
    // D1 is too far gone to count the retries below, no day of the batch can settle).
    for (const m of batch.messages) m.retry({ delaySeconds: retryDelay(m.attempts) });
    // Counted once per message, on its first failure; uncounted when it finally merges or is stranded.
    for (const [date, n] of perDay(syncs.filter((m) => m.attempts === 1))) await addRetrying(db, date, n);
    return;
  }
  for (const [date, n] of perDay(syncs.filter((m) => m.attempts > 1))) await addRetrying(db, date, -n);
  // A probe is taken only once the syncs ahead of it in the same batch are merged.
  for (const m of batch.messages) if (isProbe(m.body)) await probeSeen(db, m.body.date, Date.now());
  batch.ackAll();
}

/** The dead-letter queue: what failed every retry is kept in D1 until the upkeep replays it. */
export async function consumeDeadLetters(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
  const db = homeDb(env);
  const now = Date.now();
  const syncs = batch.messages.filter((m): m is Message<SyncMessage> => !isProbe(m.body));
  await strandSyncs(db, syncs.map((m) => ({ date: m.body.date, body: JSON.stringify(m.body) })), now);
  // No longer retrying: stranded (and counted as such until replayed).
  for (const [date, n] of perDay(syncs)) await addRetrying(db, date, -n);
  // A lost probe is sent again by the upkeep; nothing to keep.
  batch.ackAll();
}
