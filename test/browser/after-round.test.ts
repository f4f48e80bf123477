// After the ranked round, on a phone: a hint opened in free play is not part of the ranked
// result (neither on the card nor in its share text), while a hint taken during the round is;
// then /stats draws the round in a labelled histogram, the streak calendar and the best words.
import { expect, test } from "vitest";
import { enterWord, judgeReady, roundOver, screenshot, useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startRound, today, todayPuzzle } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser();

test("a hint opened after the ranked round stays out of the ranked card and share text; stats draw the round", { timeout: 120_000 }, async () => {
  const puzzle = await todayPuzzle();
  const word = plainWords(puzzle).sort((a, b) => b.points - a.points)[0];
  const { page, context, errors } = await browser.open("/", { viewport: "phone" });
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await startRound(page);
  await judgeReady(page);
  await enterWord(page, word.word, `${word.word.toUpperCase()} +${word.points}`);
  // During the round: the first-two-letters hint (it helps the ranked score).
  await page.getByRole("button", { name: "First two letters" }).click();
  await roundOver(page, { endsAt: await endRoundIn(page, 3000) });
  const card = page.locator("dialog[data-results]");
  await card.waitFor();
  expect(await card.locator("[data-results-hints]").textContent()).toBe("first two letters");
  await card.getByRole("button", { name: "Close" }).click();

  // Free play: the length grid.
  await page.getByRole("button", { name: "Words left by length" }).click();
  await page.locator("[data-hint-table] table").waitFor();

  await page.getByRole("button", { name: "Your result" }).click();
  await card.waitFor();
  expect(await card.locator("[data-results-hints]").textContent()).toBe("first two letters");
  await card.getByRole("button", { name: "Share", exact: true }).click();
  await expect.poll(() => card.locator("[data-results-feedback]").textContent()).toBe("Result copied to the clipboard.");
  const shared = await page.evaluate<string>("navigator.clipboard.readText()");
  expect(shared).toContain("Hints: first two letters\n");
  expect(shared).not.toContain("word counts");
  expect(errors).toEqual([]);

  // Stats: one ranked day in the band holding its score, the axes named, today filled in. The
  // round's sync (sent when it ended) goes through the queue: wait until the server counts it.
  const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem("tw:player")).token`);
  const stored = async () => {
    const res = await fetch(`${baseUrl}/api/puzzles/today/leaderboard/me`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { you: { score: number } | null }).you?.score ?? null;
  };
  await expect.poll(stored, { timeout: 40_000 }).toBe(word.points);
  await page.goto("/stats");
  const histogram = page.locator("[data-stats-histogram]");
  await histogram.waitFor();
  const band = histogram.locator("[data-band]").filter({ has: page.locator("text.value", { hasText: /^1$/ }) });
  expect(await band.count()).toBe(1);
  const [from, to = from] = (await band.getAttribute("data-band"))!.split("–").map(Number);
  expect(word.points).toBeGreaterThanOrEqual(from);
  expect(word.points).toBeLessThanOrEqual(to);
  expect(await histogram.locator("text.tick").allTextContents()).toContain(await band.getAttribute("data-band"));
  expect(await histogram.locator("text.axis-title").allTextContents()).toEqual(["Days", "Score (points)"]);
  expect(await histogram.getAttribute("aria-label")).toContain("1 ranked day");
  const todayCell = page.locator(`[data-stats-calendar] rect[data-date="${today}"]`);
  expect(await todayCell.getAttribute("class")).toBe("is-played");
  expect(await page.locator("[data-stats-best-words] li").first().textContent()).toMatch(new RegExp(`^${word.word.toUpperCase()} ${word.points} points?`));
  expect(await page.locator("[data-stats-average]").textContent()).toBe(String(word.points));
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `stats-phone-${scheme}`, true);
  }
  await page.setViewportSize({ width: 1200, height: 900 });
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await screenshot(page, `stats-desktop-${scheme}`, true);
  }
  expect(errors).toEqual([]);
});

test("the results card asks an unnamed player for a name: a refused name shows the server's reason, Skip hides it for good", { timeout: 120_000 }, async () => {
  const { page, errors } = await browser.open("/", { viewport: "phone" });
  await startRound(page);
  await judgeReady(page);
  await roundOver(page, { endsAt: await endRoundIn(page, 3000) });
  const card = page.locator("dialog[data-results]");
  await card.waitFor();
  // The best word missed comes with the server's solution, once the round's grace (5 s) is over:
  // the page holds the day's words as hashes only, so it cannot spell it sooner.
  await expect.poll(() => card.locator("[data-results-missed]").textContent(), { timeout: 20_000 }).toMatch(/^[A-Z]+ \(\d+ points?\)$/);
  // Time is up: no spoken countdown is left in the accessibility tree.
  expect(await page.locator("[data-time-warning]").textContent()).toBe("");
  const prompt = card.locator("[data-name-prompt]");
  const field = prompt.getByLabel("Your name on the leaderboard");
  await field.waitFor();
  await screenshot(page, "results-name-prompt-phone-light");
  await page.emulateMedia({ colorScheme: "dark" });
  await screenshot(page, "results-name-prompt-phone-dark");
  // Too long for the server's rules: its reason, and the name is not taken.
  await field.fill("A name far too long for the board");
  await prompt.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => prompt.locator("[data-name-prompt-feedback]").textContent()).toBe("That name can't be used: names are at most 20 characters");
  await field.fill("Wordsmith");
  await prompt.getByRole("button", { name: "Save" }).click();
  await expect.poll(() => prompt.locator("[data-name-prompt-feedback]").textContent()).toBe('Saved: you appear as "Wordsmith".');
  // The leaderboard page's own name field knows it.
  expect(await page.evaluate(() => localStorage.getItem("tw:name"))).toBe("Wordsmith");
  // Reopened, the card no longer asks.
  await card.getByRole("button", { name: "Close" }).click();
  await page.getByRole("button", { name: "Your result" }).click();
  await card.waitFor();
  expect(await prompt.isHidden()).toBe(true);
  expect(errors).toEqual([]);

  // Another player skips: the prompt goes and stays gone after a reload.
  const other = await browser.open("/", { viewport: "phone" });
  await startRound(other.page);
  await judgeReady(other.page);
  await roundOver(other.page, { endsAt: await endRoundIn(other.page, 3000) });
  const otherCard = other.page.locator("dialog[data-results]");
  await otherCard.getByRole("button", { name: "Skip" }).click();
  expect(await otherCard.locator("[data-name-prompt]").isHidden()).toBe(true);
  await other.page.reload();
  await other.page.getByRole("button", { name: "Your result" }).click();
  await otherCard.waitFor();
  expect(await otherCard.locator("[data-name-prompt]").isHidden()).toBe(true);
});
