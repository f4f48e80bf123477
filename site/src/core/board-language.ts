// The language of a board on a page: the one its address asks for (?lang=fr), else the game
// element's own (data-board-lang), else English. Shared by the daily game and the embed, and kept
// out of the daily game's module so that the embed does not import it (the game's code is then one
// chunk with the page's entry script: a request fewer on a first visit).
import { type LanguageCode, isLanguageCode } from "#engine";

export function boardLanguageOf(element: Element, loc: Location = location): LanguageCode {
  const requested = new URLSearchParams(loc.search).get("lang") ?? element.getAttribute("data-board-lang") ?? "en";
  return isLanguageCode(requested) ? requested : "en";
}
