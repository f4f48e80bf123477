// Loads a language's lexicon once and keeps it in Cache Storage: its URL carries a content hash,
// so a cached copy is always the right one, and practice keeps working offline. A page loads only
// the language it plays (English's pages never fetch another language's words).
import { type LanguageCode, Lexicon } from "#engine";

import { cachedFetch } from "./cached-fetch.ts";
import { LEXICON_CACHE } from "./cache-names.ts";

const loading = new Map<LanguageCode, Promise<Lexicon>>();

export function loadLexicon(lang: LanguageCode = "en"): Promise<Lexicon> {
  let lexicon = loading.get(lang);
  if (lexicon === undefined) {
    lexicon = fetchLexicon(__LEXICON_URLS__[lang]).catch((error: unknown) => {
      loading.delete(lang); // let a later call try again
      throw error;
    });
    loading.set(lang, lexicon);
  }
  return lexicon;
}

/** "fr.0123456789ab.bin" -> "fr": the file's language, the same across versions. */
const fileLanguage = (url: string) => (new URL(url, location.href).pathname.split("/").pop() ?? "").split(".")[0];

async function fetchLexicon(url: string): Promise<Lexicon> {
  const res = await cachedFetch(url, LEXICON_CACHE, (status) => new Error(`The word list could not be loaded (HTTP ${status}).`), async (cache) => {
    // Older versions of this language's lexicon are dead weight now (other languages' are kept).
    for (const old of await cache.keys()) {
      if (new URL(old.url).pathname !== url && fileLanguage(old.url) === fileLanguage(url)) await cache.delete(old);
    }
  });
  return Lexicon.fromBytes(await res.arrayBuffer());
}
