// The Tumbleword Worker: the HTTP API and site (fetch), the daily precompute (scheduled), and the
// live rooms' Durable Object class (bound as ROOMS in wrangler.toml).
import { app } from "./app.ts";
import type { Env } from "./env.ts";
import { precomputePuzzles } from "./scheduled.ts";

export { Room } from "./rooms/room.ts";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(precomputePuzzles(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
