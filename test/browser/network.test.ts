// Words are never lost to the network: found offline, they are judged at once by the engine,
// kept through a reload (still offline), and sent when the connection is back; a reloaded round
// asks a failing server again for its state.
import { expect, test } from "vitest";
import { MESSAGES } from "#site/i18n/all.ts";
import { roundOver, useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startRound, todayPuzzle } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";


const browser = useBrowser();

test("a word found while the network is down survives a reload and reaches the server when it is back", { timeout: 180_000 }, async () => {
  const puzzle = await todayPuzzle();
  const word = plainWords(puzzle)[0];
  const { page, context } = await browser.open("/");
  await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 60_000 }).toBe(true);
  await startRound(page);
  await expect.poll(() => page.locator("[data-game-root]").getAttribute("data-judge"), { timeout: 20_000 }).toBe("ready");

  await context.setOffline(true);
  await page.locator("[data-word]").fill(word.word);
  await page.locator("[data-word]").press("Enter");
  await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").allTextContents()).toEqual([word.word]);
  await expect.poll(() => page.locator("p[data-sync]").textContent()).toBe(MESSAGES.en.trouble.wordsWaiting(1));

  await page.reload(); // still offline: the service worker serves the page, localStorage the game
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").allTextContents(), { timeout: 10_000 }).toEqual([word.word]);
  expect(await page.locator("[data-score]").textContent()).toBe(String(word.points));

  await context.setOffline(false);
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").count(), { timeout: 30_000 }).toBe(0);
  // The server has it once its receipt is synced (a running ranked round syncs at its end or,
  // as here, when the page is left): the player's standing carries the word's points.
  const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem("tw:player")).token`);
  await page.goto("/how-to-play");
  // And the next visit sends whatever the server still lacks (if the beacon was lost).
  await page.goto("/");
  const standing = async () => {
    const res = await fetch(`${baseUrl}/api/puzzles/${puzzle.date}/leaderboard/me`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { you: { score: number } | null }).you?.score;
  };
  await expect.poll(standing, { timeout: 40_000 }).toBe(word.points);
});

test("a reloaded round asks a failing server again until it learns the round's end", async () => {
  const { page } = await browser.open("/");
  await startRound(page);
  // The next two round requests fail as a busy server's would; the third gets through.
  let failures = 0;
  await page.route("**/api/puzzles/*/rounds", async (route) => {
    if (route.request().method() === "POST" && failures < 2) {
      failures++;
      return route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: "unavailable", message: "busy" }) });
    }
    return route.fallback();
  });
  // The server ends the round in a few seconds; the page still holds the full round's end.
  const endsAt = await endRoundIn(page, 6000);
  await roundOver(page, { endsAt });
  expect(failures).toBe(2);
});
