// The Hono app: /api/* routes (one router per resource), everything else from the static assets,
// with security headers on every response.
import { type Context, Hono } from "hono";
import { database } from "./db/client.ts";
import type { AppEnv } from "./env.ts";
import { ApiError, handleError } from "./http/errors.ts";
import { apiBodyLimit, apiCors, securityHeaders } from "./http/security.ts";
import { definitionFiles, lexiconFiles } from "./routes/compressed-assets.ts";
import { health } from "./routes/health.ts";
import { leaderboard } from "./routes/leaderboard.ts";
import { links } from "./routes/links.ts";
import { players } from "./routes/players.ts";
import { puzzles } from "./routes/puzzles.ts";
import { rounds } from "./routes/rounds.ts";

export const app = new Hono<AppEnv>();

app.use("*", securityHeaders);
app.use("/api/*", apiCors, apiBodyLimit, async (c, next) => {
  c.set("db", database(c.env.DB));
  await next();
});

app.route("/api/health", health);
app.route("/api/players", players);
app.route("/api/puzzles", puzzles);
app.route("/api/puzzles", leaderboard);
app.route("/api/rounds", rounds);
app.route("/api/links", links);
app.route("/api/lexicon", lexiconFiles);
app.route("/api/definitions", definitionFiles);
const noSuchEndpoint = (c: Context<AppEnv>) => {
  throw new ApiError(404, "not-found", `no such endpoint: ${c.req.method} ${c.req.path}`);
};
app.all("/api", noSuchEndpoint);
app.all("/api/*", noSuchEndpoint);

// Pages and files of the built site. Copied into a new Response so the headers can be set.
app.all("*", async (c) => {
  const asset = await c.env.ASSETS.fetch(c.req.raw);
  return new Response(asset.body, asset);
});

app.onError(handleError);
