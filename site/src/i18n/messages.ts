// The interface's words at run time, in the page's language: its <html lang> (/fr, /es and /de
// are French, Spanish and German throughout; other pages are English, and a past French board at
// /play/DATE?lang=fr keeps English around a board marked lang="fr"). Each language's catalogue,
// English's too, is a chunk of its own, loaded by this module's top-level await before any script
// reads a message and preloaded by the pages that load this module (site/tumbleword-assets.mjs):
// a page carries its own language and no other. A catalogue is made with tools handed in here
// (tools.ts), so its chunk imports nothing and arrives beside the page's other scripts. (The share
// text's English, said on every page, is share-english.ts.)
import type { LanguageCode } from "#engine";
import type { Messages } from "./catalogue.ts";
import { CATALOGUE_TOOLS } from "./tools.ts";

export type { Messages } from "./catalogue.ts";

/** The interface's language: the page's <html lang> when it is one of the catalogues', else English. */
export function pageLanguage(): LanguageCode {
  // Read without the DOM's types: this module is imported by Node tests too.
  const lang = (globalThis as { document?: { documentElement: { lang: string } } }).document?.documentElement.lang;
  return lang === "fr" || lang === "es" || lang === "de" ? lang : "en";
}

const catalogues = {
  en: async () => (await import("./en.ts")).en(CATALOGUE_TOOLS),
  fr: async () => (await import("./fr.ts")).fr(CATALOGUE_TOOLS),
  es: async () => (await import("./es.ts")).es(CATALOGUE_TOOLS),
  de: async () => (await import("./de.ts")).de(CATALOGUE_TOOLS),
} satisfies Record<LanguageCode, () => Promise<Messages>>;

const current: Messages = await catalogues[pageLanguage()]();

/** The page's catalogue. */
export function messages(): Messages {
  return current;
}
