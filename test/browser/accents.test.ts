// Issue 27: found French words show with their accents ("CLÉ", not "CLE"). The lexicon keeps
// folded forms; a daily board's words come with their accents (shared/engine/day-words.ts), taken by the
// Worker from the display spellings built beside the lexicon (shared/engine/spellings.ts), so the page
// loads no spellings file for them. The word is one of the board's own solution that has an accented
// spelling, worked out here from the built files: today's French board, or, should it have none,
// the latest of the past week's that has one (played at /play/DATE?lang=fr).
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { LANGUAGES, Lexicon, addDays, boardFromRows, decodeSpellings, solve } from "#engine";
import { MESSAGES } from "#site/i18n/all.ts";
import { judgeReady, useBrowser } from "./fixture.ts";
import { baseUrl, root, roundSeconds } from "./helpers.ts";

const browser = useBrowser();
const french = LANGUAGES.fr;

interface Pick {
  /** The page to play it on, and whether it is today's (ranked) board. */
  url: string;
  today: boolean;
  word: string;
  spelled: string;
}

/** A board's solution word with an accented spelling, typed letter by letter (no Qu face). */
async function pickWord(): Promise<Pick | null> {
  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon", french.lexiconFile)));
  const spellings = decodeSpellings(readFileSync(path.join(root, "dist/lexicon/fr.spellings.txt"), "utf8"), french.fold);
  const today = ((await (await fetch(`${baseUrl}/api/puzzles/today-fr`)).json()) as { date: string }).date;
  for (let back = 0; back < 7; back++) {
    const date = addDays(today, -back);
    const res = await fetch(`${baseUrl}/api/puzzles/${date}-fr`);
    if (!res.ok) continue;
    const puzzle = (await res.json()) as { board: string[][] };
    const words = solve(boardFromRows(puzzle.board, french.boardLetters), lexicon, french.rules).words;
    const hit = words.find((w) => spellings.has(w.word) && w.path.length === w.word.length);
    if (hit) return { url: back === 0 ? "/fr" : `/play/${date}?lang=fr`, today: back === 0, word: hit.word, spelled: spellings.get(hit.word)! };
  }
  return null;
}

test("a French word found by its folded letters shows accented in the found list", { timeout: 120_000 }, async () => {
  const pick = await pickWord();
  expect(pick, "a French board of the past week with an accented solution word").not.toBeNull();
  const { url, today, word, spelled } = pick!;
  expect(spelled).not.toBe(word);
  expect(french.fold(spelled)).toBe(word);

  const { page, errors } = await browser.open(url);
  if (today) await page.getByRole("button", { name: MESSAGES.fr.start(MESSAGES.fr.roundLength(roundSeconds)) }).click();
  else await page.getByRole("button", { name: MESSAGES.en.playPast }).click();
  await judgeReady(page);
  // Typed as the lexicon keeps it, without its accents.
  await page.locator("[data-word]").fill(word);
  await page.locator("[data-word]").press("Enter");
  const item = page.locator(`[data-found-list] li[data-folded="${word}"]`);
  await item.waitFor();
  await expect.poll(() => item.textContent(), { timeout: 30_000 }).toBe(spelled);
  // The accents came with the day's words: no spellings file, no lexicon.
  // A string, run in the page (this file is typed without the DOM's names).
  const loaded = await page.evaluate<string[]>(`performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.includes("/api/lexicon/"))`);
  expect(loaded).toEqual([]);
  expect(errors).toEqual([]);
});
