// Passkeys in Chromium with its virtual authenticator (the DevTools protocol's WebAuthn domain):
// register a passkey on the Stats page, clear the browser's storage, sign in again: the same
// player and streak; a second browser context holding the same credential signs in to the same
// player; a browser without WebAuthn gets a friendly sentence.
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { baseUrl, plainWords, startButtonName, todayPuzzle } from "./helpers.ts";
import { storedPlayer, virtualAuthenticator } from "./passkey-helpers.ts";
import { moveRoundEnd } from "./round-clock.ts";

const browser = useBrowser();

interface Identity {
  playerId: string;
  token: string;
}

async function api<T>(path: string, init: { token?: string; json?: unknown } = {}): Promise<T> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(init.json ?? {}) });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** A player who played today's ranked round (one word, synced): a streak of 1 on the server. */
async function playerWithStreak(name = "Streaker"): Promise<Identity & { roundId: string; word: string }> {
  const player = await api<Identity>("/api/players", { json: { name } });
  const round = await api<{ roundId: string; ticket: string }>("/api/puzzles/today/rounds", { token: player.token });
  const word = plainWords(await todayPuzzle())[0]!.word;
  const { receipt } = await api<{ receipt: string }>(`/api/rounds/${round.roundId}/words`, { json: { ticket: round.ticket, word } });
  await api(`/api/rounds/${round.roundId}/receipts`, { json: { ticket: round.ticket, receipts: [receipt] } });
  return { ...player, roundId: round.roundId, word };
}

const streakShown = (page: Page) => page.locator("[data-stats-streak]").textContent();

async function signIn(page: Page, name = "Streaker"): Promise<void> {
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  // The page reloads as the signed-in player and says so.
  await expect.poll(() => page.locator("[data-passkey-status]").textContent(), { timeout: 15_000 }).toMatch(new RegExp(`^Signed in as ${name}\\.`));
}

test("a passkey keeps the player and the streak through cleared storage and in another browser", async () => {
  const player = await playerWithStreak();
  const { context, page, errors } = await browser.open("/how-to-play");
  await page.evaluate(`localStorage.setItem("tw:player", ${JSON.stringify(JSON.stringify({ playerId: player.playerId, token: player.token }))})`);
  const { cdp, authenticatorId } = await virtualAuthenticator(context, page);
  await page.goto("/stats");
  await expect.poll(() => streakShown(page), { timeout: 15_000 }).toBe("1");

  await page.getByRole("button", { name: "Keep my streak on every device" }).click();
  await expect.poll(() => page.locator("[data-passkey-status]").textContent(), { timeout: 15_000 }).toMatch(/^Passkey "Chrome on Linux" added/);
  await expect.poll(() => page.locator("[data-passkey]").count()).toBe(1);

  // Site data cleared: a stranger, until the passkey signs in.
  await page.evaluate("localStorage.clear()");
  await page.reload();
  await expect.poll(() => streakShown(page)).toBe("0");
  await signIn(page);
  expect(await storedPlayer(page)).toBe(player.playerId);
  await expect.poll(() => streakShown(page)).toBe("1");
  await expect.poll(() => page.locator("[data-passkey]").textContent()).toMatch(/last used/);

  // Another browser (its own virtual authenticator, holding the same passkey, as a synced
  // passkey would be).
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  const other = await browser.open("/stats");
  const second = await virtualAuthenticator(other.context, other.page);
  await second.cdp.send("WebAuthn.addCredential", { authenticatorId: second.authenticatorId, credential: credentials[0]! });
  await signIn(other.page);
  expect(await storedPlayer(other.page)).toBe(player.playerId);
  await expect.poll(() => streakShown(other.page)).toBe("1");
  expect([...errors, ...other.errors]).toEqual([]);
});

test("a browser without WebAuthn is told so, and nothing changes", async () => {
  const { context, page } = await browser.open("/how-to-play");
  await context.addInitScript("delete window.PublicKeyCredential");
  await page.goto("/stats");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect.poll(() => page.locator("[data-passkey-status]").textContent()).toMatch(/can't use passkeys/);
  expect(await storedPlayer(page)).toBeNull();
});

test("the home page offers signing in with a passkey", async () => {
  const { page } = await browser.open("/");
  await page.getByRole("link", { name: "Sign in with a passkey" }).click();
  await expect.poll(() => page.url()).toBe(`${baseUrl}/stats#account`);
  await expect.poll(() => page.getByRole("button", { name: "Sign in with a passkey" }).isVisible()).toBe(true);
});

test("signed in with a passkey on a second browser, today's board shows the round already played, with its name", { timeout: 90_000 }, async () => {
  const player = await playerWithStreak("Second Device");
  // The round is over (moved back rather than waited out) and its word is stored.
  moveRoundEnd(player.roundId, -1000);
  const first = await browser.open("/how-to-play");
  await first.page.evaluate(`localStorage.setItem("tw:player", ${JSON.stringify(JSON.stringify({ playerId: player.playerId, token: player.token }))})`);
  const { cdp, authenticatorId } = await virtualAuthenticator(first.context, first.page);
  await first.page.goto("/stats");
  await first.page.getByRole("button", { name: "Keep my streak on every device" }).click();
  await expect.poll(() => first.page.locator("[data-passkey]").count(), { timeout: 15_000 }).toBe(1);

  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  const other = await browser.open("/stats");
  const second = await virtualAuthenticator(other.context, other.page);
  await second.cdp.send("WebAuthn.addCredential", { authenticatorId: second.authenticatorId, credential: credentials[0]! });
  await signIn(other.page, "Second Device");
  const { page } = other;
  await page.goto("/");
  // No Start: the round played on the other device, over, with its word and the card.
  await expect.poll(() => page.locator("[data-game-root]").getAttribute("data-phase")).toBe("free");
  expect(await page.getByRole("button", { name: startButtonName }).isVisible()).toBe(false);
  const points = (await todayPuzzle()).words.find((w) => w.word === player.word)!.points;
  const card = page.locator("dialog[data-results]");
  await card.waitFor();
  expect(await card.locator("[data-results-score]").textContent()).toBe(String(points));
  expect(await card.locator("[data-results-player]").textContent()).toBe("Second Device");
  expect(await card.locator("[data-results-player-row]").isVisible()).toBe(true);
  expect(await card.locator("[data-name-prompt]").isVisible()).toBe(false);
  expect(await page.locator("[data-feedback]").textContent()).not.toContain("Go!");
  expect((await page.locator("[data-found-list] li").allTextContents()).map((w) => w.toLowerCase())).toEqual([expect.stringContaining(player.word)]);
  expect([...first.errors, ...other.errors]).toEqual([]);
});
