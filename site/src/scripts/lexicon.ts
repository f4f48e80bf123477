// Loads the default lexicon once and keeps it in Cache Storage: its URL carries a content hash,
// so a cached copy is always the right one, and practice keeps working offline.
import { Lexicon } from "../../../shared/index.ts";

import { LEXICON_CACHE } from "./cache-names.ts";

let loading: Promise<Lexicon> | null = null;

export function loadLexicon(): Promise<Lexicon> {
  loading ??= fetchLexicon().catch((error: unknown) => {
    loading = null; // let a later call try again
    throw error;
  });
  return loading;
}

async function fetchLexicon(): Promise<Lexicon> {
  const url = __LEXICON_URL__;
  const cache = "caches" in globalThis ? await caches.open(LEXICON_CACHE).catch(() => null) : null;
  let res = cache ? await cache.match(url) : undefined;
  if (!res) {
    res = await fetch(url);
    if (!res.ok) throw new Error(`The word list could not be loaded (HTTP ${res.status}).`);
    if (cache) {
      await cache.put(url, res.clone()).catch(() => undefined);
      // Older lexicon versions are dead weight now.
      for (const old of await cache.keys()) if (new URL(old.url).pathname !== url) await cache.delete(old);
    }
  }
  return Lexicon.fromBytes(await res.arrayBuffer());
}
