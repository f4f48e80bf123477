// The widget on someone else's site: a page on another localhost port includes /widget.js, which
// inserts the /embed iframe where the tag stands; the board is playable inside it, and the iframe
// follows its content's height through postMessage (and ignores messages from anyone else).
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startRound, thirdPartyUrl, todayPuzzle } from "./helpers.ts";


const browser = useBrowser();

test("the embed page, framed by a page served from a different localhost port, is playable", async () => {
  const puzzle = await todayPuzzle();
  const { page, errors } = await browser.open(thirdPartyUrl);
  expect(new URL(thirdPartyUrl).origin).not.toBe(new URL(baseUrl).origin);
  const iframe = page.locator("iframe");
  await iframe.waitFor();
  // Inserted where the script tag stands: between the intro and the text after it.
  expect(await page.evaluate<string>(`document.querySelector("iframe")?.nextElementSibling?.id`)).toBe("after");
  expect(await iframe.getAttribute("src")).toBe(`${baseUrl}/embed?date=today`);

  const frame = page.frameLocator("iframe");
  await startRound(frame);
  const word = plainWords(puzzle)[0];
  // Tap the tiles one by one, then the last one again to submit.
  const tiles = frame.locator("[data-board] .tile");
  for (const [r, c] of word.path) await tiles.nth(r * 4 + c).click();
  const [lr, lc] = word.path[word.path.length - 1];
  await tiles.nth(lr * 4 + lc).click();
  await expect.poll(() => frame.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
  await expect.poll(() => frame.locator("[data-score]").textContent()).toBe(String(word.points));
  await expect.poll(() => frame.locator("[data-found-list] li.is-pending").count()).toBe(0);

  // Resized to its content by the frame's messages, not left at the initial 640 px.
  const frameHeight = () => page.evaluate<number>(`document.querySelector("iframe").getBoundingClientRect().height`);
  const embedFrame = () => page.frames().find((f) => f.url().startsWith(`${baseUrl}/embed`))!;
  const contentHeight = () => embedFrame().evaluate<number>("document.documentElement.scrollHeight");
  await expect.poll(async () => Math.abs((await frameHeight()) - (await contentHeight()))).toBeLessThanOrEqual(2);
  expect(await frameHeight()).not.toBe(640);
  // A message of the right shape from the wrong source (the host page itself) is ignored.
  const before = await frameHeight();
  // Messages a window posts to itself arrive in order: once the second has, the first was handled.
  await page.evaluate(`new Promise((handled) => {
    window.postMessage({ type: "tumbleword:resize", height: 1234 }, "*");
    window.addEventListener("message", (e) => { if (e.data === "after") handled(); });
    window.postMessage("after", "*");
  })`);
  expect(await frameHeight()).toBe(before);
  // The link back to the full game.
  expect(await frame.getByRole("link", { name: "Open the full game on Tumbleword" }).getAttribute("href")).toBe("/");
  expect(errors).toEqual([]);
});

test("the embed page honours ?theme=dark and the widget snippet dialog shows the tag to copy", async () => {
  const { page } = await browser.open("/embed?date=today&theme=dark");
  expect(await page.evaluate<string>("document.documentElement.dataset.theme")).toBe("dark");
  const background = await page.evaluate<string>("getComputedStyle(document.body).backgroundColor");
  expect(background).toBe("rgb(20, 22, 26)");

  const home = await browser.open("/");
  await home.page.getByRole("button", { name: "Embed this board" }).click();
  const code = home.page.getByRole("dialog", { name: "Embed this board" }).getByLabel("Snippet");
  expect(await code.inputValue()).toBe(`<script src="${baseUrl}/widget.js" data-date="today" async></script>`);
});
