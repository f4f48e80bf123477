// The embed carries the player's identity: a player who played on the site gets a one-time code
// on the Stats page, types it in the embed on another site, and continues as themselves: the
// same ranked round, never a second one; where the frame's storage is blocked, its cookie keeps the link.
import { expect, test } from "vitest";
import { enterWord, judgeReady, screenshot, useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startButtonName, startRound, thirdPartyUrl, todayPuzzle } from "./helpers.ts";

// Frames on other sites get their own (partitioned) storage, as in mainstream browsers; the last
// test uses a browser that blocks such storage altogether.
const browser = useBrowser({ thirdPartyStorage: "partitioned" });
const blocking = useBrowser({ thirdPartyStorage: "blocked" });

test("a link code from the site makes the embed continue as the same player, with no second ranked round", async () => {
  const puzzle = await todayPuzzle();
  const word = plainWords(puzzle)[0];
  const { page, errors } = await browser.open("/");
  await startRound(page);
  await judgeReady(page);
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
  await page.goto(thirdPartyUrl);
  const frame = page.frameLocator("iframe");
  const panel = frame.getByRole("region", { name: "Played on Tumbleword before?" });
  await panel.waitFor();
  await screenshot(page, "embed-link-desktop-light");
  // Folded under the board until opened.
  await panel.locator("summary").click();
  await panel.getByLabel("Code from Tumbleword's Stats page").fill(code!.toLowerCase());
  await panel.getByRole("button", { name: "Continue" }).click();
  // Linked: the frame reloads as that player and takes the round already played from the server
  // by itself (no Start offered for a round that exists).
  await expect.poll(() => page.frames().find((f) => f.url().startsWith(`${baseUrl}/embed`))?.evaluate(() => localStorage.getItem("tw:player")), { timeout: 15_000 }).toContain(player.playerId);
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

test("where the frame's storage is blocked, a link code still makes it continue as the same player, kept across a reload by its cookie", async () => {
  const puzzle = await todayPuzzle();
  const word = plainWords(puzzle)[1]!;
  const { page, errors } = await blocking.open("/", { viewport: "phone" });
  await startRound(page);
  await judgeReady(page);
  await enterWord(page, word.word, `${word.word.toUpperCase()} +${word.points}`);
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
  const player = await page.evaluate(() => JSON.parse(localStorage.getItem("tw:player")!) as { playerId: string; token: string });
  // Leaving the page sends the round's receipts; the server then has the word.
  await page.goto("/stats");
  const board = () => fetch(`${baseUrl}/api/puzzles/${puzzle.date}/leaderboard/me`, { headers: { authorization: `Bearer ${player.token}` } }).then((r) => r.json()) as Promise<{ you: { score: number } | null }>;
  await expect.poll(async () => (await board()).you?.score, { timeout: 40_000 }).toBe(word.points);
  await page.getByRole("button", { name: "Get a code" }).click();
  const code = await page.locator("[data-code]").getAttribute("data-code", { timeout: 10_000 });

  await page.goto(thirdPartyUrl);
  const frame = page.frameLocator("iframe");
  expect(await page.frames().find((f) => f.url().startsWith(`${baseUrl}/embed`))!.evaluate(() => {
    try {
      return localStorage.length >= 0 && "storage";
    } catch {
      return "blocked";
    }
  })).toBe("blocked");
  const panel = frame.getByRole("region", { name: "Played on Tumbleword before?" });
  await panel.waitFor();
  // Folded under the board until opened.
  await panel.locator("summary").click();
  await panel.getByLabel("Code from Tumbleword's Stats page").fill(code!);
  await panel.getByRole("button", { name: "Continue" }).click();
  // Linked: the frame reloads as that player, kept by its cookie, and the round played on the site comes back by itself.
  await expect.poll(() => frame.locator("[data-found-list] li").allTextContents(), { timeout: 15_000 }).toEqual([word.word]);
  await expect.poll(() => frame.locator("[data-score]").textContent()).toBe(String(word.points));
  expect(await panel.isHidden()).toBe(true);
  expect(await frame.getByRole("button", { name: startButtonName }).isHidden()).toBe(true);
  // And again after a reload of the whole page: the cookie still proves the player.
  await page.reload();
  await expect.poll(() => frame.locator("[data-found-list] li").allTextContents(), { timeout: 15_000 }).toEqual([word.word]);
  const stats = (await (await fetch(`${baseUrl}/api/players/me/stats`, { headers: { authorization: `Bearer ${player.token}` } })).json()) as { played: number };
  expect(stats.played).toBe(1);
  expect(errors).toEqual([]);
});

test("where the frame can keep nothing at all, a link code makes the next Start the player's own ranked round", async () => {
  // The site's player, with today's ranked round started and a code, through the API.
  const json = { "content-type": "application/json" };
  const player = (await (await fetch(`${baseUrl}/api/players`, { method: "POST", headers: json, body: "{}" })).json()) as { playerId: string; token: string };
  const auth = { ...json, authorization: `Bearer ${player.token}` };
  const round = (await (await fetch(`${baseUrl}/api/puzzles/today/rounds`, { method: "POST", headers: auth })).json()) as { roundId: string };
  const { code } = (await (await fetch(`${baseUrl}/api/links`, { method: "POST", headers: auth })).json()) as { code: string };

  const { page, context, errors } = await blocking.open("/");
  // A browser that refuses even the frame's partitioned cookie: the Worker's probe never comes back.
  await context.route(`${baseUrl}/api/embed/session`, (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ cookies: false, player: null, round: false }) }));
  await page.goto(thirdPartyUrl);
  const frame = page.frameLocator("iframe");
  await frame.locator("[data-embed-keeps-nothing]").waitFor();
  const panel = frame.getByRole("region", { name: "Played on Tumbleword before?" });
  // Folded under the board until opened.
  await panel.locator("summary").click();
  await panel.getByLabel("Code from Tumbleword's Stats page").fill(code);
  await panel.getByRole("button", { name: "Continue" }).click();
  await expect.poll(() => panel.isHidden()).toBe(true);
  // Linked in memory: the line about keeping nothing goes, and Start gives the player's own round back.
  expect(await frame.locator("[data-embed-keeps-nothing]").isHidden()).toBe(true);
  const started = page.waitForResponse((res) => res.request().method() === "POST" && /\/api\/puzzles\/[^/]+\/rounds$/.test(new URL(res.url()).pathname));
  await startRound(frame);
  const answer = (await (await started).json()) as { roundId: string; ranked: boolean };
  expect(answer).toMatchObject({ roundId: round.roundId, ranked: true });
  expect(errors).toEqual([]);
});
