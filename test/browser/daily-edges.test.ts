// The daily round's rough edges, each as a player meets it: the keyboard after the walkthrough, a
// bonus word's verdict, the round's real length on /how-to-play, the archive on a phone.
import { expect, test } from "vitest";
import { roundLengthText } from "#game/round.ts";
import { judgeReady, useBrowser } from "./fixture.ts";
import { plainWords, roundSeconds, startButtonName, startRound, todayPuzzle } from "./helpers.ts";

const browser = useBrowser();

test("after the walkthrough the keyboard is on Start", async () => {
  const { page, errors } = await browser.open("/", { firstVisit: true });
  const dialog = page.getByRole("dialog", { name: "How Tumbleword works" });
  await dialog.waitFor();
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "hidden" });
  await expect.poll(() => page.evaluate<string | null>("document.activeElement?.textContent ?? null")).toBe(startButtonName);
  expect(errors).toEqual([]);
});

test("a bonus word's verdict says it is a bonus word; an everyday word's does not", { timeout: 90_000 }, async () => {
  const puzzle = await todayPuzzle();
  const words = plainWords(puzzle);
  const rare = words.find((w) => !w.common)!;
  const everyday = words.find((w) => w.common)!;
  const { page, errors } = await browser.open("/");
  await startRound(page);
  await judgeReady(page);
  const feedback = page.locator("[data-feedback]");
  const badge = () => page.evaluate<string>(`getComputedStyle(document.querySelector("[data-feedback]"), "::after").content`);
  await page.locator("[data-word]").fill(rare.word);
  await page.locator("[data-word]").press("Enter");
  await expect.poll(() => feedback.textContent()).toBe(`${rare.word.toUpperCase()} +${rare.points}`);
  expect(await feedback.getAttribute("data-bonus")).toBe("bonus word");
  expect(await badge()).toBe('"bonus word"');
  await page.locator("[data-word]").fill(everyday.word);
  await page.locator("[data-word]").press("Enter");
  await expect.poll(() => feedback.textContent()).toBe(`${everyday.word.toUpperCase()} +${everyday.points}`);
  expect(await feedback.getAttribute("data-bonus")).toBeNull();
  expect(await badge()).toBe("none");
  expect(errors).toEqual([]);
});

test("/how-to-play states the server's round length", async () => {
  const { page } = await browser.open("/how-to-play");
  const said = page.locator("[data-round-length-text]");
  await expect.poll(() => said.first().textContent()).toBe(roundLengthText(roundSeconds));
  const all = await said.allTextContents();
  expect(all.length).toBeGreaterThan(1);
  expect(new Set(all)).toEqual(new Set([roundLengthText(roundSeconds)]));
});

test("the archive's table fits a phone's column, its leaderboard links in view", async () => {
  const { page } = await browser.open("/archive", { viewport: "phone" });
  await page.locator("[data-archive-rows] tr").first().waitFor();
  const table = page.locator("tw-archive table");
  const [inner, outer] = await table.evaluate((t) => [t.scrollWidth, t.parentElement!.clientWidth]);
  expect(inner).toBeLessThanOrEqual(outer);
  const last = (await page.locator("[data-archive-rows] tr:first-child td:last-child").boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(390);
});
