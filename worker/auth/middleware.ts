// Bearer-token authentication: `requirePlayer` answers 401 without a valid token;
// `optionalPlayer` lets anonymous requests through but still rejects a bad token. A valid token
// is signed, unexpired and of the player's current version (not revoked). A token past half its
// life comes back renewed in the RENEWED_TOKEN_HEADER response header; the client keeps the new one.
// Without an Authorization header, the embed page's own requests may prove the player with the
// token in its partitioned cookie instead (./embed-cookie.ts); a renewed one goes back there.
// A proven player's rows are read through a session on their shard (./player-session.ts): the
// route reads it with `playerDb(c)`, and a private answer carries the session's bookmark.
import type { Context, MiddlewareHandler } from "hono";
import { BOOKMARK_HEADER, RENEWED_TOKEN_HEADER } from "#game/player-token.ts";
import type { AppEnv } from "../env.ts";
import { varyOn } from "../http/cache-control.ts";
import { ApiError, tokenRequired } from "../http/errors.ts";
import { embedCookieToken, setIdentityCookie } from "./embed-cookie.ts";
import { issueToken, readToken } from "./tokens.ts";
import { checkVersion } from "./versions.ts";
import type { Db } from "../db/client.ts";
import { dbForPlayer } from "../db/shards.ts";
import { type PlayerSession, openPlayerSession } from "./player-session.ts";

const REFUSALS = {
  malformed: "the bearer token is malformed",
  forged: "the bearer token is invalid",
  expired: "the bearer token has expired; a new player is needed",
  revoked: "the bearer token was revoked; sign in with a newer token",
  "no-such-player": "this player does not exist",
} as const;

const refuse = (why: keyof typeof REFUSALS) => new ApiError(401, "unauthorized", REFUSALS[why]);

interface Proven {
  playerId: string;
  tokenVersion: number;
  session: PlayerSession;
  renewed?: string;
  /** Proven by the embed's cookie rather than the Authorization header. */
  byCookie: boolean;
}

/** The bearer token of the Authorization header, else of the embed's cookie; undefined without either. */
function presentedToken(c: Context<AppEnv>): { token: string; byCookie: boolean } | undefined {
  const header = c.req.header("Authorization");
  if (header === undefined) {
    const token = embedCookieToken(c);
    return token === undefined ? undefined : { token, byCookie: true };
  }
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (match === null) throw refuse("malformed");
  return { token: match[1]!, byCookie: false };
}

/** The player a request proves, undefined without a token; 401 for a bad one. */
/** Methods that change nothing: only these may, when the token is optional, trust a cached version. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

async function authenticate(c: Context<AppEnv>, required: boolean): Promise<Proven | undefined> {
  const presented = presentedToken(c);
  if (presented === undefined) return undefined;
  const now = Date.now();
  const check = await readToken(c.env, presented.token, now);
  if (!check.ok) throw refuse(check.reason);
  const { claims } = check;
  const session = openPlayerSession(c.env, claims.playerId, c.req.header(BOOKMARK_HEADER));
  // Fresh from the primary for anything that acts on the player's data or shows it
  // (./versions.ts): a replica or this isolate's cache may not have seen a revocation yet.
  const fresh = required || !SAFE_METHODS.has(c.req.method);
  const version = await checkVersion(fresh ? dbForPlayer(c.env, claims.playerId) : session.db, claims, now, fresh);
  if (version !== "current") throw refuse(version);
  const renewed = check.renew ? await issueToken(c.env, claims.playerId, { version: claims.version, now }) : undefined;
  return { playerId: claims.playerId, tokenVersion: claims.version, session, renewed, byCookie: presented.byCookie };
}

const isShared = (cacheControl: string | null) => cacheControl !== null && /\b(public|s-maxage)\b/.test(cacheControl) && !/\bprivate\b/.test(cacheControl);

async function withPlayer(c: Context<AppEnv>, next: () => Promise<void>, required: boolean): Promise<void> {
  const player = await authenticate(c, required);
  if (player === undefined && required) throw tokenRequired();
  if (player !== undefined) {
    c.set("playerId", player.playerId);
    c.set("tokenVersion", player.tokenVersion);
    c.set("playerDb", player.session.db);
  }
  await next();
  const bookmark = player?.session.bookmark() ?? null;
  // Never on a shared answer that caches keep for everyone (edge-cache.ts sharedAnswer).
  if (bookmark !== null && !isShared(c.res.headers.get("Cache-Control"))) c.header(BOOKMARK_HEADER, bookmark);
  // Errors included: the renewed token is as good whatever the answer was.
  if (player?.renewed === undefined) return;
  // The cookie's token stays out of the page's reach (HttpOnly): renewed in the cookie.
  if (player.byCookie) setIdentityCookie(c, player.renewed);
  else c.header(RENEWED_TOKEN_HEADER, player.renewed);
}

export const requirePlayer: MiddlewareHandler<AppEnv> = (c, next) => withPlayer(c, next, true);

/** Answers differ with and without a token, so caches must key on it. */
export const optionalPlayer: MiddlewareHandler<AppEnv> = async (c, next) => {
  await withPlayer(c, next, false);
  varyOn(c.res.headers, "Authorization");
};

/** The authenticated player's shard, read and written through their session (./player-session.ts). */
export function playerDb(c: Context<AppEnv>): Db {
  const db = c.get("playerDb");
  if (db === undefined) throw tokenRequired();
  return db;
}

/** The authenticated player of a route behind `requirePlayer`. */
export function currentPlayer(c: Context<AppEnv>): string {
  const playerId = c.get("playerId");
  if (playerId === undefined) throw tokenRequired();
  return playerId;
}
