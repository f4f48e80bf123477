// Practice: the board comes from the seed in the URL (the same board the engine shakes from it),
// sizes map to their dice, a board can be typed in, and pass-and-play strikes shared words.
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { DICE, RULES, createRng, parseBoard, shake, solve } from "#engine";
import { useBrowser } from "./fixture.ts";
import { todayPuzzle } from "./helpers.ts";


const browser = useBrowser();

const tileLetters = async (page: Page) =>
  (await page.locator("[data-board] .tile").allTextContents()).map((t) => t.toLowerCase());

async function enter(page: Page, word: string): Promise<void> {
  await page.locator("[data-word]").fill(word);
  await page.locator("[data-word]").press("Enter");
  await expect.poll(() => page.locator("[data-feedback]").textContent()).toMatch(new RegExp(`^${word.toUpperCase()} \\+\\d+$`));
}

test("the seed in the URL gives the engine's board, for each size with its dice", async () => {
  for (const [size, dice] of [[4, "new"], [5, "big"], [6, "superbig"]] as const) {
    const { page, context } = await browser.open(`/practice?seed=shared-link&size=${size}`);
    const expected = shake(DICE[dice], createRng("practice/shared-link")).faces;
    await expect.poll(() => page.locator("[data-board] .tile").count()).toBe(size * size);
    expect(await tileLetters(page)).toEqual([...expected]);
    await context.close();
  }
  // "New board" changes the seed, and the URL with it, so the link always describes the board.
  const { page } = await browser.open("/practice?seed=first");
  const before = await tileLetters(page);
  await page.getByRole("button", { name: "New board" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("seed")).not.toBe("first");
  const seed = new URL(page.url()).searchParams.get("seed")!;
  expect(await tileLetters(page)).toEqual(shake(DICE.new, createRng(`practice/${seed}`)).faces);
  expect(await tileLetters(page)).not.toEqual(before);
});

test("pass and play on a typed-in board: words found by both players are struck", async () => {
  const boardText = "case/mopi/stre/napd";
  const { lexicon } = await todayPuzzle();
  const words = solve(parseBoard(boardText), lexicon, RULES.classic).words.filter((w) => w.path.length === w.word.length);
  const [shared, onlyOne, onlyTwo] = words;
  const { page, errors } = await browser.open(`/practice?board=${boardText}&players=2`);
  await page.getByRole("button", { name: "Player 1: start your turn" }).click();
  await expect.poll(() => tileLetters(page)).toEqual([...parseBoard(boardText).faces]);
  await enter(page, shared.word);
  await enter(page, onlyOne.word);
  await page.getByRole("button", { name: "End Player 1's turn" }).click();
  // Player 2 gets a covered board and an empty list.
  expect(await page.locator("[data-found-list] li").count()).toBe(0);
  await page.getByRole("button", { name: "Player 2: start your turn" }).click();
  await enter(page, shared.word);
  await enter(page, onlyTwo.word);
  await page.getByRole("button", { name: "End Player 2's turn" }).click();
  const results = page.locator("[data-results-players] section");
  await expect.poll(() => results.count()).toBe(2);
  const points = (n: number) => `${n} point${n === 1 ? "" : "s"}`;
  expect(await results.nth(0).locator("h3").textContent()).toBe(`Player 1: ${points(onlyOne.points)}`);
  expect(await results.nth(1).locator("h3").textContent()).toBe(`Player 2: ${points(onlyTwo.points)}`);
  // Said to a group, the computer's words are the ones nobody found.
  expect(await page.locator("[data-computer]").textContent()).toMatch(/\. Nobody found \d+:$/);
  expect(await results.nth(0).locator("s").allTextContents()).toEqual([shared.word]);
  expect(await results.nth(1).locator("s").allTextContents()).toEqual([shared.word]);
  expect(errors).toEqual([]);
});

test("the timer setting: picking one changes the URL and the summary, and ?timer= selects it", async () => {
  const { page, context } = await browser.open("/practice?seed=timer-check");
  await page.locator("details summary").first().click();
  await page.locator("[data-timer-select]").selectOption("60");
  await expect.poll(() => new URL(page.url()).searchParams.get("timer")).toBe("60");
  expect(await page.locator("[data-settings-summary]").textContent()).toContain("1 min");
  await context.close();

  const linked = await browser.open("/practice?seed=timer-check&timer=180");
  await expect.poll(() => linked.page.locator("[data-timer-select]").inputValue()).toBe("180");
  expect(await linked.page.locator("[data-settings-summary]").textContent()).toContain("3 min");
  await linked.context.close();
});
