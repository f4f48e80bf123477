// The Tumbleword Worker: the HTTP API and site (fetch), the daily precompute, the hourly upkeep
// and the archiving every minute (scheduled), the merge of synced receipts into D1 and its dead
// letters (queue), and the live rooms' Durable Object class (bound as ROOMS in wrangler.toml).
// First: a day pinned for local development (TODAY) moves the clock before anything reads it.
import { onPinnedClock } from "./dev/pinned-day.ts";
import { app } from "./app.ts";
import { DEAD_LETTER_QUEUE, type QueueMessage, consumeDeadLetters, consumeSyncs } from "./consumer.ts";
import type { Env } from "./env.ts";
import { NIGHTLY_CRON, nightly, runArchiving, runUpkeep } from "./scheduled.ts";
import { ARCHIVE_CRON } from "./services/archive-pace.ts";
import { ARCHIVE_QUEUE, type ArchiveSlice, consumeArchiveSlices } from "./services/archive-tick.ts";
import { REMINDER_CRON, REMINDER_QUEUE, type ReminderMessage, enqueueReminders, sendReminders, vapidKeys } from "./services/reminders.ts";

// Every export of this module is an entrypoint to workerd: only the Durable Object class besides the handlers.
export { Room } from "./rooms/room.ts";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    // The runtime's scheduled time is the real clock's; a pinned day moves it like every other clock.
    const scheduledTime = onPinnedClock(controller.scheduledTime);
    if (controller.cron === NIGHTLY_CRON) ctx.waitUntil(nightly(env, scheduledTime));
    else if (controller.cron === ARCHIVE_CRON) ctx.waitUntil(runArchiving(env, scheduledTime));
    else if (controller.cron === REMINDER_CRON) ctx.waitUntil(enqueueReminders(env, env.REMINDER_QUEUE, scheduledTime));
    else ctx.waitUntil(runUpkeep(env, scheduledTime));
  },
  async queue(batch, env) {
    if (batch.queue === ARCHIVE_QUEUE) await consumeArchiveSlices(batch, env);
    else if (batch.queue === REMINDER_QUEUE) await consumeReminders(batch as MessageBatch<ReminderMessage>, env);
    else if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(batch as MessageBatch<QueueMessage>, env);
    else await consumeSyncs(batch as MessageBatch<QueueMessage>, env);
  },
} satisfies ExportedHandler<Env, QueueMessage | ReminderMessage | ArchiveSlice>;

/** Each message's reminders; without VAPID keys (not configured) they are dropped. */
async function consumeReminders(batch: MessageBatch<ReminderMessage>, env: Env): Promise<void> {
  const keys = vapidKeys(env);
  if (keys === null) return;
  for (const message of batch.messages) await sendReminders(env, keys, message.body);
}
