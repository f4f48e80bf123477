// The big binary files, precompressed at build time, sent with a Content-Encoding: the lexicons
// (/api/lexicon/english.<hash>.bin, fr.<hash>.bin, ...) and the display spellings beside them
// (fr.spellings.<hash>.txt, fetched once per language and cached). The definitions are text, which
// the edge compresses itself: they are plain static assets (/definitions/<hash>/<prefix>.txt, see
// site/tumbleword-assets.mjs) and never reach the Worker.
// Workers Static Assets serves files byte for byte, and neither it nor the edge compresses
// application/octet-stream, so the Worker picks the .br or .gz copy the client accepts and sends
// those bytes as they are (`encodeBody: "manual"`: workerd must not encode them again). The
// names carry content hashes, so the answers are immutable for a year.
import { Hono } from "hono";
import type { AppEnv } from "../env.ts";
import { ApiError } from "./errors.ts";

export const IMMUTABLE = "public, max-age=31536000, immutable";

export const lexiconFiles = new Hono<AppEnv>()
  .get("/:file{(?:english|fr|es|de)\\.[0-9a-f]{12}\\.bin}", (c) =>
    sendPrecompressed(c.env.ASSETS, c.req.raw, `/lexicon/${c.req.param("file")}`, "application/octet-stream"),
  )
  // The display spellings beside them (fr.spellings.<hash>.txt: shared/engine/spellings.ts).
  .get("/:file{(?:fr|es|de)\\.spellings\\.[0-9a-f]{12}\\.txt}", (c) =>
    sendPrecompressed(c.env.ASSETS, c.req.raw, `/lexicon/${c.req.param("file")}`, "text/plain; charset=utf-8"),
  );

type Encoding = "br" | "gzip";

/** The encodings the client accepts, best first ("q=0" refuses one). */
export function acceptedEncodings(header: string | null): Encoding[] {
  const accepted = new Set(
    (header ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(";")[0].trim()),
  );
  return (["br", "gzip"] as const).filter((e) => accepted.has(e) || accepted.has("*"));
}

async function sendPrecompressed(assets: Fetcher, request: Request, path: string, type: string): Promise<Response> {
  const encoding = acceptedEncodings(request.headers.get("accept-encoding"))[0] ?? null;
  const file = `${path}${encoding === "br" ? ".br" : ".gz"}`;
  // A request of its own (no Accept-Encoding): the stored bytes, not re-encoded ones.
  const asset = await assets.fetch(new Request(new URL(file, request.url)));
  if (!asset.ok || !asset.body) throw new ApiError(404, "not-found", `no such file: ${path}`);
  const headers = new Headers({ "content-type": type, "cache-control": IMMUTABLE, vary: "Accept-Encoding" });
  if (encoding === null) {
    // A client that takes no compression (rare): inflate the gzip copy on the way.
    return new Response(asset.body.pipeThrough(new DecompressionStream("gzip")), { headers });
  }
  headers.set("content-encoding", encoding);
  const length = asset.headers.get("content-length");
  if (length) headers.set("content-length", length);
  return new Response(asset.body, { headers, encodeBody: "manual" });
}
