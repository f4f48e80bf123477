// A static file whose URL changes with its content (the lexicons, the definitions): read from
// Cache Storage when it is there, else fetched and kept there, so it loads once and works offline.
// Where Cache Storage is missing or refused (some private modes), it is simply fetched.

/**
 * The file at `url`, from the cache named `cacheName` or the network. A failed fetch throws
 * `failure(status)`; `stored` runs after a fresh copy went into the cache (to drop older versions).
 */
export async function cachedFetch(url: string, cacheName: string, failure: (status: number) => Error, stored?: (cache: Cache) => Promise<void>): Promise<Response> {
  const cache = "caches" in globalThis ? await caches.open(cacheName).catch(() => null) : null;
  const hit = cache ? await cache.match(url) : undefined;
  if (hit) return hit;
  const res = await fetch(url);
  if (!res.ok) throw failure(res.status);
  if (cache) {
    await cache.put(url, res.clone()).catch(() => undefined);
    await stored?.(cache);
  }
  return res;
}
