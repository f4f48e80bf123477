// The Tumbleword Worker: the HTTP API and site (fetch), the daily precompute (scheduled), the
// merge of synced receipts into D1 (queue), and the live rooms' Durable Object class (bound as
// ROOMS in wrangler.toml).
import { app } from "./app.ts";
import { consumeSyncs } from "./consumer.ts";
import type { Env } from "./env.ts";
import { precomputePuzzles } from "./scheduled.ts";
import type { SyncMessage } from "./services/sync.ts";

export { Room } from "./rooms/room.ts";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(precomputePuzzles(env, controller.scheduledTime));
  },
  async queue(batch, env) {
    await consumeSyncs(batch, env);
  },
} satisfies ExportedHandler<Env, SyncMessage>;
