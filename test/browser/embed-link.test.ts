// The embed carries the player's identity: a player who played on the site gets a one-time code
// on the Stats page, types it in the embed on another site, and continues as themselves: the
// same ranked round, never a second one. Where the frame may store nothing, it says so.
import { expect, test } from "vitest";
import { enterWord, lexiconReady, screenshot, useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startRound, thirdPartyUrl, todayPuzzle } from "./helpers.ts";

// Frames on other sites get their own (partitioned) storage, as in mainstream browsers; the last
// test uses a browser that blocks such storage altogether.
const browser = useBrowser({ thirdPartyStorage: "partitioned" });
const blocking = useBrowser({ thirdPartyStorage: "blocked" });

test("a link code from the site makes the embed continue as the same player, with no second ranked round", async () => {
  const puzzle = await todayPuzzle();
  const word = plainWords(puzzle)[0];
  const { page, errors } = await browser.open("/");
  await startRound(page);
  await lexiconReady(page);
  await enterWord(page, word.word, `${word.word.toUpperCase()} +${word.points}`);
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
  const player = await page.evaluate(() => JSON.parse(localStorage.getItem("tw:player")!) as { playerId: string; token: string });
  // The player's standing as the server has it (receipts reach D1 through the sync queue: a
  // running ranked round syncs when the page is left, or at its end; the next visit sends what a
  // lost beacon did not).
  await page.goto("/how-to-play");
  await page.goto("/");
  const board = () => fetch(`${baseUrl}/api/puzzles/${puzzle.date}/leaderboard/me`, { headers: { authorization: `Bearer ${player.token}` } }).then((r) => r.json()) as Promise<{ total: number; you: { score: number } | null }>;
  await expect.poll(async () => (await board()).you?.score, { timeout: 40_000 }).toBe(word.points);
  // The round the site played (the leaderboard's total can't tell: other files add players meanwhile).
  const roundIdIn = (storage: Pick<typeof page, "evaluate">) => storage.evaluate((date) => (JSON.parse(localStorage.getItem(`tw:game:${date}`) ?? "null") as { roundId: string | null } | null)?.roundId ?? null, puzzle.date);
  const siteRound = await roundIdIn(page);
  expect(siteRound).not.toBeNull();

  await page.goto("/stats");
  await page.getByRole("button", { name: "Get a code" }).click();
  const code = await page.locator("[data-code]").getAttribute("data-code", { timeout: 10_000 });
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);

  // The same browser, on someone else's site (another host, not only another port: storage is
  // partitioned by site), so the frame has its own empty storage and asks.
  const otherSite = thirdPartyUrl.replace("localhost", "127.0.0.1");
  await page.goto(otherSite);
  const frame = page.frameLocator("iframe");
  const panel = frame.getByRole("region", { name: "Played on Tumbleword before?" });
  await panel.waitFor();
  await screenshot(page, "embed-link-desktop-light");
  await panel.getByLabel("Code from Tumbleword's Stats page").fill(code!.toLowerCase());
  await panel.getByRole("button", { name: "Continue" }).click();
  // Linked: the frame reloads as that player; starting gives back the round already played.
  await expect.poll(() => page.frames().find((f) => f.url().startsWith(`${baseUrl}/embed`))?.evaluate(() => localStorage.getItem("tw:player")), { timeout: 15_000 }).toContain(player.playerId);
  await frame.locator("[data-start]").waitFor();
  await startRound(frame);
  await expect.poll(() => frame.locator("[data-found-list] li").allTextContents()).toEqual([word.word]);
  await expect.poll(() => frame.locator("[data-score]").textContent()).toBe(String(word.points));
  const after = await board();
  expect(await roundIdIn(page.frames().find((f) => f.url().startsWith(`${baseUrl}/embed`))!)).toBe(siteRound);
  const stats = (await (await fetch(`${baseUrl}/api/players/me/stats`, { headers: { authorization: `Bearer ${player.token}` } })).json()) as { played: number };
  expect(stats.played).toBe(1);
  expect(after.you?.score).toBe(word.points);
  // A code works once.
  const again = await fetch(`${baseUrl}/api/links/redeem`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ code }) });
  expect(again.status).toBe(404);
  expect(errors).toEqual([]);
});

test("an embed without storage says so clearly instead of failing", async () => {
  const { page } = await blocking.open("/", { viewport: "phone" });
  await page.goto(thirdPartyUrl.replace("localhost", "127.0.0.1"));
  const frame = page.frameLocator("iframe");
  const alert = frame.getByRole("alert");
  await alert.waitFor();
  expect(await alert.textContent()).toContain("This browser keeps embedded games from storing anything");
  expect(await frame.getByRole("link", { name: "Play on Tumbleword instead" }).getAttribute("href")).toBe("/");
  expect(await frame.locator("[data-game-root]").isHidden()).toBe(true);
  await screenshot(page, "embed-no-storage-phone-light");
});
