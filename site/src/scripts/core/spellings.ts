// Found words as their language spells them: the lexicon keeps folded forms ("cle", "schoen"), and
// the pages show "clé" and "schön" (shared/spellings.ts describes the file, built beside each
// lexicon). The list loads in the background when a French, Spanish or German word is first
// shown; until then (or offline before it was ever loaded, or if it fails) the folded form shows.
// Kept in Cache Storage like the lexicon: its URL carries a content hash.
import { LANGUAGES, type LanguageCode, isLanguageCode } from "../../../../shared/languages.ts";
import { decodeSpellings } from "../../../../shared/spellings.ts";
import { SPELLINGS_CACHE } from "./cache-names.ts";

const lists = new Map<LanguageCode, ReadonlyMap<string, string>>();
const loading = new Map<LanguageCode, Promise<ReadonlyMap<string, string>>>();
/** Per language, each view's latest redraw (a view drawn again before the list lands replaces its own). */
const waiting = new Map<LanguageCode, Map<object, () => void>>();

/** A page's or board's language code, English when unknown. */
export function languageOf(code: string | undefined): LanguageCode {
  return code !== undefined && isLanguageCode(code) ? code : "en";
}

/** The word as spelled, if its language's list is loaded; the folded word meanwhile. Starts the load. */
export function spelled(word: string, lang: LanguageCode): string {
  if (lang === "en") return word;
  const list = lists.get(lang);
  if (list === undefined) void loadSpellings(lang).catch(() => undefined);
  return list?.get(word) ?? word;
}

/**
 * Calls `redraw` once the language's list has loaded, if it is not loaded yet (a view drawn with
 * folded words draws itself again). `view` keys it: only a view's latest redraw runs. Nothing for
 * English, or once loaded.
 */
export function redrawWhenSpelled(lang: LanguageCode, view: object, redraw: () => void): void {
  if (lang === "en" || lists.has(lang)) return;
  const views = waiting.get(lang) ?? new Map<object, () => void>();
  views.set(view, redraw);
  waiting.set(lang, views);
  void loadSpellings(lang).catch(() => undefined);
}

export function loadSpellings(lang: LanguageCode): Promise<ReadonlyMap<string, string>> {
  let list = loading.get(lang);
  if (list === undefined) {
    list = fetchSpellings(lang).then(
      (map) => {
        lists.set(lang, map);
        const redraws = [...(waiting.get(lang)?.values() ?? [])];
        waiting.delete(lang);
        for (const redraw of redraws) redraw();
        return map;
      },
      (error: unknown) => {
        loading.delete(lang); // a later word tries again
        throw error;
      },
    );
    loading.set(lang, list);
  }
  return list;
}

async function fetchSpellings(lang: LanguageCode): Promise<ReadonlyMap<string, string>> {
  const url = __SPELLINGS_URLS__[lang];
  if (url === undefined) return new Map();
  const cache = "caches" in globalThis ? await caches.open(SPELLINGS_CACHE).catch(() => null) : null;
  let res = cache ? await cache.match(url) : undefined;
  if (!res) {
    res = await fetch(url);
    if (!res.ok) throw new Error(`The spellings could not be loaded (HTTP ${res.status}).`);
    if (cache) {
      await cache.put(url, res.clone()).catch(() => undefined);
      // An older list of the same language is dead weight now.
      for (const old of await cache.keys()) {
        const name = new URL(old.url).pathname.split("/").pop() ?? "";
        if (new URL(old.url).pathname !== url && name.startsWith(`${lang}.`)) await cache.delete(old);
      }
    }
  }
  return decodeSpellings(await res.text(), LANGUAGES[lang].fold);
}
