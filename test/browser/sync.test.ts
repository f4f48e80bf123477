// Receipts reach the server however the page ends: sent by the browser when the tab closes
// (sendBeacon on pagehide), or, when that fails too (a crash), on the next visit.
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startRound, todayPuzzle } from "./helpers.ts";

const browser = useBrowser();

/** A fresh, returning player's page; service workers off, so that the test's routes see every request. */
async function openGame() {
  const { context, page } = await browser.open("/", { serviceWorkers: "block" });
  // Another page of the same player, alive after the game's page is gone.
  const keeper = await context.newPage();
  await keeper.goto("/how-to-play");
  return { context, page, keeper };
}

/** The player's ranked score as the server has it (null: no ranked round yet). */
async function storedScore(page: Page): Promise<number | null> {
  const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem("tw:player")).token`);
  const res = await fetch(`${baseUrl}/api/puzzles/today/leaderboard/me`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { you: { score: number } | null }).you?.score ?? null;
}

test("a tab closed right after a word sends its receipt on the way out", async () => {
  const puzzle = await todayPuzzle();
  const word = plainWords(puzzle)[0];
  const { page, context, keeper } = await openGame();
  // The periodic syncs (fetch) fail. The beacon sent as the page goes is not routed (nor even
  // reported) by Playwright: it is the only way the receipt can arrive.
  const fetched: string[] = [];
  await context.route(/\/receipts$/, (route) => {
    fetched.push(route.request().url());
    return route.abort();
  });
  await startRound(page);
  await page.locator("[data-word]").fill(word.word);
  await page.locator("[data-word]").press("Enter");
  // Judged by the server (its receipt is in), not synced yet.
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
  // Nothing stored yet: a round with no word synced is not ranked.
  expect(await storedScore(keeper)).toBeNull();
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => storedScore(keeper), { timeout: 20_000 }).toBe(word.points);
  expect(fetched).toEqual([]);
});

test("receipts a crashed tab never sent are synced on the next visit", async () => {
  const puzzle = await todayPuzzle();
  const words = plainWords(puzzle).slice(0, 2);
  const { page, context, keeper } = await openGame();
  // Every sync fails while this tab lives; then it crashes (no pagehide, no beacon).
  await page.route(/\/receipts$/, (route) => route.abort());
  await startRound(page);
  for (const w of words) {
    await page.locator("[data-word]").fill(w.word);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${w.word.toUpperCase()} +${w.points}`);
  }
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
  const waiting = await page.evaluate<number>(`JSON.parse(localStorage.getItem("tw:game:${puzzle.date}")).receipts.filter((r) => !r.synced).length`);
  expect(waiting).toBe(2);
  const cdp = await context.newCDPSession(page);
  // The renderer dies at once: no pagehide, no beacon. (The command's answer never comes.)
  const crashed = page.waitForEvent("crash");
  void cdp.send("Page.crash").catch(() => undefined);
  await crashed;
  // Nothing stored yet: a round with no word synced is not ranked.
  expect(await storedScore(keeper)).toBeNull();

  // The next visit sends them: nothing had reached the server by the time it does.
  const next = await context.newPage();
  const storedWhenSent: (number | null)[] = [];
  await next.route(/\/receipts$/, async (route) => {
    storedWhenSent.push(await storedScore(keeper));
    await route.continue();
  });
  await next.goto("/");
  const total = words.reduce((s, w) => s + w.points, 0);
  await expect.poll(() => storedScore(keeper), { timeout: 20_000 }).toBe(total);
  expect(storedWhenSent[0]).toBeNull();
  // The page marks them synced once it reads the answer (on a loaded machine, after the server has merged them).
  await expect.poll(() => next.evaluate<number>(`JSON.parse(localStorage.getItem("tw:game:${puzzle.date}")).receipts.filter((r) => !r.synced).length`), { timeout: 10_000 }).toBe(0);
});
