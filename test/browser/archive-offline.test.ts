// Past puzzles at /play/YYYY-MM-DD (any date, one page behind a _redirects rewrite), marked done
// in the archive; and practice working offline after one visit (service worker + cached lexicon).
import { expect, test } from "vitest";
import { DICE, RULES, boardFromRows, createRng, shake, solve } from "#engine";
import { useBrowser } from "./fixture.ts";
import { baseUrl, todayPuzzle } from "./helpers.ts";


const browser = useBrowser();

test("a past puzzle at /play/YYYY-MM-DD plays unranked, shows its solution, and is marked done", { timeout: 150_000 }, async () => {
  const { lexicon } = await todayPuzzle();
  const archive = (await (await fetch(`${baseUrl}/api/puzzles?limit=2`)).json()) as { puzzles: { date: string; number: number; board: string[][] }[] };
  const past = archive.puzzles[1];
  expect(past, "the launch date in wrangler.toml leaves at least one past puzzle").toBeDefined();
  const word = solve(boardFromRows(past.board), lexicon, RULES.classic).words.find((w) => w.path.length === w.word.length)!;

  const { page, errors } = await browser.open(`/play/${past.date}`);
  expect(new URL(page.url()).pathname).toBe(`/play/${past.date}`);
  await expect.poll(() => page.locator("[data-title]").textContent()).toBe(`Tumbleword #${past.number}`);
  await page.getByRole("button", { name: "Play this puzzle (unranked)" }).click();
  await expect.poll(() => page.locator("[data-word]").isEnabled()).toBe(true);
  await page.locator("[data-word]").fill(word.word);
  await page.locator("[data-word]").press("Enter");
  await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
  await expect.poll(() => page.locator("[data-found-list] li.is-pending").count()).toBe(0);
  await page.getByRole("button", { name: "Show the solution" }).click();
  await expect.poll(() => page.locator("[data-solution-summary]").isVisible()).toBe(true);

  await page.goto("/archive");
  const row = page.locator("[data-archive-rows] tr", { has: page.locator(`a[href="/play/${past.date}"]`) });
  // On a fresh database the archive computes every day's puzzle on first request: allow for it.
  await expect.poll(() => row.locator("td").nth(4).textContent(), { timeout: 90_000 }).toBe("✓ done");
  // A malformed date gets a friendly message, not a broken page.
  await page.goto("/play/not-a-date");
  await expect.poll(() => page.locator("[data-status]").textContent()).toBe('"not-a-date" is not a date: puzzles are addressed as /play/YYYY-MM-DD.');
  expect(errors).toEqual([]);
});

test("practice works offline once the page and the lexicon have been loaded", { timeout: 150_000 }, async () => {
  const { page, context } = await browser.open("/practice?seed=online");
  await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => page.locator("[data-word]").isEnabled(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => page.evaluate<number>("caches.open('tw-lexicon').then((c) => c.keys()).then((k) => k.length)")).toBe(1);

  await context.setOffline(true);
  await page.goto("/practice?seed=offline");
  const board = shake(DICE.new, createRng("practice/offline"));
  await expect.poll(async () => (await page.locator("[data-board] .tile").allTextContents()).map((t) => t.toLowerCase())).toEqual([...board.faces]);
  await expect.poll(() => page.locator("[data-word]").isEnabled(), { timeout: 20_000 }).toBe(true);
  const { lexicon } = await todayPuzzle();
  const word = solve(board, lexicon, RULES.classic).words[0];
  await page.locator("[data-word]").fill(word.word);
  await page.locator("[data-word]").press("Enter");
  await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
});
