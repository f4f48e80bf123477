// Today's puzzle in a real browser against the real Worker: board, the three input methods,
// verdicts, persistence, leaderboard, keyboard-only play, and the end of the ranked round.
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, test } from "vitest";
import { roundOver, screenshotDir, useBrowser } from "./fixture.ts";
import { type TodayPuzzle, baseUrl, dragPath, offBoardWord, plainWords, startButtonName, startRound, todayPuzzle, traceableNonWord } from "./helpers.ts";

const browser = useBrowser();
let puzzle: TodayPuzzle;
/** A player whose round starts first and whose end the last test waits for (real time, ROUND_SECONDS). */
let roundEndPage: Page;
let roundStartedAt: number;
/** When that page sent receipt syncs (device clock). */
const receiptSyncsAt: number[] = [];

const score = (page: Page) => page.locator("[data-score]").textContent().then(Number);
const feedback = (page: Page) => page.locator("[data-feedback]");
const gameBoard = (page: Page) => page.locator("[data-board]");

beforeAll(async () => {
  puzzle = await todayPuzzle();
  expect(plainWords(puzzle).length).toBeGreaterThan(4);
  ({ page: roundEndPage } = await browser.open("/"));
  roundEndPage.on("request", (request) => {
    if (request.url().endsWith("/receipts")) receiptSyncsAt.push(Date.now());
  });
  roundStartedAt = Date.now();
  await startRound(roundEndPage);
  // One word found at once, while the short round is surely open (the other tests run meanwhile).
  const word = plainWords(puzzle)[0];
  await roundEndPage.locator("[data-word]").fill(word.word);
  await roundEndPage.locator("[data-word]").press("Enter");
  await roundEndPage.locator("[data-feedback]", { hasText: new RegExp(`^${word.word.toUpperCase()} \\+${word.points}$`) }).waitFor();
});

describe("today's puzzle", () => {
  test("the board shows 16 tiles, named by row, column and letter", async () => {
    const { page, errors } = await browser.open("/");
    await expect.poll(() => page.locator("[data-title]").textContent()).toMatch(/^Tumbleword #\d+$/);
    await startRound(page);
    const tiles = gameBoard(page).getByRole("button", { name: /^row [1-4], column [1-4], letters? [A-Z][a-z]?$/ });
    await expect.poll(() => tiles.count()).toBe(16);
    const [r, c] = [1, 2];
    const face = puzzle.board.faces[r * 4 + c];
    const label = face[0].toUpperCase() + face.slice(1);
    expect(await tiles.nth(r * 4 + c).getAttribute("aria-label")).toBe(`row 2, column 3, ${face.length > 1 ? "letters" : "letter"} ${label}`);
    expect(errors).toEqual([]);
  });

  test("a word learned from the engine, typed on the keyboard, is accepted and the score rises", async () => {
    const { page, errors, context } = await browser.open("/");
    await startRound(page);
    const word = plainWords(puzzle, 4)[0] ?? plainWords(puzzle)[0];
    expect(await score(page)).toBe(0);
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    await page.keyboard.type(word.word);
    // The path of the typed letters lights up live, as many tiles as letters.
    await expect.poll(() => gameBoard(page).locator(".tile.is-on-path").count()).toBe(word.path.length);
    await page.keyboard.press("Enter");
    await expect.poll(() => feedback(page).textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
    await expect.poll(() => score(page)).toBe(word.points);
    await expect.poll(() => page.locator("[data-found-list] li").allTextContents()).toEqual([word.word]);
    // And the server agrees: the word is no longer pending.
    await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
    // Sharing (no Web Share API in headless Chromium): a spoiler-free result on the clipboard.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await page.getByRole("button", { name: "Share result" }).click();
    await expect.poll(() => feedback(page).textContent()).toBe("Result copied to the clipboard.");
    const shared = await page.evaluate<string>("navigator.clipboard.readText()");
    // Shared mid-round: the text says the score is partial, and pictures the words by length; an
    // obscure word's points are said to be bonus.
    const block = [..."🟨🟩🟦🟪🟥"][Math.min(4, word.word.length - 3)];
    expect(shared).toMatch(
      new RegExp(`^Tumbleword #\\d+ \\(so far, \\d+:\\d\\d left\\)\n${word.points} point${word.points === 1 ? "" : "s"}${word.common ? "" : ` \\(${word.points} bonus\\)`} · 1 word · [A-Z][a-z-]+( [a-z]+)?\nWords by length:\n${word.word.length} letters ${block} 1\nLongest: ${word.word.length} letters\n${baseUrl}/$`, "u"),
    );
    expect(shared.toLowerCase()).not.toContain(word.word);
    expect(errors).toEqual([]);
  });

  test("a word traced by dragging the mouse is accepted", async () => {
    const { page, errors } = await browser.open("/");
    await startRound(page);
    const word = [...puzzle.words].sort((a, b) => b.path.length - a.path.length)[0];
    await dragPath(page, word.path);
    await expect.poll(() => feedback(page).textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
    await expect.poll(() => score(page)).toBe(word.points);
    expect(errors).toEqual([]);
  });

  test("a non-word is rejected with its reason, and so are too-short and off-board words", async () => {
    const { page } = await browser.open("/");
    await startRound(page);
    const nonWord = traceableNonWord(puzzle);
    await page.locator("[data-word]").fill(nonWord);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => feedback(page).textContent()).toBe(`Not a word: ${nonWord.toUpperCase()} is not in the word list`);
    const two = puzzle.board.faces[0] + puzzle.board.faces[1];
    await page.locator("[data-word]").fill(two.slice(0, 2));
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => feedback(page).textContent()).toMatch(/^Too short: /);
    const offBoard = offBoardWord(puzzle);
    await page.locator("[data-word]").fill(offBoard);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => feedback(page).textContent()).toBe(`Not on the board: ${offBoard.toUpperCase()} can't be traced here`);
    expect(await score(page)).toBe(0);
    await expect.poll(() => feedback(page).getAttribute("role")).toBe("status");
  });

  test("a reload keeps the found words", async () => {
    const { page } = await browser.open("/");
    await startRound(page);
    const words = plainWords(puzzle).slice(0, 2);
    for (const w of words) {
      await page.locator("[data-word]").fill(w.word);
      await page.locator("[data-word]").press("Enter");
      await expect.poll(() => feedback(page).textContent()).toBe(`${w.word.toUpperCase()} +${w.points}`);
    }
    // Listed longest first, then alphabetically.
    const expected = words.map((w) => w.word).sort((a, b) => b.length - a.length || a.localeCompare(b));
    await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.locator("[data-found-list] li").allTextContents()).toEqual(expected);
    expect(await score(page)).toBe(words.reduce((sum, w) => sum + w.points, 0));
    // Still inside the same ranked round: the board is open and the timer runs.
    await expect.poll(() => page.locator("[data-timer]").textContent()).toMatch(/^[0-2]:\d\d$/);
  });

  test("the player shows on the leaderboard, highlighted, under the chosen name, and in their stats", async () => {
    const { page } = await browser.open("/");
    await startRound(page);
    const word = plainWords(puzzle)[0];
    await page.locator("[data-word]").fill(word.word);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
    // A running ranked round syncs nothing until it ends; leaving the page sends its receipts by
    // beacon (sync.test.ts tests that alone). Wait until the server counts the word, so this test
    // is about the pages, not the sync's timing.
    const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem("tw:player")).token`);
    const stored = async () => {
      const res = await fetch(`${baseUrl}/api/puzzles/today/leaderboard/me`, { headers: { authorization: `Bearer ${token}` } });
      return ((await res.json()) as { you: { score: number } | null }).you?.score ?? null;
    };
    await page.goto("/leaderboard");
    await expect.poll(stored, { timeout: 40_000, interval: 1_000 }).toBe(word.points);
    const name = "Tester Dailyround";
    await page.getByLabel("Shown on the leaderboard (up to 20 characters)").fill(name);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect.poll(() => page.locator("[data-name-feedback]").textContent()).toBe(`Saved: you appear as "${name}".`);
    // The shared page (cached for a few seconds) catches up.
    const mine = page.locator("[data-lb-rows] tr.you");
    // A first-time player's top-10 place is provisional (fair play: no record yet), and says so.
    await expect.poll(() => mine.locator("td").nth(1).textContent(), { timeout: 30_000 }).toMatch(new RegExp(`^${name} \\(you\\)( provisional)?$`));
    const rank = Number(await mine.locator("td").nth(0).textContent());
    expect(await mine.locator("[data-provisional]").count()).toBe(rank <= 10 ? 1 : 0);
    if (rank <= 10) expect(await mine.locator("[data-provisional]").getAttribute("data-provisional")).toBe("new");
    await expect.poll(() => page.locator("[data-lb-updated]").textContent()).toMatch(/^updated (now|\d+ seconds ago)$/);
    expect(await mine.count()).toBe(1);
    await expect.poll(() => mine.locator("td").nth(2).textContent(), { timeout: 30_000 }).toBe(String(word.points));
    expect(Number((await mine.locator("td").allTextContents())[3])).toBe(1);
    // Your rank (live) and your row's (a page cached a few seconds) agree once the page refreshes:
    // other files' rounds end and sync meanwhile.
    const agree = async () => {
      const rank = (await mine.locator("td").allTextContents())[0];
      return new RegExp(`^You: rank ${rank} of \\d+ with ${word.points} points?,`).test((await page.locator("[data-lb-you]").textContent()) ?? "");
    };
    await expect.poll(agree, { timeout: 30_000 }).toBe(true);
    // The live line marks a provisional place too.
    const liveRank = Number(/^You: rank (\d+)/.exec((await page.locator("[data-lb-you]").textContent()) ?? "")?.[1]);
    expect(await page.locator("[data-lb-you] [data-provisional]").count()).toBe(liveRank <= 10 ? 1 : 0);
    // Personal stats come from the API for this player: one ranked puzzle, best score, history.
    await page.goto("/stats");
    await expect.poll(() => page.locator("[data-stats-played]").textContent()).toBe("1");
    await expect.poll(() => page.locator("[data-stats-best]").textContent()).toBe(String(word.points));
    expect(await page.locator("[data-stats-streak]").textContent()).toBe("1");
    expect(await page.locator("[data-stats-best]").textContent()).toBe(String(word.points));
    expect(await page.locator("[data-stats-rows] tr td").allTextContents()).toEqual([expect.any(String), "ranked", String(word.points), "1"]);
  });

  test("keyboard-only play: Tab to Start, arrows across the tiles, Enter picks and submits", async () => {
    const { page } = await browser.open("/");
    await expect.poll(() => page.getByRole("button", { name: startButtonName }).isVisible()).toBe(true);
    // Tab from the top of the page until the Start button has focus, then press Enter.
    for (let i = 0; i < 20 && !(await page.evaluate<boolean>(`document.activeElement?.hasAttribute("data-start") ?? false`)); i++) {
      await page.keyboard.press("Tab");
    }
    await page.keyboard.press("Enter");
    await gameBoard(page).getByRole("button", { name: /^row 1, column 1, letters? / }).waitFor();
    // Focus lands in the word field; Shift+Tab back to the board's single tab stop (tile 1,1).
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate<string>(`document.activeElement?.getAttribute("aria-label") ?? ""`)).toMatch(/^row 1, column 1, /);
    const word = plainWords(puzzle)[1] ?? plainWords(puzzle)[0];
    let at: [number, number] = [0, 0];
    for (const [r, c] of word.path) {
      while (at[0] < r) (await page.keyboard.press("ArrowDown"), (at = [at[0] + 1, at[1]]));
      while (at[0] > r) (await page.keyboard.press("ArrowUp"), (at = [at[0] - 1, at[1]]));
      while (at[1] < c) (await page.keyboard.press("ArrowRight"), (at = [at[0], at[1] + 1]));
      while (at[1] > c) (await page.keyboard.press("ArrowLeft"), (at = [at[0], at[1] - 1]));
      await page.keyboard.press("Enter");
    }
    expect(await page.locator("[data-word]").inputValue()).toBe(word.word);
    await page.keyboard.press("Enter"); // the last tile again submits
    await expect.poll(() => feedback(page).textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
    await expect.poll(() => score(page)).toBe(word.points);
  });

  test("the round ends on the page's clock at the server's end time, and the solution appears", { timeout: 240_000 }, async () => {
    const page = roundEndPage;
    const word = plainWords(puzzle)[0];
    // Real time: the page ends the round by its own clock when the server's endsAt comes (the
    // server then refuses words and gives the solution once its grace period is over).
    await roundOver(page, roundStartedAt);
    await expect.poll(() => page.locator("[data-status]").textContent(), { timeout: 10_000 }).toMatch(/^Time's up! Ranked result: \d+ points?, \d+ words?\./);
    // A running ranked round sends no sync (each is a queue message and D1 writes): its
    // receipts wait in storage and go in one sync when it ends.
    const endsAt = await page.evaluate<number>(`JSON.parse(localStorage.getItem("tw:game:${puzzle.date}")).endsAt`);
    await expect.poll(() => receiptSyncsAt.length).toBeGreaterThan(0);
    expect(receiptSyncsAt.filter((at) => at < endsAt)).toEqual([]);
    // The results card opens by itself; closed, the page is played on.
    const card = page.getByRole("dialog", { name: /your result/ });
    await card.waitFor();
    await card.getByRole("button", { name: "Close" }).click();
    await card.waitFor({ state: "hidden" });
    const summary = page.locator("[data-solution-summary]");
    await expect.poll(() => summary.isVisible(), { timeout: 40_000 }).toBe(true);
    // Counts as the page writes them (Intl.NumberFormat: a board of 1,033 points on the longest day).
    const number = new Intl.NumberFormat("en");
    expect(await summary.textContent()).toBe(`Solution: ${number.format(puzzle.words.length)} words, ${number.format(puzzle.words.reduce((s, w) => s + w.points, 0))} points (you found 1)`);
    await summary.click();
    const listed = await page.locator("[data-solution-list] .sol-word").allTextContents();
    expect(listed.sort()).toEqual(puzzle.words.map((w) => w.word).sort());
    // Hovering a word draws its path on the solution board.
    const other = puzzle.words.find((w) => w.word !== word.word)!;
    await page.locator("[data-solution-list] .sol-word", { hasText: new RegExp(`^${other.word}$`) }).hover();
    await expect.poll(() => page.locator("[data-solution-board] .tile.is-on-path").count()).toBe(other.path.length);
    // Tapping a tile of the solution board lists the words through it.
    const [r, c] = other.path[0];
    await page.locator("[data-solution-board] .tile").nth(r * 4 + c).click();
    const through = puzzle.words.filter((w) => w.path.some(([pr, pc]) => pr === r && pc === c));
    await expect.poll(() => page.locator("[data-tile-words]").textContent()).toMatch(new RegExp(`^${through.length} words? through `));
    expect(await page.locator("[data-tile-words]").textContent()).toContain(other.word);
    await page.screenshot({ path: path.join(screenshotDir, "home-after-round-desktop-light.png"), fullPage: true });
    // Free play goes on after the round, unranked.
    const free = plainWords(puzzle).find((w) => w.word !== word.word)!;
    await page.locator("[data-word]").fill(free.word);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => feedback(page).textContent()).toBe(`${free.word.toUpperCase()} +${free.points}`);
    await expect.poll(() => page.locator("[data-found-list] li.is-free").allTextContents()).toEqual([free.word]);
  });
});
