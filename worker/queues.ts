// The queues (wrangler.toml), each batch handed to the feature that consumes it: the archive's
// slices (archive/), the reminders (reminders/), the syncs and their dead letters (results/).
import { ARCHIVE_QUEUE, type ArchiveSlice } from "./archive/archive-tick.ts";
import { consumeArchiveSlices } from "./archive/consumer.ts";
import type { Env } from "./env.ts";
import { consumeReminders } from "./reminders/consumer.ts";
import { REMINDER_QUEUE, type ReminderMessage } from "./reminders/reminders.ts";
import { DEAD_LETTER_QUEUE, type QueueMessage, consumeDeadLetters, consumeSyncs } from "./results/sync-consumer.ts";

/** Every message any of the Worker's queues carries. */
export type AnyQueueMessage = QueueMessage | ReminderMessage | ArchiveSlice;

/** The batch handed to its queue's consumer; a queue this does not name is the sync queue. */
export async function consumeQueue(batch: MessageBatch<AnyQueueMessage>, env: Env): Promise<void> {
  if (batch.queue === ARCHIVE_QUEUE) await consumeArchiveSlices(batch, env);
  else if (batch.queue === REMINDER_QUEUE) await consumeReminders(batch as MessageBatch<ReminderMessage>, env);
  else if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(batch as MessageBatch<QueueMessage>, env);
  else await consumeSyncs(batch as MessageBatch<QueueMessage>, env);
}
