// The Hono app: /api/* routes (one router per resource) and, for the paths the Worker runs
// first on (/embed*; see wrangler.toml), the static assets with the embed page's framing rule.
// Routers and routes are chained so that `AppType` carries every route's path, input and answer:
// the site's API client (site/src/core/api.ts) is typed from it and cannot drift from it.
import { type Context, Hono } from "hono";
import { homeDb } from "./db/shards.ts";
import type { AppEnv } from "./env.ts";
import { perPlayerCaching } from "./http/cache-control.ts";
import { ApiError, handleError } from "./http/errors.ts";
import { apiBodyLimit, apiCors, apiHeaders, servePage } from "./http/security.ts";
import { embed } from "./embed/routes.ts";
import { lexiconFiles } from "./http/compressed-assets.ts";
import { health } from "./http/health.ts";
import { leaderboard } from "./results/routes.ts";
import { leagues } from "./leagues/routes.ts";
import { links } from "./links/routes.ts";
import { moderation } from "./moderation/routes.ts";
import { passkeys } from "./passkeys/routes.ts";
import { players } from "./players/routes.ts";
import { reminders } from "./reminders/routes.ts";
import { puzzles } from "./puzzles/routes.ts";
import { rooms } from "./rooms/routes.ts";
import { rounds } from "./rounds/routes.ts";

const noSuchEndpoint = (c: Context<AppEnv>) => {
  throw new ApiError(404, "not-found", `no such endpoint: ${c.req.method} ${c.req.path}`);
};

export const app = new Hono<AppEnv>()
  .use("/api/*", apiHeaders, perPlayerCaching, apiCors, apiBodyLimit, async (c, next) => {
    c.set("db", homeDb(c.env));
    await next();
  })
  .route("/api/health", health)
  .route("/api/players", players)
  .route("/api/puzzles", puzzles)
  .route("/api/puzzles", leaderboard)
  .route("/api/rounds", rounds)
  .route("/api/rooms", rooms)
  .route("/api/links", links)
  .route("/api/embed", embed)
  .route("/api/passkeys", passkeys)
  .route("/api/leagues", leagues)
  .route("/api/moderation", moderation)
  .route("/api/reminders", reminders)
  .route("/api/lexicon", lexiconFiles)
  .all("/api", noSuchEndpoint)
  .all("/api/*", noSuchEndpoint)
  .all("*", servePage);

app.onError(handleError);

/** Every route of the API, for Hono's RPC client (`hc<AppType>`). */
export type AppType = typeof app;
