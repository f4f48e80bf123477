// Definitions for every word a player can see: function words from the project's own list (THE,
// THESE), irregular forms through WordNet's exception lists (WORE -> wear, MICE -> mouse), and no
// request that fails while the daily solution opens (the page asks only for shards that exist).
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { judgeReady, roundOver, screenshot, useBrowser } from "./fixture.ts";
import { startRound } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser();

/** Every request of the page that failed or answered 4xx/5xx, as "STATUS url". */
function failedRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on("requestfailed", (request) => failed.push(`failed ${request.url()}`));
  page.on("response", (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  return failed;
}

test("a practice game's missed words show THE, THESE, WORE and MICE defined", async () => {
  // THE and THESE across the top, WORE and MICE on rows of their own.
  const { page, errors } = await browser.open("/practice?board=thes/wore/mice/dalt", { viewport: "phone" });
  const failed = failedRequests(page);
  const shards: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (/\/definitions\/.*\.txt$/.test(pathname)) shards.push(pathname);
  });
  // One player: the game starts by itself once the lexicon is in (1.5 MB: slow on a busy machine).
  const finish = page.getByRole("button", { name: "Finish and see the solution" });
  await finish.waitFor({ timeout: 30_000 });
  await finish.click();
  const missed = page.locator("[data-missed]");
  const def = (word: string) => missed.locator(`[data-def="${word}"]`);
  await expect.poll(() => def("the").textContent(), { timeout: 20_000 }).toMatch(/^article: the definite article/);
  expect(await def("these").textContent()).toMatch(/^pronoun: plural of this/);
  expect(await def("wore").textContent()).toBe("(wear) verb: be dressed in");
  expect(await def("mice").textContent()).toMatch(/^\(mouse\) noun: /);
  await def("wore").scrollIntoViewIfNeeded();
  await screenshot(page, "practice-definitions-phone-light");
  // Plain static files (Workers Static Assets), not Worker requests under /api/.
  expect(shards.some((p) => p.endsWith("/th.txt"))).toBe(true);
  expect(shards.every((p) => /^\/definitions\/[0-9a-f]{12}\/[a-z]{1,2}\.txt$/.test(p))).toBe(true);
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});

test("opening the daily solution on a phone makes no failed request, and its words are defined", { timeout: 120_000 }, async () => {
  const { page, errors } = await browser.open("/", { viewport: "phone" });
  await startRound(page);
  await judgeReady(page);
  await roundOver(page, { endsAt: await endRoundIn(page, 3000) });
  // From here on: what opening the solution requests (a reload above may abort a request of the
  // page it leaves, which is not what this test is about).
  const failed = failedRequests(page);
  const card = page.locator("dialog[data-results]");
  await card.getByRole("button", { name: "See the solution" }).click();
  const list = page.locator("[data-solution-list]");
  await list.waitFor();
  // Every word's line is filled once the shards are in; common words all have an entry.
  await expect.poll(() => list.locator("[data-def]:empty").count(), { timeout: 20_000 }).toBe(0);
  // Nearly every everyday word has an entry (97 % of the tier; docs/definitions.md); the few
  // without one say so plainly. Boards differ from run to run (the secret is random).
  const common = await list.locator("li.is-missed-common [data-def]").count();
  const commonUndefined = await list.locator("li.is-missed-common [data-def].is-none").allTextContents();
  expect(common).toBeGreaterThan(10);
  expect(commonUndefined.length).toBeLessThanOrEqual(Math.ceil(common * 0.1));
  expect(commonUndefined.every((text) => text === "no entry")).toBe(true);
  // A word with no entry (a rare one: most boards have dozens) says what it is, with a link to look it up.
  const undefinedWord = list.locator("li", { has: page.locator("[data-def].is-none") }).first();
  await undefinedWord.locator("button").first().click();
  const word = (await undefinedWord.locator("[data-def]").getAttribute("data-def"))!;
  const detail = page.locator("[data-word-detail]");
  await expect.poll(() => detail.locator("[data-definition]").textContent()).toMatch(/^Not in our dictionary: a rare word/);
  expect(await detail.getByRole("link", { name: "Look it up on Wiktionary" }).getAttribute("href")).toBe(`https://en.wiktionary.org/wiki/Special:Search?search=${word}&go=Go`);
  expect(failed).toEqual([]);
  expect(errors).toEqual([]);
});
