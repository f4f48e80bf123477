// The last minute: hints and the length grid during the round, the results card at its end (on a
// phone screen without scrolling, with standing, longest word, best word missed, hints used and
// Share), then the solution with a word's path kept lit and its definition from WordNet.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { enterWord, judgeReady, roundOver, screenshot, useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, root, startRound, todayPuzzle } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser();

/** WordNet glosses as the build compiled them: word -> gloss. */
function glosses(): Map<string, string> {
  const text = readFileSync(path.join(root, "dist/definitions/english.txt"), "utf8");
  return new Map(text.split("\n").filter(Boolean).map((line) => {
    const [word, , gloss] = line.split("\t");
    return [word, gloss];
  }));
}

async function cardFitsScreen(page: Page, height: number): Promise<void> {
  const card = page.locator("dialog[data-results]");
  const box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  // Everything inside is visible without scrolling the card or the page.
  expect(await card.evaluate((d) => d.scrollHeight - d.clientHeight)).toBeLessThanOrEqual(1);
  expect(await card.getByRole("button", { name: "Share", exact: true }).isVisible()).toBe(true);
  expect(await card.getByRole("button", { name: "Share as text" }).isVisible()).toBe(true);
}

test("hints, the results card on a phone and a desktop, and the solution with definitions", { timeout: 180_000 }, async () => {
  const puzzle = await todayPuzzle();
  const [first, second] = plainWords(puzzle).sort((a, b) => b.word.length - a.word.length);
  // Two players at once (a phone and a desktop), so one wait covers both rounds.
  const phone = await browser.open("/", { viewport: "phone" });
  const desktop = await browser.open("/", { viewport: "desktop", colorScheme: "dark" });
  await desktop.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await Promise.all([startRound(phone.page), startRound(desktop.page)]);
  await Promise.all([judgeReady(phone.page), judgeReady(desktop.page)]);

  // Phone: the compact progress line sits right under the word field while playing.
  const p = phone.page;
  await enterWord(p, first.word, `${first.word.toUpperCase()} +${first.points}`);
  // Everyday points against the everyday total; an obscure word's points are a bonus apart.
  const commonPoints = puzzle.words.filter((w) => w.common).reduce((s, w) => s + w.points, 0);
  const everyday = first.common ? first.points : 0;
  const bonus = first.common ? "" : ` + ${first.points} bonus`;
  await expect.poll(() => p.locator("[data-progress-line]").textContent()).toBe(
    `1 word · ${everyday} point${everyday === 1 ? "" : "s"} of ${commonPoints}${bonus} · ${await p.locator("[data-rank]").textContent()}`,
  );
  // In the found list an obscure word is marked as a bonus word.
  const isBonus = await p.locator("[data-found-list] li").first().evaluate((li) => li.classList.contains("is-bonus"));
  expect(isBonus).toBe(!first.common);
  const line = (await p.locator("[data-progress-line]").boundingBox())!;
  expect(line.y + line.height).toBeLessThanOrEqual(844);

  // Desktop: the hints count what is left, by first letter and length.
  const d = desktop.page;
  await enterWord(d, second.word, `${second.word.toUpperCase()} +${second.points}`);
  await d.getByRole("button", { name: "Words left by length" }).click();
  const grid = d.locator("[data-hint-table] table");
  await grid.waitFor();
  // Everyday words only: obscure ones are bonus words, not "left".
  const left = puzzle.words.filter((w) => w.common && w.word !== second.word);
  expect(await grid.locator("tbody tr:last-child td:last-child").textContent()).toBe(String(left.length));
  const letter = left[0].word[0];
  const row = grid.locator("tbody tr", { has: d.locator("th", { hasText: new RegExp(`^${letter.toUpperCase()}$`) }) });
  expect(await row.locator("td:last-child").textContent()).toBe(String(left.filter((w) => w.word[0] === letter).length));
  await d.getByRole("button", { name: "First two letters" }).click();
  const starts = await d.locator("[data-hint-list] li").allTextContents();
  const start = left[0].word.slice(0, 2);
  expect(starts).toContain(`${start.toUpperCase()} ${left.filter((w) => w.word.startsWith(start)).length}`);
  await expect.poll(() => d.locator("[data-hint-summary]").textContent()).toBe(`${left.length} of ${puzzle.words.filter((w) => w.common).length} everyday words left`);

  // The round ends: the card opens by itself on both. (Not waited out: both rounds are moved to
  // end a few seconds from now, and the pages reloaded to learn it; hints and words are kept.)
  const [phoneEnd, desktopEnd] = await Promise.all([endRoundIn(p, 5000), endRoundIn(d, 5000)]);
  await Promise.all([roundOver(p, { endsAt: phoneEnd }), roundOver(d, { endsAt: desktopEnd })]);
  for (const page of [p, d]) await page.locator("dialog[data-results]").waitFor();
  await cardFitsScreen(p, 844);
  await cardFitsScreen(d, 900);
  const phoneCard = p.locator("dialog[data-results]");
  expect(await phoneCard.locator("[data-results-score]").textContent()).toBe(String(first.points));
  expect(await phoneCard.locator("[data-results-longest]").textContent()).toBe(`${first.word.toUpperCase()} (${first.word.length})`);
  // A new player's top-10 place says it is provisional (fair play), any other place not.
  const standing = /^(?:first player today|#(\d+) of \d+ players|#(\d+) of \d+ · top \d+%)( · provisional until you have played a few days)?$/;
  await expect.poll(() => phoneCard.locator("[data-results-standing]").textContent()).toMatch(standing);
  const place = standing.exec((await phoneCard.locator("[data-results-standing]").textContent())!)!;
  expect(place[3] !== undefined).toBe(Number(place[1] ?? place[2] ?? 1) <= 10);
  await expect.poll(() => phoneCard.locator("[data-results-missed]").textContent(), { timeout: 20_000 }).toMatch(/^[A-Z]+ \(\d+ points?\)$/);
  expect(await phoneCard.locator("[data-results-hints]").textContent()).toBe("none");
  const desktopCard = d.locator("dialog[data-results]");
  expect(await desktopCard.locator("[data-results-hints]").textContent()).toBe("word counts, first two letters");
  await expect.poll(() => desktopCard.locator("[data-results-missed]").textContent(), { timeout: 20_000 }).toMatch(/^[A-Z]+ /);
  for (const scheme of ["light", "dark"] as const) {
    await p.emulateMedia({ colorScheme: scheme });
    await d.emulateMedia({ colorScheme: scheme });
    await screenshot(p, `results-card-phone-${scheme}`);
    await screenshot(d, `results-card-desktop-${scheme}`);
  }

  // Share from the card: standing, words by length, hints, and no word given away.
  await desktopCard.getByRole("button", { name: "Share", exact: true }).click();
  await expect.poll(() => desktopCard.locator("[data-results-feedback]").textContent()).toBe("Result copied to the clipboard.");
  const shared = await d.evaluate<string>("navigator.clipboard.readText()");
  expect(shared).toMatch(/^Tumbleword #\d+\n\d+ points?(?: \(\d+ bonus\))? · 1 word · .+\n(?:first player today|#\d+ of \d+ players|#\d+ of \d+ · top \d+%)\nWords by length:\n\d+ letters \S+ 1\nLongest: \d+ letters\nHints: word counts, first two letters\nhttp/u);
  expect(shared.toLowerCase()).not.toContain(second.word);

  // "See the solution": open and in view; a tapped word stays lit and shows its meaning.
  await phoneCard.getByRole("button", { name: "See the solution" }).click();
  await phoneCard.waitFor({ state: "hidden" });
  const list = p.locator("[data-solution-list]");
  await list.waitFor();
  const defined = glosses();
  const target = puzzle.words.find((w) => puzzle.lexicon.isCommon(w.word) && defined.has(w.word) && w.word !== first.word)!;
  expect(target).toBeDefined();
  const button = list.locator(".sol-word", { hasText: new RegExp(`^${target.word}$`) });
  await button.tap();
  expect(await button.getAttribute("aria-pressed")).toBe("true");
  await expect.poll(() => p.locator("[data-solution-board] .tile.is-on-path").count()).toBe(target.path.length);
  await expect.poll(() => p.locator("[data-word-detail] [data-definition]").textContent(), { timeout: 20_000 }).toContain(defined.get(target.word)!);
  await screenshot(p, "solution-definitions-phone-light");
  await p.emulateMedia({ colorScheme: "dark" });
  await screenshot(p, "solution-definitions-phone-dark");
  // Desktop: the card closes, reopens from "Your result", and leads to the solution too.
  await desktopCard.getByRole("button", { name: "Close" }).click();
  await d.getByRole("button", { name: "Your result" }).click();
  await desktopCard.waitFor();
  await desktopCard.getByRole("button", { name: "See the solution" }).click();
  const desktopWord = d.locator("[data-solution-list] .sol-word", { hasText: new RegExp(`^${target.word}$`) });
  await desktopWord.click();
  await expect.poll(() => d.locator("[data-word-detail] [data-definition]").textContent(), { timeout: 20_000 }).toContain(defined.get(target.word)!);
  for (const scheme of ["light", "dark"] as const) {
    await d.emulateMedia({ colorScheme: scheme });
    await screenshot(d, `solution-definitions-desktop-${scheme}`);
  }
  expect(phone.errors).toEqual([]);
  expect(desktop.errors).toEqual([]);
});
