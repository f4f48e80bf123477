// The Hono app: /api/* routes (one router per resource) and, for the paths the Worker runs
// first on (/embed*; see wrangler.toml), the static assets with the embed page's framing rule.
import { type Context, Hono } from "hono";
import { database } from "./db/client.ts";
import type { AppEnv } from "./env.ts";
import { perPlayerCaching } from "./http/cache-control.ts";
import { ApiError, handleError } from "./http/errors.ts";
import { apiBodyLimit, apiCors, apiHeaders, servePage } from "./http/security.ts";
import { definitionFiles, lexiconFiles } from "./routes/compressed-assets.ts";
import { health } from "./routes/health.ts";
import { leaderboard } from "./routes/leaderboard.ts";
import { links } from "./routes/links.ts";
import { players } from "./routes/players.ts";
import { puzzles } from "./routes/puzzles.ts";
import { rooms } from "./routes/rooms.ts";
import { rounds } from "./routes/rounds.ts";

export const app = new Hono<AppEnv>();

app.use("/api/*", apiHeaders, perPlayerCaching, apiCors, apiBodyLimit, async (c, next) => {
  c.set("db", database(c.env.DB));
  await next();
});

app.route("/api/health", health);
app.route("/api/players", players);
app.route("/api/puzzles", puzzles);
app.route("/api/puzzles", leaderboard);
app.route("/api/rounds", rounds);
app.route("/api/rooms", rooms);
app.route("/api/links", links);
app.route("/api/lexicon", lexiconFiles);
app.route("/api/definitions", definitionFiles);
const noSuchEndpoint = (c: Context<AppEnv>) => {
  throw new ApiError(404, "not-found", `no such endpoint: ${c.req.method} ${c.req.path}`);
};
app.all("/api", noSuchEndpoint);
app.all("/api/*", noSuchEndpoint);

app.all("*", servePage);

app.onError(handleError);
