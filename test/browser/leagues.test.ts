// Leagues with three players in three browsers: one starts a league on /league, two join by its
// invite link, all three play today's ranked round (ended early; the round syncs when it ends),
// and the league's table reads the same on every member's page, in the embed (/embed?league=KEY, the league's embed key from its page,
// read-only for a visitor) and in the widget's iframe on another site (data-league).
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { addDays } from "#engine";
import { enterWord, judgeReady, roundOver, useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startRound, thirdPartyUrl, todayPuzzle } from "./helpers.ts";
import { endRoundIn } from "./round-clock.ts";

const browser = useBrowser({ thirdPartyStorage: "partitioned" });

const tokenOf = (page: Page) => page.evaluate<string>(`JSON.parse(localStorage.getItem("tw:player")).token`);

async function rename(page: Page, name: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/players/me`, {
    method: "PATCH",
    headers: { authorization: `Bearer ${await tokenOf(page)}`, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  expect(res.status).toBe(200);
}

/** The day's table as the page shows it, each row's cells joined, "(you)" left out (it differs per member). */
async function tableOf(surface: Pick<Page, "locator">): Promise<string[]> {
  const rows = await surface.locator("[data-league-rows] tr").allInnerTexts();
  return rows.map((r) => r.replace(" (you)", "").replace(/\s+/g, " ").trim());
}

async function weekOf(surface: Pick<Page, "locator">): Promise<string[]> {
  const rows = await surface.locator("[data-league-week] tr").allInnerTexts();
  return rows.map((r) => r.replace(" (you)", "").replace(/\s+/g, " ").trim());
}

test("three players: start a league, join by the link, play; the table agrees on every page and in the embed", { timeout: 180_000 }, async () => {
  const puzzle = await todayPuzzle();
  // Three words of different points, best first: the ranks follow.
  const byPoints = new Map<number, string>();
  for (const w of plainWords(puzzle).sort((a, b) => b.points - a.points)) if (!byPoints.has(w.points)) byPoints.set(w.points, w.word);
  const words = [...byPoints].slice(0, 3).map(([points, word]) => ({ points, word }));
  expect(words).toHaveLength(3);
  const suffix = "Kestrel"; // this file's own names: the browser tests' server is fresh for each run
  const names = [`Ann ${suffix}`, `Bob ${suffix}`, `Cat ${suffix}`];

  // Ann starts the league.
  const ann = await browser.open("/league");
  await ann.page.getByLabel("League name").fill(`Club ${suffix}`);
  await ann.page.getByRole("button", { name: "Start a league" }).click();
  await ann.page.waitForURL(/\/league\/[2-9A-HJ-NP-Z]{16}$/);
  const link = ann.page.url();
  await expect.poll(() => ann.page.getByLabel(/^Invite link/).inputValue()).toBe(link);
  const code = link.split("/").pop()!;
  // Members get the embed snippet: a read-only key of its own, never the invite code.
  const snippet = await ann.page.getByLabel(/^Embed code/).inputValue();
  const embedKey = /data-league="([A-Z0-9]{16})"/.exec(snippet)?.[1] ?? "";
  expect(embedKey).toMatch(/^[A-Z0-9]{16}$/);
  expect(snippet).not.toContain(code);
  expect(await ann.page.locator("[data-league-name]").textContent()).toBe(`Club ${suffix}`);

  // Bob and Cat open the invite link and join, each under the name they type.
  const bob = await browser.open(new URL(link).pathname);
  const cat = await browser.open(new URL(link).pathname);
  for (const [i, member] of [bob, cat].entries()) {
    expect(await member.page.locator("[data-league-name]").textContent()).toBe(`Club ${suffix}`);
    await member.page.getByLabel("Your name in the league's tables (up to 20 characters)").fill(names[i + 1]);
    await member.page.getByRole("button", { name: "Join the league" }).click();
    await member.page.getByLabel(/^Invite link/).waitFor();
    await expect.poll(() => member.page.locator("[data-league-members] li").allTextContents()).toContain(`${names[i + 1]} (you)`);
  }
  await ann.page.reload();
  await expect.poll(() => ann.page.locator("[data-league-status]").textContent()).toBe("3 members · you own this league");
  const players = [ann, bob, cat];
  await rename(ann.page, names[0]);

  // Each plays today's ranked round: one word, then the round ends (and syncs).
  await Promise.all(
    players.map(async (p, i) => {
      await p.page.goto("/");
      await startRound(p.page);
      await judgeReady(p.page);
      await enterWord(p.page, words[i].word, `${words[i].word.toUpperCase()} +${words[i].points}`);
      // The server's receipt is in before the page reloads to end the round early.
      await expect.poll(() => p.page.locator("[data-found-list] li.is-pending").count()).toBe(0);
      await roundOver(p.page, { endsAt: await endRoundIn(p.page, 3000) });
    }),
  );
  // The syncs go through the queue: wait until the league counts all three rounds.
  const served = async () => {
    const res = await fetch(`${baseUrl}/api/leagues/${code}`);
    const body = (await res.json()) as { table: { name: string; score: number | null; rank: number | null; playing: boolean }[] };
    return body.table.map((e) => [e.name, e.rank, e.score, e.playing]);
  };
  await expect.poll(served, { timeout: 40_000 }).toEqual(names.map((name, i) => [name, i + 1, words[i].points, false]));

  // Every member's page shows the same table and week.
  const expected = names.map((name, i) => `${i + 1} ${name} ${words[i].points} 1 1`);
  const expectedWeek = names.map((name, i) => `${i + 1} ${name} ${3 - i} 1`);
  for (const [i, p] of players.entries()) {
    await p.page.goto(`/league/${code}`);
    await expect.poll(() => tableOf(p.page)).toEqual(expected);
    expect(await weekOf(p.page)).toEqual(expectedWeek);
    expect(await p.page.locator("[data-league-rows] tr.you").innerText()).toContain(names[i]);
  }
  // Members may pick a past day: nobody played yesterday's ranked round; then today's again.
  await bob.page.getByLabel("Puzzle date (UTC)").fill(addDays(puzzle.date, -1));
  await bob.page.getByRole("button", { name: "Show" }).click();
  await expect.poll(async () => (await tableOf(bob.page)).map((row) => row.slice(0, 12))).toEqual(["Did not play", "Did not play", "Did not play"]);
  await bob.page.getByLabel("Puzzle date (UTC)").fill(puzzle.date);
  await bob.page.getByRole("button", { name: "Show" }).click();
  await expect.poll(() => tableOf(bob.page)).toEqual(expected);

  // A visitor (no player) sees it read-only in the embed, and in the widget on another site.
  const visitor = await browser.open(`/embed?league=${embedKey}`);
  await expect.poll(() => tableOf(visitor.page)).toEqual(expected);
  expect(await weekOf(visitor.page)).toEqual(expectedWeek);
  expect(await visitor.page.locator("[data-embed-league-name]").textContent()).toBe(`Club ${suffix}`);
  expect(await visitor.page.locator("[data-board]").count()).toBe(0);
  expect(await visitor.page.getByRole("button", { name: "Join the league" }).count()).toBe(0);
  expect(await visitor.page.content()).not.toContain(code);

  const site = await browser.open(thirdPartyUrl);
  // The page's own widget tag embeds the board; a second tag, added now, embeds the league.
  await site.page.evaluate(
    `(() => { const s = document.createElement("script"); s.src = ${JSON.stringify(`${baseUrl}/widget.js`)}; s.dataset.league = ${JSON.stringify(embedKey.toLowerCase())}; document.body.append(s); })()`,
  );
  const frame = site.page.frameLocator(`iframe[src*="league=${embedKey}"]`);
  await expect.poll(() => tableOf(frame)).toEqual(expected);
  expect(await site.page.locator(`iframe[src*="league=${embedKey}"]`).getAttribute("title")).toBe("Tumbleword: a league's table");

  for (const opened of [...players, visitor, site]) expect(opened.errors).toEqual([]);
});

test("joining asks for a name (a refused one is explained, then cleared); an old invite link shows a member their leagues, not an empty table", { timeout: 120_000 }, async () => {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    expect(res.ok).toBe(true);
    return res.json() as Promise<Record<string, string>>;
  };
  const owner = await post("/api/players", { name: "Owner Ola" });
  const { code } = await post("/api/leagues", { name: "Name Club" }, owner.token);

  const { page, errors } = await browser.open(`/league/${code}`);
  const nameBox = page.getByLabel("Your name in the league's tables (up to 20 characters)");
  // The box takes what it says: 20 characters.
  expect(await nameBox.getAttribute("maxlength")).toBe("20");
  await nameBox.fill("Player 1A2B");
  await page.getByRole("button", { name: "Join the league" }).click();
  const feedback = page.locator("[data-league-join-feedback]");
  await expect.poll(() => feedback.textContent()).toMatch(/^That name can't be used: names like "Player 1A2B"/);
  await nameBox.fill("Joiner Jo");
  await page.getByRole("button", { name: "Join the league" }).click();
  await page.getByLabel(/^Invite link/).waitFor();
  expect(await feedback.textContent()).toBe("");
  await expect.poll(() => page.locator("[data-league-members] li").allTextContents()).toEqual(["Owner Ola · owner", "Joiner Jo (you)"]);
  expect(await tableOf(page)).toEqual(expect.arrayContaining([expect.stringContaining("Joiner Jo")]));

  // The owner replaces the invite link; the member comes back by the old one.
  await post(`/api/leagues/${code}/invite`, {}, owner.token);
  await page.reload();
  const status = page.locator("[data-league-status]");
  await expect.poll(() => status.textContent()).toBe("This invite link no longer leads to a league: it may have been replaced by a newer one. Your leagues are listed below.");
  expect(await page.locator("[data-league-yours-list] li a").allTextContents()).toEqual(["Name Club"]);
  expect(await page.locator("[data-league-table]").isVisible()).toBe(false);
  expect(await page.getByRole("button", { name: "Join the league" }).isVisible()).toBe(false);
  expect(errors).toEqual([]);
});

test("a removed member's page says they were removed, with no invitation or name box; a refused join renames no one", { timeout: 120_000 }, async () => {
  const post = async (path: string, body: unknown, token?: string, method = "POST") => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const owner = (await post("/api/players", { name: "Owner Oz" })).body as Record<string, string>;
  const { code } = (await post("/api/leagues", { name: "Out Club" }, owner.token)).body as Record<string, string>;
  const { page, errors } = await browser.open(`/league/${code}`);
  await page.getByLabel("Your name in the league's tables (up to 20 characters)").fill("Member Mo");
  await page.getByRole("button", { name: "Join the league" }).click();
  await page.getByLabel(/^Invite link/).waitFor();
  const memberId = await page.evaluate<string>(`JSON.parse(localStorage.getItem("tw:player")).playerId`);
  expect((await post(`/api/leagues/${code}/members/${memberId}`, {}, owner.token, "DELETE")).status).toBe(200);

  await page.reload();
  const status = page.locator("[data-league-status]");
  await expect.poll(() => status.textContent()).toBe("The league's owner removed you from this league. You can still see its table; only the owner can let you join again.");
  expect(await page.locator("[data-league-join]").isVisible()).toBe(false);
  expect(await page.getByLabel(/^Invite link/).isVisible()).toBe(false);
  // A join sent anyway (an old tab) is refused and leaves the name as it was.
  expect((await post(`/api/leagues/${code}/members`, { name: "Sneaky Name" }, await tokenOf(page))).status).toBe(403);
  const removals = await fetch(`${baseUrl}/api/leagues/${code}/removals`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(((await removals.json()) as { removed: { name: string }[] }).removed.map((r) => r.name)).toEqual(["Member Mo"]);
  expect(errors).toEqual([]);
});
