// The Worker's bindings. wrangler.toml declares them and `wrangler types` generates their types
// (worker-configuration.d.ts, checked against wrangler.toml by `npm run typecheck`); only what
// wrangler.toml cannot declare is added here.
import type { Db } from "./db/client.ts";

declare global {
  namespace Cloudflare {
    interface Env {
      /** Signs player tokens; derived from DAILY_SECRET when unset. */
      TOKEN_SECRET?: string;
      /** Player ids of the moderators (comma-separated; moderation/review.ts). None when unset. */
      MODERATOR_IDS?: string;
      /** The daily reminder's VAPID keys (reminders/reminders.ts): reminders are off without them. */
      VAPID_PUBLIC_KEY?: string;
      /** The private key (its d, base64url). */
      VAPID_PRIVATE_KEY?: string;
      /** Who push services may contact about our pushes: mailto: or https: address. */
      VAPID_SUBJECT?: string;
      /** Local development and tests only: the day the clock is moved to (dev/pinned-day.ts). */
      TODAY?: string;
      /** With TODAY: the real instant (ms since the epoch) the pinned day begins at (dev/pinned-day.ts). */
      TODAY_BEGAN_AT?: string;
    }
  }
}

export type Env = Cloudflare.Env;

/** Hono's generic parameter for this Worker's routes. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    db: Db;
    /** Set by the auth middleware when the request carries a valid token. */
    playerId: string | undefined;
    /** The version of the token that proved the player (auth/tokens.ts): what a revocation moves on from. */
    tokenVersion: number | undefined;
    /** The proven player's shard through their session (auth/middleware.ts playerDb). */
    playerDb: Db | undefined;
  };
}
