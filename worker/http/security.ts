// Security headers of the Worker's own answers, CORS for the API, and a body limit. Static
// pages and files get theirs from site/public/_headers (Workers Static Assets applies it, also
// to what env.ASSETS.fetch returns); the Worker runs first only for /api/* and /embed*.
//
// Framing: only the embed page, at exactly /embed (any query string), may be framed, by anyone.
// /embed.html, /embed/anything and the 404 page keep the ban. /embed?lang=fr (es, de) is served
// the language's own page (built at /embed/fr, which itself stays unframeable).
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { secureHeaders } from "hono/secure-headers";
import { BOOKMARK_HEADER, RENEWED_TOKEN_HEADER } from "#game/player-token.ts";
import { isLanguageCode } from "#engine";
import type { AppEnv } from "../env.ts";
import { errorBody } from "./errors.ts";

export const MAX_BODY_BYTES = 4096;
/**
 * The routes that carry a round's words: up to 60 receipts (the word, its time, a signature: about
 * 56 bytes besides the word, whose letters may take two bytes each) or 40 words of a batch. 4 KB
 * held 60 receipts of words up to 9 letters only: a long board's sync could be refused.
 */
export const MAX_WORDS_BODY_BYTES = 12_288;
const WORDS_ROUTE = /^\/api\/rounds\/[^/]+\/(?:receipts|words\/batch)$/;

export const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: "DENY",
});

export const EMBED_PATH = "/embed";

/**
 * Lets any site frame a page: `frame-ancestors *` in place of the page's own value, no
 * X-Frame-Options, and a cross-origin resource policy. The rest of the page's CSP stays.
 */
export function allowFraming(headers: Headers): void {
  const directives = (headers.get("Content-Security-Policy") ?? "")
    .split(";")
    .map((d) => d.trim())
    .filter((d) => d !== "" && !/^frame-ancestors(\s|$)/i.test(d));
  headers.set("Content-Security-Policy", [...directives, "frame-ancestors *"].join("; "));
  headers.delete("X-Frame-Options");
  headers.set("Cross-Origin-Resource-Policy", "cross-origin");
}

/** Readable from any origin, never with credentials (no cookies are used: tokens are bearer). */
export const apiCors = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "PATCH", "DELETE", "OPTIONS"],
  allowHeaders: ["Content-Type", "Authorization", BOOKMARK_HEADER],
  exposeHeaders: [RENEWED_TOKEN_HEADER, BOOKMARK_HEADER, "Retry-After"],
  maxAge: 86400,
});

const limitTo = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json(errorBody("payload-too-large", `the request body is larger than ${maxSize} bytes`), 413) });
const anyBody = limitTo(MAX_BODY_BYTES);
const wordsBody = limitTo(MAX_WORDS_BODY_BYTES);

/** Every API body at most MAX_BODY_BYTES, a round's words (receipts, a batch) MAX_WORDS_BODY_BYTES. */
export const apiBodyLimit: MiddlewareHandler<AppEnv> = (c, next) => (WORDS_ROUTE.test(c.req.path) ? wordsBody(c, next) : anyBody(c, next));

/** The asset to serve for a request: the embed page in the language of its ?lang=, else the request's own. */
function assetRequest(req: Request): Request {
  const url = new URL(req.url);
  const lang = url.searchParams.get("lang");
  if (url.pathname !== EMBED_PATH || lang === null || lang === "en" || !isLanguageCode(lang)) return req;
  return new Request(new URL(`${EMBED_PATH}/${lang}${url.search}`, url), req);
}

/** Static files as Workers Static Assets serves them, with the embed page made frameable. */
export const servePage: MiddlewareHandler<AppEnv> = async (c) => {
  const asset = await c.env.ASSETS.fetch(assetRequest(c.req.raw));
  // Copied into a new Response: the fetched one's headers are immutable.
  const res = new Response(asset.body, asset);
  // 304 too: its headers replace the ones the browser cached with the page.
  if (c.req.path === EMBED_PATH && (res.status === 200 || res.status === 304)) allowFraming(res.headers);
  return res;
};
