// The Tumbleword Worker: the HTTP API and site (fetch) and the daily precompute (scheduled).
import { app } from "./app.ts";
import type { Env } from "./env.ts";
import { precomputePuzzles } from "./scheduled.ts";

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(precomputePuzzles(env, controller.scheduledTime));
  },
} satisfies ExportedHandler<Env>;
