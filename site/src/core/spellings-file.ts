// A language's display spellings file (shared/engine/spellings.ts describes it), from Cache Storage or the
// network like the lexicon, decoded into folded word -> spelled word. Loaded by spellings.ts.
import { LANGUAGES, type LanguageCode, decodeSpellings } from "#engine";
import { SPELLINGS_CACHE } from "./cache-names.ts";
import { cachedFetch } from "./cached-fetch.ts";

export async function fetchSpellings(lang: LanguageCode): Promise<ReadonlyMap<string, string>> {
  const url = __SPELLINGS_URLS__[lang];
  if (url === undefined) return new Map();
  const res = await cachedFetch(url, SPELLINGS_CACHE, (status) => new Error(`The spellings could not be loaded (HTTP ${status}).`), async (cache) => {
    // An older list of the same language is dead weight now.
    for (const old of await cache.keys()) {
      const name = new URL(old.url).pathname.split("/").pop() ?? "";
      if (new URL(old.url).pathname !== url && name.startsWith(`${lang}.`)) await cache.delete(old);
    }
  });
  return decodeSpellings(await res.text(), LANGUAGES[lang].fold);
}
