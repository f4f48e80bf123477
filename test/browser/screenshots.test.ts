// Screenshots of the main page for a person to look at (test-results/screenshots/, ignored by
// git), at desktop and phone sizes in both themes, plus the layout checks that matter on a
// phone: the board fits the width without horizontal scrolling.
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { screenshotDir, useBrowser } from "./fixture.ts";
import { plainWords, startRound, todayPuzzle } from "./helpers.ts";

const browser = useBrowser();

const sizes = [
  { name: "desktop", width: 1280, height: 900, touch: false },
  { name: "phone", width: 390, height: 844, touch: true },
] as const;

for (const size of sizes) {
  for (const scheme of ["light", "dark"] as const) {
    test(`main page, ${size.name}, ${scheme}`, async () => {
      const puzzle = await todayPuzzle();
      const { page, errors } = await browser.open("/", { width: size.width, height: size.height, colorScheme: scheme, touch: size.touch });
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
      // Text contrast of the main parts, from the colours the browser actually computed.
      for (const selector of ["[data-status]", "[data-board] .tile", "[data-board] .tile.is-on-path", ".site-nav a", "[data-submit]", "[data-feedback]", ".ladder li"]) {
        // Polled: a tile may still be in its 80 ms colour transition when first read.
        await expect.poll(async () => contrastOf(await textAndBackground(page, selector)), { message: `${selector} contrast` }).toBeGreaterThanOrEqual(4.5);
      }
      await page.screenshot({ path: path.join(screenshotDir, `home-${size.name}-${scheme}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });
  }
}

type Rgb = [number, number, number];

/** The text colour of the first match and the first opaque background behind it. */
async function textAndBackground(page: Page, selector: string): Promise<{ text: Rgb; background: Rgb }> {
  return page.evaluate<{ text: Rgb; background: Rgb }>(`(() => {
    const parse = (c) => c.match(/[\\d.]+/g).map(Number);
    let el = document.querySelector(${JSON.stringify(selector)});
    const text = parse(getComputedStyle(el).color).slice(0, 3);
    let background = [255, 255, 255];
    for (; el; el = el.parentElement) {
      const c = parse(getComputedStyle(el).backgroundColor);
      if (c.length === 3 || c[3] === 1) { background = c.slice(0, 3); break; }
    }
    return { text, background };
  })()`);
}

function contrastOf({ text, background }: { text: Rgb; background: Rgb }): number {
  const luminance = (rgb: Rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(text), luminance(background)].sort((a, b) => b - a);
  return (hi + 0.05) / (lo + 0.05);
}
