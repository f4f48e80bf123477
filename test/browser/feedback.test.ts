// Feedback while playing: the board flashes on an accepted word and shakes on a refused one, the
// last verdict goes away as the next word is built, path tiles say they are selected, and a typed
// "q" is the Qu tile (QIET plays QUIET).
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";

const browser = useBrowser();

test("typed q means Qu; flash, shake and a fresh verdict line for each word", async () => {
  // A practice board typed by hand: Qu, I, E, T along the top row.
  const { page, errors } = await browser.open("/practice?board=qiet/sarn/lodh/bmcp");
  // One player: the turn starts by itself once the lexicon is in.
  await expect.poll(() => page.locator("[data-word]").isEnabled(), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => page.locator("[data-board] .tile").first().textContent()).toBe("Qu");
  // Record the board's feedback classes as they come and go (the animations are short).
  await page.evaluate(`{
    const seen = (window.boardClasses = []);
    const board = document.querySelector("[data-board]");
    new MutationObserver(() => {
      for (const c of ["is-accept", "is-reject"]) if (board.classList.contains(c) && seen.at(-1) !== c) seen.push(c);
    }).observe(board, { attributes: true, attributeFilter: ["class"] });
  }`);
  const boardClasses = () => page.evaluate<string[]>("window.boardClasses");
  const field = page.locator("[data-word]");
  await field.fill("qi");
  // The path does not vanish after "qi": Qu then I are lit, and marked as pressed for screen readers.
  await expect.poll(() => page.locator("[data-board] .tile.is-on-path").count()).toBe(2);
  expect(await page.locator("[data-board] .tile").first().getAttribute("aria-pressed")).toBe("true");
  await field.fill("qiet");
  await field.press("Enter");
  await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe("QUIET +2");
  await expect.poll(boardClasses).toEqual(["is-accept"]);
  // Building the next word clears the last verdict.
  await field.fill("sa");
  await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe("");
  await field.fill("qiet");
  await field.press("Enter");
  await expect.poll(() => page.locator("[data-feedback]").textContent()).toMatch(/^Already found/);
  await expect.poll(boardClasses).toEqual(["is-accept", "is-reject"]);
  expect(errors).toEqual([]);
});
