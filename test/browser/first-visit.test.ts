// The first five minutes: a new player gets the walkthrough (tiny animated board, the rules,
// "warm up on a practice board") once; after it is dismissed it never comes back by itself.
import { expect, test } from "vitest";
import { screenshot, useBrowser } from "./fixture.ts";
import { roundSeconds, startButtonName } from "./helpers.ts";
import { roundLengthAdjective } from "#game/round.ts";

const browser = useBrowser();

test("the walkthrough opens on the first visit only, and offers a warm-up before the ranked round", async () => {
  const { page, errors } = await browser.open("/", { firstVisit: true });
  const dialog = page.getByRole("dialog", { name: "How Tumbleword works" });
  await dialog.waitFor();
  expect(await dialog.locator(".rules li").count()).toBe(3);
  expect(await dialog.locator(".demo-tile").count()).toBe(9);
  expect(await dialog.getByRole("link", { name: "Warm up on a practice board" }).getAttribute("href")).toBe("/practice");
  // Focus on the primary action; the rules say the server's real round length.
  await expect.poll(() => page.evaluate<string | null>("document.activeElement?.textContent ?? null")).toMatch(/^Got it/);
  await expect.poll(() => dialog.locator(".rules").textContent()).toContain(`One ranked ${roundLengthAdjective(roundSeconds)} round`);
  await screenshot(page, "walkthrough-desktop-light");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, "walkthrough-desktop-dark");
  await dialog.getByRole("button", { name: /^Got it/ }).click();
  await dialog.waitFor({ state: "hidden" });
  // The theme button names the theme it switches to.
  const themeButton = page.locator("[data-theme-toggle]");
  expect(await themeButton.textContent()).toBe("Light mode");
  await themeButton.click();
  expect(await themeButton.textContent()).toBe("Dark mode");
  // The ranked round is still one click away, and nothing comes back on a reload.
  await page.reload();
  await page.getByRole("button", { name: startButtonName }).waitFor();
  expect(await page.locator("[data-onboarding]").getAttribute("open")).toBeNull();
  // ... but "How it works" opens it on demand.
  await page.getByRole("button", { name: "How it works" }).click();
  await dialog.waitFor();
  expect(errors).toEqual([]);
});

test("taking the warm-up link counts as seen; the walkthrough fits a phone in both themes", async () => {
  for (const scheme of ["light", "dark"] as const) {
    const { page } = await browser.open("/", { firstVisit: true, viewport: "phone", colorScheme: scheme });
    const dialog = page.getByRole("dialog", { name: "How Tumbleword works" });
    await dialog.waitFor();
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await screenshot(page, `walkthrough-phone-${scheme}`);
    if (scheme === "dark") {
      await dialog.getByRole("link", { name: "Warm up on a practice board" }).click();
      await page.waitForURL(/\/practice/);
      await page.goto("/");
      await page.getByRole("button", { name: startButtonName }).waitFor();
      expect(await page.locator("[data-onboarding]").getAttribute("open")).toBeNull();
    }
  }
});
