// /fr, /es and /de speak their language throughout, before and during the round: no English
// sentence in any element's text or labels (english-text.ts). The other pages, language by
// language, are language-pages.test.ts.
import { expect, test } from "vitest";
import type { LanguageCode } from "#engine";
import { MESSAGES } from "#site/i18n/all.ts";
import { judgeReady, useBrowser } from "./fixture.ts";
import { roundSeconds } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";
import { englishIn } from "./english-text.ts";

const browser = useBrowser();

for (const lang of ["fr", "es", "de"] as const satisfies readonly LanguageCode[]) {
  test(`/${lang} has no English text, before and during the round`, { timeout: 120_000 }, async () => {
    const t = MESSAGES[lang];
    const { page, errors } = await browser.open(`/${lang}`, { viewport: "phone" });
    await page.waitForLoadState("networkidle");
    expect(await englishIn(page)).toEqual([]);

    // During the round: the spoken warning a minute before the end is the page's language too.
    await page.getByRole("button", { name: t.start(t.roundLength(roundSeconds)) }).click();
    await expect.poll(() => page.locator("[data-game-root]").getAttribute("data-phase")).toBe("round");
    await judgeReady(page);
    // Moved to end 75 s from now: the minute's warning is said at 60 s left and stays until the next one, at 30 s.
    await endRoundIn(page, 75_000);
    await expect.poll(() => page.locator("[data-time-warning]").textContent(), { timeout: 45_000 }).toBe(t.secondsLeft(60));
    expect(await englishIn(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
}
