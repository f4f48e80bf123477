// Answers that belong to one player must never sit in a shared cache or be served to another
// player: every request that carries a token, and every write (POST /api/players answers with
// a new token without carrying one), gets `Cache-Control: private, no-store` unless its route
// chose a Cache-Control itself, and `Vary: Authorization` in every case (and Cookie for the embed's).
import type { MiddlewareHandler } from "hono";
import { EMBED_HEADER } from "#game/embed-session.ts";
import type { AppEnv } from "../env.ts";

export const PRIVATE_CACHE_CONTROL = "private, no-store";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Adds `field` to the response's Vary header unless it is already listed. */
export function varyOn(headers: Headers, field: string): void {
  const listed = (headers.get("Vary") ?? "").split(",").map((f) => f.trim().toLowerCase());
  if (listed.includes("*") || listed.includes(field.toLowerCase())) return;
  headers.append("Vary", field);
}

export const perPlayerCaching: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  // The embed page's requests may be proven by its cookie instead (auth/embed-cookie.ts).
  const byCookie = c.req.header(EMBED_HEADER) !== undefined;
  const perPlayer = c.req.header("Authorization") !== undefined || byCookie || !READS.has(c.req.method);
  if (!perPlayer) return;
  varyOn(c.res.headers, "Authorization");
  if (byCookie) varyOn(c.res.headers, "Cookie");
  if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
};
