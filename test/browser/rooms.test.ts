// Three players in one live room, each in their own browser context: they see the same board at
// the same moment, two of them find the same word (struck for both), one reloads mid-round and
// keeps its words, and every page shows the same results.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { Lexicon, RULES, boardFromRows, solve } from "#engine";
import { boardRowsOf, screenshot, useBrowser } from "./fixture.ts";
import { baseUrl, root } from "./helpers.ts";

const browser = useBrowser();

/** The shortest round the room's menu offers past 15 s: long enough for three pages to play in on a busy machine. */
const ROUND_SECONDS = "30";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

async function enterWord(page: Page, word: string): Promise<void> {
  await page.locator("[data-word]").fill(word);
  await page.locator("[data-word]").press("Enter");
  // Accepted by the room: listed without the pending mark.
  await page.locator("[data-your-words] li:not(.is-pending)", { hasText: new RegExp(`^${word} \\d+$`) }).waitFor();
}

test("three pages in one room: one board at once, struck overlaps, a reload keeps its words, the same results", { timeout: 150_000 }, async () => {
  const host = await browser.open("/room");
  const create = host.page.locator("[data-create-form]");
  await create.getByLabel("Your name").fill("Ann");
  await create.getByLabel("Board").selectOption("4");
  await create.getByLabel("Rules").selectOption("classic");
  await create.getByLabel("Round length").selectOption(ROUND_SECONDS);
  await host.page.getByRole("button", { name: "Create the room" }).click();
  await host.page.waitForURL(/\/room\/[A-Z]{4}$/);
  const code = /\/room\/([A-Z]{4})$/.exec(host.page.url())![1];
  await host.page.getByText("Everyone in? Pick the board and start the round.").waitFor();

  const guests = [];
  // Cat plays on a phone: the results must come into view there too.
  for (const name of ["Ben", "Cat"]) {
    const guest = await browser.open(`/room/${code}`, { viewport: name === "Cat" ? "phone" : "desktop" });
    await guest.page.locator("[data-join-form]").getByLabel("Your name").fill(name);
    await guest.page.getByRole("button", { name: "Join" }).click();
    await guest.page.getByText("Waiting for the host to start the round.").waitFor();
    guests.push(guest);
  }
  const [ben, cat] = guests;
  const pages = [host.page, ben.page, cat.page];
  await host.page.locator("[data-room-players] li").nth(2).waitFor();
  await expect.poll(() => host.page.locator("[data-room-players] li").allTextContents()).toEqual(["Ann (host, you): 0 words", "Ben: 0 words", "Cat: 0 words"]);

  await host.page.getByRole("button", { name: "Start the round" }).click();
  // Every page counts down with the board hidden, then shows it: note when each one could type.
  const shownAt = await Promise.all(
    pages.map(async (page) => {
      await page.locator("[data-word]:not([disabled])").waitFor({ timeout: 20_000 });
      return Date.now();
    }),
  );
  expect(Math.max(...shownAt) - Math.min(...shownAt)).toBeLessThan(2000);
  const boards = await Promise.all(pages.map(boardRowsOf));
  expect(boards[1]).toEqual(boards[0]);
  expect(boards[2]).toEqual(boards[0]);

  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon/english.bin")));
  const solution = solve(boardFromRows(boards[0]), lexicon, RULES.classic).words;
  const words = solution.filter((w) => w.path.length === w.word.length).map((w) => w.word);
  expect(words.length).toBeGreaterThanOrEqual(5);
  const [shared, annOnly, benOnly, catFirst, catAfterReload] = words;

  await enterWord(host.page, shared);
  await enterWord(ben.page, shared);
  await enterWord(host.page, annOnly);
  await enterWord(ben.page, benOnly);
  await enterWord(cat.page, catFirst);
  // The others see Cat's count, not the word.
  await host.page.locator("[data-room-players] li", { hasText: "Cat: 1 word" }).waitFor();

  await cat.page.reload();
  await cat.page.locator("[data-your-words] li", { hasText: new RegExp(`^${catFirst} \\d+$`) }).waitFor();
  await cat.page.locator("[data-word]:not([disabled])").waitFor();
  await enterWord(cat.page, catAfterReload);
  expect(await cat.page.locator("[data-your-words] li").count()).toBe(2);

  // The room's alarm ends the round; every page shows the results.
  for (const page of pages) await page.locator("[data-room-results]:not([hidden])").waitFor({ timeout: 60_000 });
  const tables = await Promise.all(pages.map((page) => page.locator("[data-results-table] tbody tr").allTextContents()));
  const withoutYou = tables.map((rows) => rows.map((row) => row.replace(" (you)", "")));
  expect(withoutYou[1]).toEqual(withoutYou[0]);
  expect(withoutYou[2]).toEqual(withoutYou[0]);
  expect(withoutYou[0]).toHaveLength(3);
  for (const page of pages) {
    for (const name of ["Ann", "Ben"]) {
      await expect.poll(() => page.locator(`[data-result-player="${name}"] s`).allTextContents()).toEqual([shared]);
    }
    await expect.poll(() => page.locator(`[data-result-player="Cat"] li`).allTextContents()).toEqual(
      [catFirst, catAfterReload].sort().map((w) => expect.stringMatching(new RegExp(`^${w} \\d+$`))),
    );
    // Words nobody found: everyday ones listed, obscure ones apart.
    const everyday = await page.locator("[data-room-missed] li").allTextContents();
    const missed = [...everyday, ...(await page.locator("[data-room-obscure] li").allTextContents())];
    expect(missed).toHaveLength(solution.length - 5);
    for (const w of [shared, annOnly, benOnly, catFirst, catAfterReload]) expect(missed.some((m) => m.startsWith(`${w} `))).toBe(false);
    const common = new Set(solution.filter((w) => w.common).map((w) => w.word));
    expect(everyday.every((m) => common.has(m.split(" ")[0]))).toBe(true);
    // After the round the players panel gives points, and the legend says what a struck word is.
    await expect.poll(() => page.locator("[data-room-players] li").allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^Ann.*: \d+ points?$/)]));
    expect(await page.locator(".room-legend").textContent()).toContain("found by two or more players");
  }
  // On the phone, the results heading is brought into view and focused, the outcome announced,
  // and the last verdict cleared.
  await expect.poll(() => cat.page.evaluate<string | undefined>("document.activeElement?.id")).toBe("room-results-title");
  const heading = await cat.page.locator("#room-results-title").boundingBox();
  expect(heading!.y).toBeGreaterThanOrEqual(0);
  expect(heading!.y + heading!.height).toBeLessThanOrEqual(844);
  expect(await cat.page.locator("[data-room-announce]").textContent()).toMatch(/^Round over: .+ You are #\d of 3 with \d+ points?\.$/);
  expect(await cat.page.locator("[data-feedback]").textContent()).toBe("");
  // Every text of the results, the struck chips and their legend included, meets 4.5:1 (axe's contrast rule).
  await cat.page.evaluate(axeSource);
  const lowContrast = await cat.page.evaluate<string[]>(
    `axe.run(document.querySelector("[data-room-results]"), { runOnly: ["color-contrast"] }).then((r) => r.violations.flatMap((v) => v.nodes.map((n) => n.target.join(" "))))`,
  );
  expect(lowContrast).toEqual([]);
  expect(await cat.page.locator("[data-room-results] li[data-struck]").count()).toBeGreaterThan(2);
  await screenshot(cat.page, "room-results-phone-light");
  await host.page.getByRole("button", { name: "Play again with a new board" }).waitFor();
  expect([...host.errors, ...ben.errors, ...cat.errors]).toEqual([]);
  for (const p of [host, ben, cat]) await p.context.close();
});

test("the embed page shows a room; an unknown room gets a clear message", async () => {
  const created = (await (
    await fetch(`${baseUrl}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "Host" }) })
  ).json()) as { code: string };
  const embed = await browser.open(`/embed?room=${created.code}`, { width: 420, height: 800 });
  await embed.page.locator("[data-join-form]").getByLabel("Your name").fill("Framed");
  await embed.page.getByRole("button", { name: "Join" }).click();
  await expect.poll(() => embed.page.locator("[data-room-players] li").allTextContents()).toEqual(["Host (host, away): 0 words", "Framed (you): 0 words"]);
  // The host never connected: while the host is away anyone may start.
  await embed.page.getByText("The host is away: anyone can start the round.").waitFor();
  await embed.page.getByRole("button", { name: "Start the round" }).waitFor();
  expect(await embed.page.locator("[data-game-root]").count()).toBe(0);

  const unknown = await browser.open("/room/ZZZZ");
  await unknown.page.getByText("There is no room ZZZZ.", { exact: false }).waitFor();
  expect([...embed.errors, ...unknown.errors]).toEqual([]);
  await embed.context.close();
  await unknown.context.close();
});

test("on a 390x844 phone a player sees the verdict of the word just entered, and the host sees Play again when the round ends, without scrolling", { timeout: 120_000 }, async () => {
  const host = await browser.open("/room", { viewport: "phone" });
  const create = host.page.locator("[data-create-form]");
  await create.getByLabel("Your name").fill("Hana");
  await create.getByLabel("Board").selectOption("4");
  await create.getByLabel("Rules").selectOption("classic");
  await create.getByLabel("Round length").selectOption("15");
  await host.page.getByRole("button", { name: "Create the room" }).click();
  await host.page.waitForURL(/\/room\/[A-Z]{4}$/);
  const code = /\/room\/([A-Z]{4})$/.exec(host.page.url())![1];
  const guest = await browser.open(`/room/${code}`, { viewport: "phone" });
  await guest.page.locator("[data-join-form]").getByLabel("Your name").fill("Gus");
  await guest.page.getByRole("button", { name: "Join" }).click();
  await guest.page.getByText("Waiting for the host to start the round.").waitFor();
  await host.page.getByRole("button", { name: "Start the round" }).click();
  await guest.page.locator("[data-word]:not([disabled])").waitFor({ timeout: 20_000 });

  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon/english.bin")));
  const word = solve(boardFromRows(await boardRowsOf(guest.page)), lexicon, RULES.classic).words.find((w) => w.path.length === w.word.length)!.word;
  const inView = async (page: Page, selector: string) => {
    const box = (await page.locator(selector).boundingBox())!;
    return box.y >= 0 && box.y + box.height <= 844;
  };
  // The player types (no scrolling by the test): the verdict line is on the screen.
  await guest.page.locator("[data-word]").fill(word);
  await guest.page.locator("[data-word]").press("Enter");
  await expect.poll(() => guest.page.locator("[data-feedback]").textContent()).toMatch(new RegExp(`^${word.toUpperCase()}`, "i"));
  expect(await inView(guest.page, "[data-feedback]")).toBe(true);
  await guest.page.locator("[data-word]").fill("zzzq");
  await guest.page.locator("[data-word]").press("Enter");
  await expect.poll(() => guest.page.locator("[data-feedback]").textContent()).toMatch(/ZZZQ/);
  expect(await inView(guest.page, "[data-feedback]")).toBe(true);

  // The round ends: the host's page shows the results, and Play again on the screen.
  await host.page.locator("[data-room-results]:not([hidden])").waitFor({ timeout: 60_000 });
  const again = host.page.getByRole("button", { name: "Play again with a new board" });
  await again.waitFor();
  await expect.poll(() => inView(host.page, "[data-start-round]")).toBe(true);
  expect(await inView(host.page, "#room-results-title")).toBe(true);
  expect([...host.errors, ...guest.errors]).toEqual([]);
});
