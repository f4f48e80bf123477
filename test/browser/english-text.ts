// Finds English sentences in a page meant to be in French, Spanish or German: a walk over every
// element's own text (hidden parts too: dialogs, the results card, live regions) and its accessible
// labels, outside the word list's licence line (an attribution that stays as its licence words it)
// and names marked translate="no" (a package's or a table's name).
// English is recognised by its function words, which none of the three languages shares.
import type { Page } from "playwright-core";

/** Words that mark a sentence as English and are words of none of French, Spanish or German. */
const ENGLISH = new Set(
  "the and of your you with every left this that is are for from have what which be by it its seconds second day days board words word dark light rules new round play player players share leaderboard today next found than more until hidden loading could after before how works try again keep sign already".split(" "),
);

/** Every element's own text and labels, with where it was found; the licence line left out. */
export async function texts(page: Page): Promise<{ where: string; text: string }[]> {
  // A string, run in the page (this file is typed without the DOM's names).
  return page.evaluate<{ where: string; text: string }[]>(`(() => {
    const out = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest("script, style, template, [data-licence], [translate=no]")) continue;
      const where = el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") + [...el.attributes].filter((a) => a.name.startsWith("data-")).map((a) => "[" + a.name + "]").join("");
      const own = [...el.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent ?? "").join(" ").trim();
      if (own) out.push({ where, text: own });
      for (const name of ["aria-label", "title", "placeholder", "alt"]) {
        const value = el.getAttribute(name);
        if (value) out.push({ where: where + "@" + name, text: value });
      }
    }
    return out;
  })()`);
}

/** The texts that read as English, as "where: text". */
export function english(found: { where: string; text: string }[]): string[] {
  return found.filter(({ text }) => text.toLowerCase().split(/[^a-z]+/).some((w) => ENGLISH.has(w))).map(({ where, text }) => `${where}: ${text}`);
}

/** The page's English sentences, as "where: text" (none on a page wholly in its language). */
export async function englishIn(page: Page): Promise<string[]> {
  return english(await texts(page));
}
