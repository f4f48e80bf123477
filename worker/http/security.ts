// Security headers on every response (API, pages, assets), CORS for the API, and a body limit.
// Framing: only the embed page may be framed, by anyone; everything else by no one.
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { secureHeaders } from "hono/secure-headers";
import type { AppEnv } from "../env.ts";
import { errorBody } from "./errors.ts";

export const MAX_BODY_BYTES = 4096;

const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: "DENY",
});

const pageHeaders = secureHeaders({
  contentSecurityPolicy: { frameAncestors: ["'none'"], baseUri: ["'self'"], objectSrc: ["'none'"], formAction: ["'self'"] },
  xFrameOptions: "DENY",
});

// The embed page lives inside iframes on other sites: no X-Frame-Options, frame-ancestors *.
const embedHeaders = secureHeaders({
  contentSecurityPolicy: { frameAncestors: ["*"], baseUri: ["'self'"], objectSrc: ["'none'"] },
  xFrameOptions: false,
  crossOriginResourcePolicy: "cross-origin",
});

// The widget script is loaded by <script src> from any site.
const widgetHeaders = secureHeaders({
  contentSecurityPolicy: { frameAncestors: ["'none'"] },
  xFrameOptions: "DENY",
  crossOriginResourcePolicy: "cross-origin",
});

export function isEmbedPath(path: string): boolean {
  return path === "/embed" || path.startsWith("/embed/") || path.startsWith("/embed.");
}

export const securityHeaders: MiddlewareHandler<AppEnv> = (c, next) => {
  const path = c.req.path;
  if (path === "/api" || path.startsWith("/api/")) return apiHeaders(c, next);
  if (isEmbedPath(path)) return embedHeaders(c, next);
  if (path === "/widget.js") return widgetHeaders(c, next);
  return pageHeaders(c, next);
};

/** Readable from any origin, never with credentials (no cookies are used: tokens are bearer). */
export const apiCors = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "PATCH", "OPTIONS"],
  allowHeaders: ["Content-Type", "Authorization"],
  maxAge: 86400,
});

export const apiBodyLimit = bodyLimit({
  maxSize: MAX_BODY_BYTES,
  onError: (c) => c.json(errorBody("payload-too-large", `the request body is larger than ${MAX_BODY_BYTES} bytes`), 413),
});
