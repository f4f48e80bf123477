// The leaderboard page shows a round under fair-play review apart from the ranked ones, and tells
// its player why. The rounds are played through the served API: a bot sends 25 words at once
// (flagged by the server's pace rule), a person a few words (verified).
import { describe, expect, it } from "vitest";
import { apiFrom } from "./api.ts";
import { useBrowser } from "./fixture.ts";
import { todayPuzzle } from "./helpers.ts";


const browser = useBrowser();

interface Player {
  playerId: string;
  token: string;
}

const api = apiFrom("127.9.0");

/**
 * A player plays today's ranked round: its words in one batch (all found "now", as a bot would send
 * them; the pace rule flags more than 20 in 10 seconds however slowly the machine answers), then
 * synced.
 */
async function playBatch(name: string, words: readonly string[]): Promise<{ player: Player; roundId: string }> {
  const player = await api<Player>("/api/players", { json: { name } });
  const round = await api<{ roundId: string; ticket: string }>("/api/puzzles/today/rounds", { method: "POST", token: player.token });
  const { verdicts } = await api<{ verdicts: { accepted: boolean; receipt?: string }[] }>(`/api/rounds/${round.roundId}/words/batch`, {
    json: { ticket: round.ticket, words: words.map((word) => ({ word, age: 0 })) },
  });
  expect(verdicts.map((v) => v.accepted)).toEqual(words.map(() => true));
  const receipts = verdicts.map((v) => v.receipt ?? "");
  await api(`/api/rounds/${round.roundId}/receipts`, { json: { ticket: round.ticket, receipts } });
  return { player, roundId: round.roundId };
}

describe("fair play on the leaderboard page", () => {
  it("lists a round under review apart, unranked, and tells its player why", { timeout: 150_000 }, async () => {
    const puzzle = await todayPuzzle();
    const common = puzzle.words.filter((w) => w.common).map((w) => w.word);
    const bot = await playBatch("Speed Bot", common.slice(0, 25));
    const person = await playBatch("Patient Pat", common.slice(0, 3));

    // Synced words reach the database through the queue within seconds.
    const listed = async () => {
      const review = await api<{ entries: { roundId: string }[] }>(`/api/puzzles/today/leaderboard?limit=100&review=1`);
      const ranked = await api<{ entries: { roundId: string }[] }>(`/api/puzzles/today/leaderboard?limit=100`);
      return review.entries.some((e) => e.roundId === bot.roundId) && ranked.entries.some((e) => e.roundId === person.roundId);
    };
    await expect.poll(listed, { timeout: 60_000, interval: 500 }).toBe(true);

    const { context, page, errors } = await browser.open("/");
    await page.evaluate((identity) => localStorage.setItem("tw:player", JSON.stringify(identity)), bot.player);
    await page.goto("/leaderboard");
    const ranked = page.locator("[data-lb-rows]");
    const review = page.locator("[data-lb-review]");
    await expect.poll(() => review.isVisible()).toBe(true);
    await expect.poll(() => review.locator("tbody").innerText()).toContain("Speed Bot (you)");
    await expect.poll(() => ranked.innerText()).toContain("Patient Pat");
    expect(await ranked.innerText()).not.toContain("Speed Bot");
    // The under-review table has no rank column.
    expect(await review.locator("th").allInnerTexts()).toEqual(["Player", "Score", "Words"]);
    const you = page.locator("[data-lb-you]");
    await expect.poll(() => you.innerText()).toMatch(/under review/i);
    expect(await you.innerText()).toMatch(/10 seconds/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
