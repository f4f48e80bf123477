// /fr, /es and /de speak their language throughout: a walk over every element's own text (hidden
// parts too: dialogs, the results card, live regions) and its accessible labels finds no English
// sentence, outside the word list's licence line (an attribution that stays as its licence words it).
// English is recognised by its function words, which none of the three languages shares.
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import type { LanguageCode } from "#engine";
import { MESSAGES } from "#site/i18n/all.ts";
import { judgeReady, useBrowser } from "./fixture.ts";
import { roundSeconds } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser();

/** Words that mark a sentence as English and are words of none of French, Spanish or German. */
const ENGLISH = new Set(
  "the and of your you with every left this that is are for from have what which be by it its seconds second day days board words word dark light rules new round play player players share leaderboard today next found than more until hidden loading could after before how works try again keep sign already".split(" "),
);

/** Every element's own text and labels, with where it was found; the licence line left out. */
async function texts(page: Page): Promise<{ where: string; text: string }[]> {
  // A string, run in the page (this file is typed without the DOM's names).
  return page.evaluate<{ where: string; text: string }[]>(`(() => {
    const out = [];
    for (const el of document.body.querySelectorAll("*")) {
      if (el.closest("script, style, template, [data-licence]")) continue;
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

function english(found: { where: string; text: string }[]): string[] {
  return found.filter(({ text }) => text.toLowerCase().split(/[^a-z]+/).some((w) => ENGLISH.has(w))).map(({ where, text }) => `${where}: ${text}`);
}

for (const lang of ["fr", "es", "de"] as const satisfies readonly LanguageCode[]) {
  test(`/${lang} has no English text, before and during the round`, { timeout: 120_000 }, async () => {
    const t = MESSAGES[lang];
    const { page, errors } = await browser.open(`/${lang}`, { viewport: "phone" });
    await page.waitForLoadState("networkidle");
    expect(english(await texts(page))).toEqual([]);

    // During the round: the spoken warning a minute before the end is the page's language too.
    await page.getByRole("button", { name: t.start(t.roundLength(roundSeconds)) }).click();
    await expect.poll(() => page.locator("[data-game-root]").getAttribute("data-phase")).toBe("round");
    await judgeReady(page);
    // Moved to end 75 s from now: the minute's warning is said at 60 s left and stays until the next one, at 30 s.
    await endRoundIn(page, 75_000);
    await expect.poll(() => page.locator("[data-time-warning]").textContent(), { timeout: 45_000 }).toBe(t.secondsLeft(60));
    expect(english(await texts(page))).toEqual([]);
    expect(errors).toEqual([]);
  });
}
