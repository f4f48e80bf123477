// Bearer-token authentication: `requirePlayer` answers 401 without a valid token;
// `optionalPlayer` lets anonymous requests through but still rejects a bad token. A valid token
// is signed, unexpired and of the player's current version (not revoked). A token past half its
// life comes back renewed in the RENEWED_TOKEN_HEADER response header; the client keeps the new one.
import type { Context, MiddlewareHandler } from "hono";
import { RENEWED_TOKEN_HEADER } from "../../shared/player-token.ts";
import type { AppEnv } from "../env.ts";
import { varyOn } from "../http/cache-control.ts";
import { ApiError, tokenRequired } from "../http/errors.ts";
import { issueToken, readToken } from "./tokens.ts";
import { checkVersion } from "./versions.ts";

const REFUSALS = {
  malformed: "the bearer token is malformed",
  forged: "the bearer token is invalid",
  expired: "the bearer token has expired; a new player is needed",
  revoked: "the bearer token was revoked; sign in with a newer token",
  "no-such-player": "this player does not exist",
} as const;

const refuse = (why: keyof typeof REFUSALS) => new ApiError(401, "unauthorized", REFUSALS[why]);

/** The player a request proves, undefined without an Authorization header; 401 for a bad one. */
async function authenticate(c: Context<AppEnv>): Promise<{ playerId: string; renewed?: string } | undefined> {
  const header = c.req.header("Authorization");
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (match === null) throw refuse("malformed");
  const now = Date.now();
  const check = await readToken(c.env, match[1]!, now);
  if (!check.ok) throw refuse(check.reason);
  const { claims } = check;
  const version = await checkVersion(c.get("db"), claims, now);
  if (version !== "current") throw refuse(version);
  const renewed = check.renew ? await issueToken(c.env, claims.playerId, { version: claims.version, now }) : undefined;
  return { playerId: claims.playerId, renewed };
}

async function withPlayer(c: Context<AppEnv>, next: () => Promise<void>, required: boolean): Promise<void> {
  const player = await authenticate(c);
  if (player === undefined && required) throw tokenRequired();
  if (player !== undefined) c.set("playerId", player.playerId);
  await next();
  // Errors included: the renewed token is as good whatever the answer was.
  if (player?.renewed !== undefined) c.header(RENEWED_TOKEN_HEADER, player.renewed);
}

export const requirePlayer: MiddlewareHandler<AppEnv> = (c, next) => withPlayer(c, next, true);

/** Answers differ with and without a token, so caches must key on it. */
export const optionalPlayer: MiddlewareHandler<AppEnv> = async (c, next) => {
  await withPlayer(c, next, false);
  varyOn(c.res.headers, "Authorization");
};

/** The authenticated player of a route behind `requirePlayer`. */
export function currentPlayer(c: Context<AppEnv>): string {
  const playerId = c.get("playerId");
  if (playerId === undefined) throw tokenRequired();
  return playerId;
}
