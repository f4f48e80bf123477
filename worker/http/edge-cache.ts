// Answers that are the same for everyone (a day's leaderboard pages, its solution with shares)
// are kept in the Cache API of the data centre that built them, for as long as the day allows
// (results/sync-window.ts): most requests then never reach D1. The key is the answer's canonical
// URL, never anything from the request's headers. Answers with per-player data say so instead.
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import type { AppEnv } from "../env.ts";

/** A 200 JSON answer typed as the value it encodes, so the RPC client (AppType) knows its shape. */
export type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

/** JSON text made ahead (kept in a cache) as a typed answer: the text is what `T` serialises to. */
export function typedJson<T>(c: Context<AppEnv>, text: string, headers: Record<string, string> = {}): JsonAnswer<T> {
  return c.body(text, 200, { "Content-Type": "application/json", ...headers }) as unknown as JsonAnswer<T>;
}

/** Cache-Control of an answer that holds per-player data: no shared or stored copy anywhere. */
export function privateAnswer(c: Context<AppEnv>): void {
  c.header("Cache-Control", "private, no-store");
  c.header("Vary", "Authorization");
}

function cacheControl(maxAge: number): string {
  return maxAge >= 86400 ? `public, max-age=${maxAge}, immutable` : `public, max-age=${maxAge}`;
}

/** Seconds an answer may be kept, or how to find out (asked only when the answer is built). */
export type MaxAge = number | (() => Promise<number>);

/**
 * The JSON text of a shared answer and its Cache-Control: from this data centre's cache when it
 * holds one younger than its max-age (a hit reads nothing else), else built (and cached in the
 * background).
 */
export async function sharedJson(c: Context<AppEnv>, path: string, maxAge: MaxAge, build: () => Promise<unknown>): Promise<{ text: string; cacheControl: string }> {
  const key = new Request(new URL(path, c.req.url).toString());
  const cache = caches.default;
  const hit = await cache.match(key);
  if (hit !== undefined) return { text: await hit.text(), cacheControl: hit.headers.get("Cache-Control") ?? "no-cache" };
  const text = JSON.stringify(await build());
  const control = cacheControl(typeof maxAge === "number" ? maxAge : await maxAge());
  const stored = new Response(text, { headers: { "Content-Type": "application/json", "Cache-Control": control } });
  c.executionCtx.waitUntil(cache.put(key, stored));
  return { text, cacheControl: control };
}

/** A shared answer, with the Cache-Control that lets browsers and caches keep it as long. */
export async function sharedAnswer<T>(c: Context<AppEnv>, path: string, maxAge: MaxAge, build: () => Promise<T>): Promise<JsonAnswer<T>> {
  const { text, cacheControl: control } = await sharedJson(c, path, maxAge, build);
  return typedJson<T>(c, text, { "Cache-Control": control });
}

/** The value of `load`, loaded once however often it is asked for. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= load());
}
