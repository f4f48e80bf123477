// The Workers Rate Limiting binding: over the limit answers 429 before anything is written.
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, Env } from "../env.ts";
import { ApiError, tokenRequired } from "./errors.ts";

export async function enforceLimit(c: Context<AppEnv>, limiter: RateLimit, key: string, what: string): Promise<void> {
  const { success } = await limiter.limit({ key });
  if (!success) {
    c.header("Retry-After", "60");
    throw new ApiError(429, "rate-limited", `too many ${what}; wait a minute and try again`);
  }
}

/** The client's address as Cloudflare reports it (every request at the edge has it). */
export function clientIp(c: Context<AppEnv>): string {
  return c.req.header("CF-Connecting-IP") ?? "unknown";
}

/**
 * Player creation is limited per client address; everything else per player (a player is
 * cheap to make, but only 60 a minute per address). Renames and token revocations share one
 * binding with separate keys.
 */
export const limitKeys = {
  newPlayer: (ip: string) => `ip:${ip}`,
  word: (playerId: string) => `player:${playerId}`,
  rename: (playerId: string) => `rename:${playerId}`,
  revoke: (playerId: string) => `revoke:${playerId}`,
  exportData: (playerId: string) => `export:${playerId}`,
  deleteAccount: (playerId: string) => `delete:${playerId}`,
  league: (playerId: string) => `league:${playerId}`,
  roundStart: (playerId: string) => `round:${playerId}`,
  sync: (playerId: string) => `sync:${playerId}`,
  roomByIp: (ip: string) => `room-ip:${ip}`,
  roomByPlayer: (playerId: string) => `room-player:${playerId}`,
  roomJoinByIp: (ip: string) => `room-join-ip:${ip}`,
  roomJoinByPlayer: (playerId: string) => `room-join-player:${playerId}`,
  roomLookupByIp: (ip: string) => `room-lookup-ip:${ip}`,
};

/** A middleware (after requirePlayer) that limits a route per authenticated player. */
export function limitPerPlayer(limiter: (env: Env) => RateLimit, key: (playerId: string) => string, what: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const playerId = c.get("playerId");
    if (playerId === undefined) throw tokenRequired();
    await enforceLimit(c, limiter(c.env), key(playerId), what);
    await next();
  };
}

export const limitRenames = limitPerPlayer((env) => env.ACCOUNT_LIMITER, limitKeys.rename, "renames");
export const limitRevocations = limitPerPlayer((env) => env.ACCOUNT_LIMITER, limitKeys.revoke, "token revocations");
/** Data exports read every shard and the archive: 10 a minute is plenty for a person. */
export const limitExports = limitPerPlayer((env) => env.ACCOUNT_LIMITER, limitKeys.exportData, "data exports");
export const limitAccountDeletions = limitPerPlayer((env) => env.ACCOUNT_LIMITER, limitKeys.deleteAccount, "account deletions");
/** Creating leagues and rotating their invite links. */
export const limitLeagueChanges = limitPerPlayer((env) => env.ACCOUNT_LIMITER, limitKeys.league, "league changes");
export const limitRoundStarts = limitPerPlayer((env) => env.ROUND_LIMITER, limitKeys.roundStart, "round starts");
