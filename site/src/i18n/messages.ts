// The interface's words at run time, in the page's language: its <html lang> (/fr, /es and /de
// are French, Spanish and German throughout; other pages are English, and a past French board at
// /play/DATE?lang=fr keeps English around a board marked lang="fr"). English is always bundled (the
// fallback, and the share text's language); another language's catalogue is a chunk of its own,
// loaded by this module's top-level await before any script reads a message, and preloaded by its
// pages (site/tumbleword-assets.mjs), so an English page carries no other language.
import type { LanguageCode } from "../../../shared/languages.ts";
import type { Messages } from "./catalogue.ts";
import { en } from "./en.ts";

export type { Messages } from "./catalogue.ts";

/** The interface's language: the page's <html lang> when it is one of the catalogues', else English. */
export function pageLanguage(): LanguageCode {
  // Read without the DOM's types: this module is imported by Node tests too.
  const lang = (globalThis as { document?: { documentElement: { lang: string } } }).document?.documentElement.lang;
  return lang === "fr" || lang === "es" || lang === "de" ? lang : "en";
}

const others = {
  fr: async () => (await import("./fr.ts")).fr,
  es: async () => (await import("./es.ts")).es,
  de: async () => (await import("./de.ts")).de,
} satisfies Record<Exclude<LanguageCode, "en">, () => Promise<Messages>>;

const language = pageLanguage();
const current: Messages = language === "en" ? en : await others[language]();

/** The page's catalogue. */
export function messages(): Messages {
  return current;
}
