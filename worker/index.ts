// The Tumbleword Worker's entry: it only dispatches. HTTP to the Hono app (app.ts: the API and the
// embed), crons to their jobs (scheduled.ts), queue batches to their consumers (queues.ts), and
// the live rooms' Durable Object class (bound as ROOMS in wrangler.toml).
// First: a day pinned for local development (TODAY) moves the clock before anything reads it.
import { onPinnedClock } from "./dev/pinned-day.ts";
import { app } from "./app.ts";
import type { Env } from "./env.ts";
import { type AnyQueueMessage, consumeQueue } from "./queues.ts";
import { runCron } from "./scheduled.ts";

// Every export of this module is an entrypoint to workerd: only the Durable Object class besides the handlers.
export { Room } from "./rooms/room.ts";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    // The runtime's scheduled time is the real clock's; a pinned day moves it like every other clock.
    ctx.waitUntil(runCron(controller.cron, env, onPinnedClock(controller.scheduledTime)));
  },
  queue: consumeQueue,
} satisfies ExportedHandler<Env, AnyQueueMessage>;
