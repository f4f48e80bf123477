// Review by people in the browser: a player reports a round from the leaderboard; the moderator
// (MODERATOR_IDS, see moderator.ts) finds it on /review with its evidence and confirms it, and the
// round leaves the ranked board (the leaderboard page and its API pages, for everyone) while its
// player is told why; another player gets 403 from the review API and the page says it is for
// moderators; the review page fits a phone.
import { describe, expect, it } from "vitest";
import { apiFrom } from "./api.ts";
import { overflowX, useBrowser } from "./fixture.ts";
import { todayPuzzle } from "./helpers.ts";
import { seedModerator } from "./moderator.ts";

const browser = useBrowser();

interface Player {
  playerId: string;
  token: string;
}

const api = apiFrom("127.8.0");

/** A player's ranked round of today with a few words, synced. */
async function playRound(name: string, words: readonly string[]): Promise<{ player: Player; roundId: string }> {
  const player = await api<Player>("/api/players", { json: { name } });
  const round = await api<{ roundId: string; ticket: string }>("/api/puzzles/today/rounds", { method: "POST", token: player.token });
  const receipts: string[] = [];
  for (const word of words) receipts.push((await api<{ receipt: string }>(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word } })).receipt);
  await api(`/api/rounds/${round.roundId}/receipts`, { json: { ticket: round.ticket, receipts } });
  return { player, roundId: round.roundId };
}

const ranked = async (roundId: string) => (await api<{ entries: { roundId: string }[] }>("/api/puzzles/today/leaderboard?limit=100")).entries.some((e) => e.roundId === roundId);

/** A player's round of today's first `count` everyday words, once it shows on the board. */
async function rankedRound(name: string, count: number): Promise<{ player: Player; roundId: string }> {
  const puzzle = await todayPuzzle();
  const played = await playRound(name, puzzle.words.filter((w) => w.common).slice(0, count).map((w) => w.word));
  await expect.poll(() => ranked(played.roundId), { timeout: 60_000, interval: 500 }).toBe(true);
  return played;
}

/** A page at `url` as the given player (their identity stored as the site keeps it). */
async function openAs(player: Player, url: string, viewport?: "phone") {
  const opened = await browser.open("/", viewport ? { viewport } : {});
  await opened.page.evaluate((identity) => localStorage.setItem("tw:player", JSON.stringify(identity)), { playerId: player.playerId, token: player.token });
  await opened.page.goto(url);
  return opened;
}

/** Leaderboard limits no other call of this file uses, in turn (90 to 98): each cached only for seconds. */
let lookups = 0;
const freshLimit = () => 90 + (lookups++ % 9);

describe("review by people", () => {
  it("a player reports a round, a moderator confirms it, and it leaves the board; others get 403", { timeout: 200_000 }, async () => {
    const suffix = `${Date.now() % 100000}`;
    const suspectName = `Suspect ${suffix}`;
    const suspect = await rankedRound(suspectName, 4);

    // A player reports it from the leaderboard.
    const reporter = await api<Player>("/api/players", { json: { name: `Reporter ${suffix}` } });
    const { context: reporterContext, page, errors } = await openAs(reporter, "/leaderboard");
    const report = page.getByRole("button", { name: `Report ${suspectName}'s round for review` });
    await report.click();
    await expect.poll(() => page.locator("[data-lb-report-feedback]").innerText()).toContain(`Reported ${suspectName}'s round`);
    await expect.poll(() => report.innerText()).toBe("Reported");
    expect(await report.isDisabled()).toBe(true);
    // Reported again after a reload: told kindly, not as an error.
    await page.reload();
    await page.getByRole("button", { name: `Report ${suspectName}'s round for review` }).click();
    await expect.poll(() => page.locator("[data-lb-report-feedback]").innerText()).toBe(`You reported ${suspectName}'s round already: a moderator will look at it.`);

    // The reporter is no moderator: the review API answers 403 and the page says so.
    await api("/api/moderation/queue?date=today", { token: reporter.token }, 403);
    await api("/api/moderation/queue?date=today", {}, 401);
    await page.goto("/review");
    await expect.poll(() => page.locator("[data-review-status]").innerText()).toBe("This page is for moderators, and this player is not one.");
    expect(await page.locator("[data-review-body]").isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await reporterContext.close();

    // The moderator reviews on a phone: the reported round with its evidence; Confirm.
    const moderator = await api<Player>("/api/links/redeem", { json: { code: seedModerator() } });
    const mod = await openAs(moderator, "/review", "phone");
    const item = mod.page.locator(`[data-round-id="${suspect.roundId}"]`);
    await expect.poll(() => item.isVisible(), { timeout: 20_000 }).toBe(true);
    const text = await item.innerText();
    expect(text).toContain(suspectName);
    expect(text).toContain("Reported by players");
    expect(text).toMatch(/points per word/);
    expect(await item.locator(".pace-chart li").count()).toBeGreaterThan(0);
    expect(await overflowX(mod.page)).toBe(0);
    await item.getByLabel("Note for the audit log (optional)").fill("picks like a solver");
    await item.getByRole("button", { name: /^Confirm/ }).click();
    await expect.poll(() => mod.page.locator("[data-review-feedback]").innerText()).toContain(`${suspectName}'s round left the ranks`);
    expect(await item.count()).toBe(0);
    await expect.poll(() => mod.page.locator("[data-review-log]").innerText()).toContain("confirm");
    expect(await mod.page.locator("[data-review-log]").innerText()).toContain("picks like a solver");
    expect(mod.errors).toEqual([]);

    // It leaves the board: the API's pages and the leaderboard page (a visitor's), listed under review instead.
    await expect.poll(() => ranked(suspect.roundId), { timeout: 30_000, interval: 500 }).toBe(false);
    const visitor = await browser.open("/leaderboard");
    await expect.poll(() => visitor.page.locator("[data-lb-review]").innerText(), { timeout: 30_000 }).toContain(suspectName);
    expect(await visitor.page.locator("[data-lb-rows]").innerText()).not.toContain(suspectName);
    // Its player is told why.
    const own = await openAs(suspect.player, "/leaderboard");
    await expect.poll(() => own.page.locator("[data-lb-you]").innerText()).toMatch(/moderator/);
    expect([...visitor.errors, ...own.errors]).toEqual([]);
  });

  it("a player reports a name from the board; a moderator hides it on /review; the board shows the default name", { timeout: 200_000 }, async () => {
    const suffix = `${Date.now() % 100000}`;
    const rudeName = `Rude ${suffix}`;
    const rude = await rankedRound(rudeName, 2);

    const reporter = await api<Player>("/api/players", { json: { name: `Namer ${suffix}` } });
    const { page, errors } = await openAs(reporter, "/leaderboard");
    const report = page.getByRole("button", { name: `Report the name ${rudeName}` });
    await report.click();
    await expect.poll(() => page.locator("[data-lb-report-feedback]").innerText()).toBe(`Reported the name ${rudeName}: a moderator will look at it.`);
    await expect.poll(() => report.innerText()).toBe("Reported");
    expect(errors).toEqual([]);

    const moderator = await api<Player>("/api/links/redeem", { json: { code: seedModerator() } });
    const mod = await openAs(moderator, "/review", "phone");
    const card = mod.page.locator(`[data-review-names] [data-player-id="${rude.player.playerId}"]`);
    await expect.poll(() => card.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await card.innerText()).toContain(`Reported as "${rudeName}" · 1 report`);
    expect(await overflowX(mod.page)).toBe(0);
    await card.getByLabel("Note for the audit log (optional)").fill("an insult");
    await card.getByRole("button", { name: "Hide the name" }).click();
    await expect.poll(() => mod.page.locator("[data-review-feedback]").innerText()).toBe(`"${rudeName}" is hidden.`);
    await expect.poll(() => mod.page.locator("[data-review-names-log]").innerText()).toContain(`"${rudeName}" hid · "an insult"`);
    expect(mod.errors).toEqual([]);

    // Everyone now sees the default name; the player cannot take it back.
    const entry = async () => (await api<{ entries: { roundId: string; name: string }[] }>(`/api/puzzles/today/leaderboard?limit=${freshLimit()}`)).entries.find((e) => e.roundId === rude.roundId);
    await expect.poll(async () => (await entry())?.name, { timeout: 30_000 }).toBe(`Player ${rude.player.playerId.slice(0, 4).toUpperCase()}`);
    await api("/api/players/me", { method: "PATCH", token: rude.player.token, json: { name: rudeName } }, 409);
  });
});
