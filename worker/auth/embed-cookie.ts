// The embed frame's partitioned cookies (CHIPS: Secure; SameSite=None; Partitioned), for frames on
// other sites whose storage the browser blocks. The identity cookie holds the player's bearer
// token, HttpOnly; the probe cookie only tells the next request that this frame may keep cookies.
// Either is read only from a request that proves it comes from the embed page itself: it carries
// EMBED_HEADER (CORS lets no other origin send it) and, where the browser says, Sec-Fetch-Site is
// same-origin. So a cookie-authenticated write cannot be forged by another site.
import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { EMBED_HEADER } from "#game/embed-session.ts";
import type { AppEnv } from "../env.ts";
import { TOKEN_LIFETIME_S } from "./tokens.ts";

// __Host-: Secure, Path=/ and no Domain, so no other host (a subdomain) can set or shadow them.
export const IDENTITY_COOKIE = "__Host-tw-embed";
export const PROBE_COOKIE = "__Host-tw-embed-probe";

/** Whether the request is the embed page's own (see above): only then are its cookies read. */
export function fromEmbedPage(c: Context<AppEnv>): boolean {
  if (c.req.header(EMBED_HEADER) !== "1") return false;
  const site = c.req.header("Sec-Fetch-Site");
  return site === undefined || site === "same-origin";
}

/** The token in the identity cookie of an embed page's request; undefined otherwise. */
export function embedCookieToken(c: Context<AppEnv>): string | undefined {
  if (!fromEmbedPage(c)) return undefined;
  const token = getCookie(c, IDENTITY_COOKIE);
  return token === undefined || token === "" ? undefined : token;
}

/** Whether the frame kept a cookie of ours: it may keep cookies. */
export function keepsCookies(c: Context<AppEnv>): boolean {
  return fromEmbedPage(c) && (getCookie(c, IDENTITY_COOKIE) !== undefined || getCookie(c, PROBE_COOKIE) !== undefined);
}

const partitioned = { path: "/", secure: true, sameSite: "None", partitioned: true } as const;

export function setIdentityCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, IDENTITY_COOKIE, token, { ...partitioned, httpOnly: true, maxAge: TOKEN_LIFETIME_S });
}

export function setProbeCookie(c: Context<AppEnv>): void {
  setCookie(c, PROBE_COOKIE, "1", { ...partitioned, httpOnly: true, maxAge: TOKEN_LIFETIME_S });
}
