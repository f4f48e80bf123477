// Where each page is in each language: English at the address it always had (/leaderboard), the
// others under their language's prefix (/fr/leaderboard; a language's home is /fr; the privacy
// page, older, at /privacy/fr). Pages not yet
// written in every language keep one address, the board's language in ?lang= where it has one.
// Imports nothing at run time: the pages (build time) and the site's script (the language switch) use it.
import type { LanguageCode } from "#engine";

/** The pages written in every language, by their English address. */
export const LOCALISED_PAGES = ["/", "/leaderboard", "/archive", "/how-to-play", "/privacy", "/404"] as const;
export type LocalisedPage = (typeof LOCALISED_PAGES)[number];

const OTHER_LANGUAGES = ["fr", "es", "de"] as const satisfies readonly LanguageCode[];

/** Pages that play or list a language's boards: one address for every language, ?lang= naming the board's. */
const BOARD_PAGES = new Set(["/practice", "/room", "/league"]);

export function isLocalised(page: string): page is LocalisedPage {
  return (LOCALISED_PAGES as readonly string[]).includes(page);
}

/** A page's address in a language: "/fr/leaderboard", "/fr" for the home, "/leaderboard" in English. */
export function localePath(lang: LanguageCode, page: LocalisedPage): string {
  if (lang === "en") return page;
  if (page === "/privacy") return `/privacy/${lang}`;
  return page === "/" ? `/${lang}` : `/${lang}${page}`;
}

/** Where a link from a page in `lang` to `page` (an English address, with an optional #part) goes: the language's page where there is one. */
export function linkIn(lang: LanguageCode, page: string): string {
  const [path, part] = page.split("#");
  const fragment = part === undefined ? "" : `#${part}`;
  if (isLocalised(path)) return localePath(lang, path) + fragment;
  if (lang !== "en" && BOARD_PAGES.has(path)) return `${path}?lang=${lang}${fragment}`;
  return page;
}

/** A built page's address split into its language and its English address: "/fr/archive" -> fr, "/archive". */
export function pageOf(pathname: string): { lang: LanguageCode; page: string } {
  for (const lang of OTHER_LANGUAGES) {
    const page = LOCALISED_PAGES.find((p) => localePath(lang, p) === pathname);
    if (page !== undefined) return { lang, page };
  }
  const match = /^\/(fr|es|de)(\/.*)?$/.exec(pathname);
  if (!match) return { lang: "en", page: pathname };
  return { lang: match[1] as LanguageCode, page: match[2] ?? "/" };
}
