// The language a player chose, remembered: a click on the footer's switch (or the home's offer)
// stores it; an old address with ?lang=fr on a page written in French goes to that page
// (/leaderboard?lang=fr -> /fr/leaderboard, the other parameters kept); and the English home offers
// a browser that prefers French, Spanish or German its language in one line, never moving it
// without asking (a dismissal remembers English).
import { type LanguageCode, isLanguageCode } from "#engine";
import { readItem, writeItem } from "./storage.ts";

export const LANGUAGE_KEY = "tw:lang";

/** The language the player chose here, if any. */
export function chosenLanguage(): LanguageCode | null {
  const stored = readItem(LANGUAGE_KEY);
  return stored !== null && isLanguageCode(stored) ? stored : null;
}

/** The first of the browser's languages the site speaks ("fr-CA" is French), if any. */
export function preferredLanguage(languages: readonly string[]): LanguageCode | null {
  for (const tag of languages) {
    const code = tag.toLowerCase().split("-")[0];
    if (isLanguageCode(code)) return code;
  }
  return null;
}

/** The same page in `lang`, from the page's alternate links; null when it has none. */
function alternate(lang: LanguageCode): string | null {
  return document.querySelector<HTMLLinkElement>(`link[rel="alternate"][hreflang="${lang}"]`)?.getAttribute("href") ?? null;
}

/** /leaderboard?lang=fr&date=D, an address shared before the pages had French ones: the French page, same date. */
function followOldAddress(): void {
  const params = new URLSearchParams(location.search);
  const requested = params.get("lang");
  if (requested === null || !isLanguageCode(requested) || requested === document.documentElement.lang) return;
  const target = alternate(requested);
  if (target === null) return;
  params.delete("lang");
  const query = params.toString();
  location.replace(`${target}${query ? `?${query}` : ""}${location.hash}`);
}

function offerLanguage(): void {
  const offers = document.querySelectorAll<HTMLElement>("[data-language-offer]");
  if (offers.length === 0) return;
  const wanted = chosenLanguage() ?? preferredLanguage(navigator.languages ?? [navigator.language]);
  for (const offer of offers) {
    if (offer.dataset.languageOffer !== wanted) continue;
    offer.hidden = false;
    offer.querySelector("[data-language-dismiss]")?.addEventListener("click", () => {
      writeItem(LANGUAGE_KEY, "en");
      offer.hidden = true;
    });
  }
}

export function initLanguageChoice(): void {
  followOldAddress();
  for (const link of document.querySelectorAll<HTMLAnchorElement>("a[data-language-choice]")) {
    link.addEventListener("click", () => writeItem(LANGUAGE_KEY, link.dataset.languageChoice ?? "en"));
  }
  offerLanguage();
}
