// The results card's standing counts the round it reports: the server ranks a round only once its
// upload is merged (a queue behind the sync), and the card waits for that before it shows or
// shares a place. Played on today's Spanish board, which the other browser files leave alone, so
// nobody else's round moves the ranks between the card and the server's answer.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { type FoundWord, LANGUAGES, Lexicon, boardFromRows, solve } from "#engine";
import { MESSAGES } from "#site/i18n/all.ts";
import { judgeReady, roundOver, useBrowser } from "./fixture.ts";
import { baseUrl, roundSeconds, root } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser();
const spanish = LANGUAGES.es;
const t = MESSAGES.es;
let words: FoundWord[];
let puzzleId: string;

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/puzzles/today-es`);
  expect(res.status).toBe(200);
  const puzzle = (await res.json()) as { id: string; board: string[][] };
  puzzleId = puzzle.id;
  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon", spanish.lexiconFile)));
  // Typed letter by letter: no multi-letter face.
  words = solve(boardFromRows(puzzle.board, spanish.boardLetters), lexicon, spanish.rules).words.filter((w) => w.path.length === w.word.length);
});

async function play(page: Page, found: readonly FoundWord[]): Promise<void> {
  await page.getByRole("button", { name: t.start(t.roundLength(roundSeconds)) }).click();
  await page.locator("[data-board]").getByRole("button", { name: t.tile.place(1, 1) + ", " + t.tile.letter("").trimEnd(), exact: false }).first().waitFor();
  await judgeReady(page);
  for (const w of found) {
    await page.locator("[data-word]").fill(w.word);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${w.word.toUpperCase()} +${w.points}`);
  }
  await roundOver(page, { endsAt: await endRoundIn(page, 3000) });
}

/** The card's standing once it has settled (it says it is counting the round until the server has it). */
async function cardStanding(page: Page): Promise<string> {
  const standing = page.locator("dialog[data-results] [data-results-standing]");
  await expect.poll(() => standing.textContent(), { timeout: 40_000 }).not.toMatch(/^(…|contando tu ronda…)$/);
  return (await standing.textContent())!;
}

/** What the server says of the page's player, now. */
async function serverPlace(page: Page): Promise<{ text: string; score: number; rank: number; total: number }> {
  const token = await page.evaluate<string>(`JSON.parse(localStorage.getItem("tw:player")).token`);
  const res = await fetch(`${baseUrl}/api/puzzles/${puzzleId}/leaderboard/me`, { headers: { authorization: `Bearer ${token}` } });
  const board = (await res.json()) as { total: number; you: { rank: number; score: number; provisional: "picks" | "new" | "jump" | null } };
  const place = t.results.place(board.you.rank, board.total);
  return { text: board.you.provisional ? `${place} · ${t.results.provisional[board.you.provisional]}` : place, score: board.you.score, rank: board.you.rank, total: board.total };
}

test("the card's standing at the round's end is the server's rank with that round in it", { timeout: 180_000 }, async () => {
  const byPoints = [...words].sort((a, b) => a.points - b.points || a.word.localeCompare(b.word));
  // A first player scores little; a second scores more, so the second's round, once counted, ranks first.
  const low = byPoints[0];
  const high = byPoints.slice(1, 4);
  const first = await browser.open("/es");
  await play(first.page, [low]);
  expect(await cardStanding(first.page)).toBe((await serverPlace(first.page)).text);

  const second = await browser.open("/es");
  await play(second.page, high);
  const shown = await cardStanding(second.page);
  const server = await serverPlace(second.page);
  expect(server.score).toBe(high.reduce((s, w) => s + w.points, 0));
  expect(shown).toBe(server.text);
  // First of the day's Spanish players (other files may start Spanish rounds too, none scoring as much).
  expect(server.rank).toBe(1);
  expect(shown.startsWith(t.results.place(1, server.total))).toBe(true);

  // Shared as text only (for screen readers): the confirmed place, in the share's English, and no emoji.
  await second.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
  await second.page.locator("dialog[data-results]").getByRole("button", { name: t.results.shareText }).click();
  await expect.poll(() => second.page.locator("[data-results-feedback]").textContent()).not.toBe("");
  const shared = await second.page.evaluate<string>("navigator.clipboard.readText()");
  expect(shared).toContain(`\n${MESSAGES.en.results.place(1, server.total)}\n`);
  expect(shared).toMatch(/\n\d+ letters: \d+ words?\n/);
  expect(shared).not.toMatch(/\p{Extended_Pictographic}/u);
  expect([...first.errors, ...second.errors]).toEqual([]);
});
