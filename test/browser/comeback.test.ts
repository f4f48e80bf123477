// Streak freezes and achievements in the browser: a player whose history (already folded into
// their summary, as retention leaves it) has a missed day covered by a freeze plays today's round;
// the results card announces the achievement the round earned (a 30-day streak), and /stats shows
// the frozen day on the calendar and each achievement with its day.
import { DatabaseSync } from "node:sqlite";
import { expect, inject, test } from "vitest";
import { addDays, dayStart } from "#engine";
import { playerD1File } from "#scripts/lib/server.ts";
import { enterWord, judgeReady, roundOver, useBrowser } from "./fixture.ts";
import { plainWords, startRound, todayPuzzle } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser();
const dayNumber = (date: string) => Math.round(dayStart(date) / 86_400_000);

/** Writes a player's summary into the server's D1 (their shard's), as retention would have folded it. */
function storeSummary(playerId: string, summary: object, through: string): void {
  const db = new DatabaseSync(playerD1File(inject("serverStateDir"), playerId));
  try {
    db.exec("PRAGMA busy_timeout = 5000");
    db.prepare("INSERT INTO player_summaries (player_id, summary, through_date) VALUES (?, ?, ?)").run(playerId, JSON.stringify(summary), through);
  } finally {
    db.close();
  }
}

test("a missed day spends a freeze and the calendar shows it; the round's achievement shows on the results card and /stats", { timeout: 180_000 }, async () => {
  const puzzle = await todayPuzzle();
  const today = puzzle.date;
  const { page, errors } = await browser.open("/");
  await startRound(page);
  await judgeReady(page);
  const playerId = await page.evaluate(() => (JSON.parse(localStorage.getItem("tw:player") ?? "null") as { playerId: string }).playerId);
  // The last 30 days but one (5 days ago) were played: three freezes earned by then (two banked),
  // one spent on the missed day. Today's round makes 30 days played in the streak.
  const missed = addDays(today, -5);
  const first = addDays(today, -30);
  storeSummary(
    playerId,
    {
      runs: [[dayNumber(first), 25], [dayNumber(addDays(today, -4)), 4]],
      ranked: 29,
      totalPoints: 290,
      totalWords: 145,
      bestScore: 20,
      days: [],
      bestWords: [],
      earned: { "first-round": first },
      languages: { en: first },
    },
    addDays(today, -1),
  );

  const [word] = plainWords(puzzle);
  await enterWord(page, word!.word, `${word!.word.toUpperCase()} +${word!.points}`);
  await roundOver(page, { endsAt: await endRoundIn(page, 0) });
  const card = page.locator("dialog[data-results]");
  await expect.poll(() => card.isVisible()).toBe(true);
  const line = card.locator("[data-results-achievements]");
  await expect.poll(() => line.getAttribute("data-achievements"), { timeout: 60_000 }).toContain("streak-30");
  expect(await line.textContent()).toContain("🏅 New achievement: ");
  expect(await line.textContent()).toContain("A month");
  expect(await line.isVisible()).toBe(true);

  await page.goto("/stats");
  await expect.poll(() => page.locator("[data-stats-streak]").textContent()).toBe("30");
  expect(await page.locator("[data-stats-freezes]").textContent()).toBe("2");
  const frozen = page.locator(`[data-stats-calendar] rect[data-date="${missed}"]`);
  expect(await frozen.getAttribute("class")).toBe("is-frozen");
  expect(await frozen.locator("title").textContent()).toBe(`${missed}: a streak freeze kept the streak`);
  expect(await page.locator("[data-stats-calendar] .freeze-mark").count()).toBe(1);
  expect(await page.locator(`[data-stats-calendar] rect[data-date="${addDays(today, -4)}"]`).getAttribute("class")).toBe("is-played");

  const month = page.locator('[data-stats-achievements] li[data-achievement="streak-30"]');
  expect(await month.getAttribute("class")).toBe("is-earned");
  expect(await month.textContent()).toContain("A month · Keep a streak for 30 days. · earned ");
  expect(await page.locator('[data-stats-achievements] li[data-achievement="first-round"]').getAttribute("class")).toBe("is-earned");
  const notYet = page.locator('[data-stats-achievements] li[data-achievement="streak-100"]');
  expect(await notYet.getAttribute("class")).toBe("");
  expect(await notYet.textContent()).toContain("not yet");
  expect(errors).toEqual([]);
});
