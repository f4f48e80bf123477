// Screenshots of the main page for a person to look at (test-results/screenshots/, ignored by
// git), at desktop and phone sizes in both themes, plus the layout checks that matter on a
// phone: the board fits the width without horizontal scrolling.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage, plainWords, root, startRound, todayPuzzle } from "./helpers.ts";

const dir = path.join(root, "test-results/screenshots");
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(dir, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

const sizes = [
  { name: "desktop", width: 1280, height: 900, touch: false },
  { name: "phone", width: 390, height: 844, touch: true },
] as const;

for (const size of sizes) {
  for (const scheme of ["light", "dark"] as const) {
    test(`main page, ${size.name}, ${scheme}`, async () => {
      const puzzle = await todayPuzzle();
      const { page, errors } = await openPage(browser, "/", { width: size.width, height: size.height, colorScheme: scheme, touch: size.touch });
      await startRound(page);
      // Two words found and a third half-typed, so the screenshot shows a game in progress.
      const [a, b, c] = plainWords(puzzle);
      for (const w of [a, b]) {
        await page.locator("[data-word]").fill(w.word);
        await page.locator("[data-word]").press("Enter");
        await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${w.word.toUpperCase()} +${w.points}`);
      }
      await page.locator("[data-word]").fill(c.word.slice(0, 3));
      await page.locator("[data-word]").blur();
      const background = await page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
      expect(background).toBe(scheme === "dark" ? "rgb(20, 22, 26)" : "rgb(251, 248, 243)");
      // No horizontal scrolling, and the whole board is visible at once on the first screen.
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(size.width);
      const box = (await page.locator("[data-board]").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      if (size.name === "phone") expect(box.width).toBeGreaterThan(size.width * 0.85);
      expect(await page.evaluate<string>(`getComputedStyle(document.querySelector("[data-board]")).touchAction`)).toBe("none");
      await page.screenshot({ path: path.join(dir, `home-${size.name}-${scheme}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }
}
