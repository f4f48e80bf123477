// What an isolate keeps in memory from one request to the next (puzzles, players' token versions,
// settled and archived days): every such cache is made here, so they are listed in one place and
// can be forgotten together. Only a test runtime that runs many files in one isolate does that
// (test/worker/apply-migrations.ts), along with the storage it resets between files.
const caches: Map<unknown, unknown>[] = [];

/** A new in-memory cache for the life of the isolate. */
export function isolateCache<K, V>(): Map<K, V> {
  const cache = new Map<K, V>();
  caches.push(cache as Map<unknown, unknown>);
  return cache;
}

/** Empties every isolate cache (the storage they were read from was reset). */
export function forgetIsolateCaches(): void {
  for (const cache of caches) cache.clear();
}
