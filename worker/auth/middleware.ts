// Bearer-token authentication: `requirePlayer` answers 401 without a valid token;
// `optionalPlayer` lets anonymous requests through but still rejects a forged token.
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { verifyToken } from "./tokens.ts";

async function playerFromHeader(c: Context<AppEnv>): Promise<string | undefined> {
  const header = c.req.header("Authorization");
  if (header === undefined) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  const playerId = match ? await verifyToken(c.env, match[1]) : null;
  if (playerId === null) throw new ApiError(401, "unauthorized", "the bearer token is malformed or invalid");
  return playerId;
}

export const requirePlayer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const playerId = await playerFromHeader(c);
  if (playerId === undefined) throw new ApiError(401, "unauthorized", "this needs a player token: Authorization: Bearer <token>");
  c.set("playerId", playerId);
  await next();
};

export const optionalPlayer: MiddlewareHandler<AppEnv> = async (c, next) => {
  const playerId = await playerFromHeader(c);
  if (playerId !== undefined) c.set("playerId", playerId);
  await next();
};

/** The authenticated player of a route behind `requirePlayer`. */
export function currentPlayer(c: Context<AppEnv>): string {
  const playerId = c.get("playerId");
  if (playerId === undefined) throw new ApiError(401, "unauthorized", "this needs a player token: Authorization: Bearer <token>");
  return playerId;
}
