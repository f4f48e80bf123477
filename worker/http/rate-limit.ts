// The Workers Rate Limiting binding: over the limit answers 429 before anything is written.
import type { Context } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./errors.ts";

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

/** Player creation is limited per client address, word submission and syncs per player. */
export const limitKeys = {
  newPlayer: (ip: string) => `ip:${ip}`,
  word: (playerId: string) => `player:${playerId}`,
  sync: (playerId: string) => `sync:${playerId}`,
};
