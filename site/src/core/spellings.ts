// Found words as their language spells them: the lexicon keeps folded forms ("cle", "schoen"), and
// the pages show "clé" and "schön" (shared/engine/spellings.ts describes the file, built beside each
// lexicon). The list loads in the background when a French, Spanish or German word is first
// shown; until then (or offline before it was ever loaded, or if it fails) the folded form shows.
// Kept in Cache Storage like the lexicon: its URL carries a content hash. The daily board's own
// words come with their accents (shared/engine/day-words.ts): a page that knows them (`knowSpellings`)
// loads no list for them.
// The fetching and decoding (spellings-file.ts) load with the list: a page that shows no word of
// those languages carries none of it.
import { type LanguageCode, isLanguageCode } from "#engine";

const lists = new Map<LanguageCode, ReadonlyMap<string, string>>();
/** Per language, the spellings of words this page already knows (the day's words): undefined for others. */
const known = new Map<LanguageCode, (word: string) => string | undefined>();
const loading = new Map<LanguageCode, Promise<ReadonlyMap<string, string>>>();
/** Per language, each view's latest redraw (a view drawn again before the list lands replaces its own). */
const waiting = new Map<LanguageCode, Map<object, () => void>>();

/** A page's or board's language code, English when unknown. */
export function languageOf(code: string | undefined): LanguageCode {
  return code !== undefined && isLanguageCode(code) ? code : "en";
}

/** Words whose spelling this page knows without the list (the day's words, with their accents). */
export function knowSpellings(lang: LanguageCode, spelling: (word: string) => string | undefined): void {
  known.set(lang, spelling);
}

/** The word as spelled, if known or its language's list is loaded; the folded word meanwhile (then it starts the load). */
export function spelled(word: string, lang: LanguageCode): string {
  if (lang === "en") return word;
  const spelling = known.get(lang)?.(word);
  if (spelling !== undefined) return spelling;
  const list = lists.get(lang);
  if (list === undefined) void loadSpellings(lang).catch(() => undefined);
  return list?.get(word) ?? word;
}

/**
 * Calls `redraw` once the language's list has loaded, if it is not loaded yet (a view drawn with
 * folded words draws itself again). `view` keys it: only a view's latest redraw runs. Nothing for
 * English, once loaded, or when the page knows the spelling of every one of `words` (if given).
 */
export function redrawWhenSpelled(lang: LanguageCode, view: object, redraw: () => void, words?: readonly string[]): void {
  if (lang === "en" || lists.has(lang)) return;
  const spelling = known.get(lang);
  if (words !== undefined && spelling !== undefined && words.every((w) => spelling(w) !== undefined)) return;
  const views = waiting.get(lang) ?? new Map<object, () => void>();
  views.set(view, redraw);
  waiting.set(lang, views);
  void loadSpellings(lang).catch(() => undefined);
}

export function loadSpellings(lang: LanguageCode): Promise<ReadonlyMap<string, string>> {
  let list = loading.get(lang);
  if (list === undefined) {
    list = import("./spellings-file.ts").then((file) => file.fetchSpellings(lang)).then(
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
