// The widget on someone else's site: a page on another host (127.0.0.1, while the product is
// localhost: another site, not only another port) includes /widget.js, which inserts the /embed
// iframe where the tag stands; the board is playable inside it, a reload gives back the same
// round, and the iframe follows its content's height through postMessage (and ignores messages
// from anyone else). In Chromium as it comes (third-party storage blocked: the frame keeps its
// player in a partitioned cookie) and with partitioned storage, on desktop and phone viewports.
import type { FrameLocator, Page } from "playwright-core";
import { expect, test } from "vitest";
import { addDays } from "#engine";
import { MESSAGES } from "#site/i18n/all.ts";
import { FRAME_MESSAGES } from "#site/i18n/frame.ts";
import { type ThirdPartyStorage, type ViewportName, judgeReady, useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startButtonName, startRound, thirdPartyUrl, todayPuzzle } from "./helpers.ts";

const browsers = { blocked: useBrowser(), partitioned: useBrowser({ thirdPartyStorage: "partitioned" }) } as const;

const embedFrame = (page: Page) => page.frames().find((f) => f.url().startsWith(`${baseUrl}/embed`))!;
const frameHeight = (page: Page) => page.evaluate<number>(`document.querySelector("iframe").getBoundingClientRect().height`);
const contentHeight = (page: Page) => embedFrame(page).evaluate<number>("Math.ceil(document.body.getBoundingClientRect().height)");

/** The iframe is as tall as what it shows (within the widget's bounds), not the initial 640 px. */
async function fitsContent(page: Page): Promise<void> {
  await expect.poll(async () => Math.abs((await frameHeight(page)) - Math.max(200, await contentHeight(page)))).toBeLessThanOrEqual(2);
  expect(await frameHeight(page)).not.toBe(640);
}

/** The round the server has for the frame's player, asked from inside the frame as the embed asks (its cookie or token). */
function serverWords(page: Page, date: string): Promise<string[]> {
  return embedFrame(page).evaluate(async (day) => {
    const stored = localStorageToken();
    const headers: Record<string, string> = stored ? { authorization: `Bearer ${stored}` } : { "X-Tumbleword-Embed": "1" };
    const res = await fetch(`/api/puzzles/${day}/rounds`, { method: "POST", headers });
    return ((await res.json()) as { words: string[] }).words;
    function localStorageToken(): string | null {
      try {
        return (JSON.parse(localStorage.getItem("tw:player") ?? "null") as { token: string } | null)?.token ?? null;
      } catch {
        return null;
      }
    }
  }, date);
}

async function tapWord(frame: FrameLocator, path: readonly (readonly [number, number])[]): Promise<void> {
  const tiles = frame.locator("[data-board] .tile");
  for (const [r, c] of path) await tiles.nth(r * 4 + c).click();
  const [lr, lc] = path[path.length - 1]!;
  await tiles.nth(lr * 4 + lc).click();
}

const cases: { storage: ThirdPartyStorage; viewport: ViewportName }[] = [
  { storage: "blocked", viewport: "desktop" },
  { storage: "blocked", viewport: "phone" },
  { storage: "partitioned", viewport: "phone" },
];

for (const { storage, viewport } of cases) {
  test(`on another site (storage ${storage}, ${viewport}): play a word, reload, the same round comes back`, async () => {
    const puzzle = await todayPuzzle();
    const { page, errors } = await browsers[storage].open(thirdPartyUrl, { viewport });
    expect(new URL(thirdPartyUrl).hostname).not.toBe(new URL(baseUrl).hostname);
    const iframe = page.locator("iframe");
    await iframe.waitFor();
    // Inserted where the script tag stands: between the intro and the text after it.
    expect(await page.evaluate<string>(`document.querySelector("iframe")?.nextElementSibling?.id`)).toBe("after");
    expect(await iframe.getAttribute("src")).toBe(`${baseUrl}/embed?date=today`);
    // What the frame may keep, as this browser has it.
    const blocked = await embedFrame(page).evaluate(() => {
      try {
        localStorage.setItem("tw:check", "1");
        return false;
      } catch {
        return true;
      }
    });
    expect(blocked).toBe(storage === "blocked");

    const frame = page.frameLocator("iframe");
    await startRound(frame);
    // Playable: no notice about storage (the frame keeps its player in its cookie).
    expect(await frame.locator("[data-embed-keeps-nothing]").isHidden()).toBe(true);
    const word = plainWords(puzzle)[0]!;
    await tapWord(frame, word.path);
    await expect.poll(() => frame.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
    await expect.poll(() => frame.locator("[data-score]").textContent()).toBe(String(word.points));
    await expect.poll(() => frame.locator("[data-found-list] li.is-pending").count()).toBe(0);
    await fitsContent(page);

    // The server has the word (where nothing is stored the receipt goes at once; else at the
    // round's end or when the page goes away, so this waits for the round's end at worst).
    if (storage === "blocked") await expect.poll(() => serverWords(page, puzzle.date), { timeout: 30_000, interval: 1000 }).toEqual([word.word]);
    await page.reload();
    // The round comes back by itself (from storage, or from the server where nothing is stored): no Start button, no second round.
    await expect.poll(() => frame.locator("[data-found-list] li").allTextContents(), { timeout: 20_000 }).toEqual([word.word]);
    expect(await frame.getByRole("button", { name: startButtonName }).isHidden()).toBe(true);
    await expect.poll(() => frame.locator("[data-score]").textContent()).toBe(String(word.points));
    // Still no other player: no link panel, since the frame knows its player.
    expect(await frame.getByRole("region", { name: "Played on Tumbleword before?" }).isHidden()).toBe(true);
    await fitsContent(page);
    expect(errors).toEqual([]);
  });
}

test("a past day (data-date) on another site with storage blocked: an unranked replay, resumed by itself after a reload", async () => {
  const date = addDays((await todayPuzzle()).date, -1);
  const { page, errors } = await browsers.blocked.open(`${thirdPartyUrl}/?date=${date}`, { viewport: "phone" });
  expect(await page.locator("iframe").getAttribute("src")).toBe(`${baseUrl}/embed?date=${date}`);
  const frame = page.frameLocator("iframe");
  const replay = frame.getByRole("button", { name: MESSAGES.en.playPast });
  await replay.click();
  await expect.poll(() => frame.locator("[data-game-root]").getAttribute("data-phase")).toBe("free");
  expect(await frame.locator("[data-game-root]").getAttribute("data-date")).toBe(date);
  await fitsContent(page);
  await page.reload();
  // The replay's round is the server's: the frame (its player in its cookie) picks it up without a tap.
  await expect.poll(() => frame.locator("[data-game-root]").getAttribute("data-phase")).toBe("free");
  expect(await replay.isHidden()).toBe(true);
  expect(errors).toEqual([]);
});

test("the iframe ignores resize messages from anyone but its frame; the link back to the full game", async () => {
  const { page } = await browsers.blocked.open(thirdPartyUrl);
  const frame = page.frameLocator("iframe");
  await frame.getByRole("button", { name: startButtonName }).waitFor();
  await fitsContent(page);
  const before = await frameHeight(page);
  // Messages a window posts to itself arrive in order: once the second has, the first was handled.
  await page.evaluate(`new Promise((handled) => {
    window.postMessage({ type: "tumbleword:resize", height: 1234 }, "*");
    window.addEventListener("message", (e) => { if (e.data === "after") handled(); });
    window.postMessage("after", "*");
  })`);
  expect(await frameHeight(page)).toBe(before);
  expect(await frame.getByRole("link", { name: "Open the full game on Tumbleword" }).getAttribute("href")).toBe("/");
});

test("data-lang=\"fr\" on another site: the frame and its words are French, and it plays", async () => {
  const fr = MESSAGES.fr;
  const { page, errors } = await browsers.blocked.open(`${thirdPartyUrl}/?lang=fr`, { viewport: "phone" });
  expect(await page.locator("iframe").getAttribute("src")).toBe(`${baseUrl}/embed?date=today&lang=fr`);
  const frame = page.frameLocator("iframe");
  const start = frame.getByRole("button", { name: /^Lancer la manche/ });
  await start.waitFor();
  expect(await embedFrame(page).evaluate<string>("document.documentElement.lang")).toBe("fr");
  expect(await frame.locator("[data-game-root]").getAttribute("data-board-lang")).toBe("fr");
  await start.click();
  await expect.poll(() => frame.locator("[data-feedback]").textContent()).toBe(fr.go);
  await judgeReady(frame);
  await fitsContent(page);
  expect(errors).toEqual([]);
});

test("where the frame can keep nothing at all, it plays today's board unranked in memory and says so in one line, in the frame's language", async () => {
  const { page, context, errors } = await browsers.blocked.open(`${thirdPartyUrl}/?lang=fr`);
  // A browser that refuses even the frame's partitioned cookie: the Worker's probe never comes back.
  await context.route(`${baseUrl}/api/embed/session`, (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ cookies: false, player: null }) }));
  const creations: string[] = [];
  page.on("request", (req) => {
    if (req.method() === "POST" && new URL(req.url()).pathname === "/api/players") creations.push(req.url());
    if (req.method() === "POST" && /\/rounds$/.test(new URL(req.url()).pathname)) creations.push(req.url());
  });
  await page.reload();
  const frame = page.frameLocator("iframe");
  const notice = frame.locator("[data-embed-keeps-nothing]");
  await notice.waitFor();
  expect(await notice.textContent()).toContain(FRAME_MESSAGES.fr.keepsNothing);
  // The offer to continue as oneself, in French too.
  await frame.getByRole("region", { name: FRAME_MESSAGES.fr.linkTitle }).waitFor();
  await frame.getByRole("button", { name: /^Lancer la manche/ }).click();
  await expect.poll(() => frame.locator("[data-game-root]").getAttribute("data-phase")).toBe("free");
  await expect.poll(() => frame.locator("[data-feedback]").textContent()).toBe(MESSAGES.fr.goFree);
  // No player and no round were made: a reload would otherwise be one more ranked round.
  expect(creations).toEqual([]);
  await fitsContent(page);
  expect(errors).toEqual([]);
});

test("a live room and a league's table embed on another site too, sized to their content", async () => {
  const created = (await (await fetch(`${baseUrl}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Host" }) })).json()) as { code: string };
  const room = await browsers.blocked.open(`${thirdPartyUrl}/?room=${created.code}`, { viewport: "phone" });
  const roomFrame = room.page.frameLocator("iframe");
  await roomFrame.locator("[data-join-form]").getByLabel("Your name").fill("Framed");
  await roomFrame.getByRole("button", { name: "Join" }).click();
  await expect.poll(() => roomFrame.locator("[data-room-players] li").allTextContents()).toEqual(["Host (host, away): 0 words", "Framed (you): 0 words"]);
  await fitsContent(room.page);

  const owner = (await (await fetch(`${baseUrl}/api/players`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" })).json()) as { token: string };
  const league = (await (
    await fetch(`${baseUrl}/api/leagues`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` }, body: JSON.stringify({ name: "Blog readers" }) })
  ).json()) as { embedKey: string };
  // A league is embedded by its read-only embed key, never its invite code.
  const table = await browsers.blocked.open(`${thirdPartyUrl}/?league=${league.embedKey}`);
  const tableFrame = table.page.frameLocator("iframe");
  await expect.poll(() => tableFrame.locator("[data-embed-league-name]").textContent()).toBe("Blog readers");
  await fitsContent(table.page);
  expect([...room.errors, ...table.errors]).toEqual([]);
});

test("the embed page honours ?theme=dark and the widget snippet dialog shows the tag to copy", async () => {
  const { page } = await browsers.blocked.open("/embed?date=today&theme=dark");
  expect(await page.evaluate<string>("document.documentElement.dataset.theme")).toBe("dark");
  const background = await page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
  expect(background).toBe("rgb(20, 22, 26)");

  const home = await browsers.blocked.open("/");
  await home.page.getByRole("button", { name: "Embed this board" }).click();
  const code = home.page.getByRole("dialog", { name: "Embed this board" }).getByLabel("Snippet");
  expect(await code.inputValue()).toBe(`<script src="${baseUrl}/widget.js" data-date="today" async></script>`);
});
