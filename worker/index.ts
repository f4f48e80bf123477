// The Tumbleword Worker: the HTTP API and site (fetch), the daily precompute, the hourly upkeep
// and the archiving every minute (scheduled), the merge of synced receipts into D1 and its dead
// letters (queue), and the live rooms' Durable Object class (bound as ROOMS in wrangler.toml).
import { app } from "./app.ts";
import { DEAD_LETTER_QUEUE, type QueueMessage, consumeDeadLetters, consumeSyncs } from "./consumer.ts";
import type { Env } from "./env.ts";
import { NIGHTLY_CRON, nightly, runArchiving, runUpkeep } from "./scheduled.ts";
import { ARCHIVE_CRON } from "./services/archive-pace.ts";

// Every export of this module is an entrypoint to workerd: only the Durable Object class besides the handlers.
export { Room } from "./rooms/room.ts";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    if (controller.cron === NIGHTLY_CRON) ctx.waitUntil(nightly(env, controller.scheduledTime));
    else if (controller.cron === ARCHIVE_CRON) ctx.waitUntil(runArchiving(env, controller.scheduledTime));
    else ctx.waitUntil(runUpkeep(env, controller.scheduledTime));
  },
  async queue(batch, env) {
    if (batch.queue === DEAD_LETTER_QUEUE) await consumeDeadLetters(batch, env);
    else await consumeSyncs(batch, env);
  },
} satisfies ExportedHandler<Env, QueueMessage>;
