// The Worker's bindings (wrangler.toml, .dev.vars, and the test config).
import type { Db } from "./db/client.ts";

export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  PLAYER_LIMITER: RateLimit;
  WORD_LIMITER: RateLimit;
  /** UTC date of puzzle number 1, `YYYY-MM-DD`. */
  LAUNCH_DATE: string;
  /** Length of a ranked round in seconds ("180"); shorter in browser tests. */
  ROUND_SECONDS?: string;
  /** Seeds every daily board; without it no puzzle is served (503). */
  DAILY_SECRET?: string;
  /** Signs player tokens; derived from DAILY_SECRET when unset. */
  TOKEN_SECRET?: string;
}

/** Hono's generic parameter for this Worker's routes. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by the auth middleware when the request carries a valid token. */
    playerId: string | undefined;
  };
}
