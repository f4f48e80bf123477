// The served product's headers as a browser gets them from `wrangler dev` (the asset router with
// run_worker_first = /api, /api/* and /embed*, and site/public/_headers), the page CSP against the real
// pages (no violation anywhere), and the client keeping a renewed token and dropping a refused one.
import { createHmac } from "node:crypto";
import type { Page } from "playwright-core";
import { expect, inject, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { addDays } from "#engine";
import { baseUrl, serverNow, startRound, today } from "./helpers.ts";

const browser = useBrowser();

const frameAncestors = (res: Response) => /frame-ancestors ([^;]+)/.exec(res.headers.get("Content-Security-Policy") ?? "")?.[1];

async function get(pathname: string): Promise<Response> {
  const res = await fetch(`${baseUrl}${pathname}`, { redirect: "manual" });
  await res.arrayBuffer();
  return res;
}

function yesterday(): string {
  return addDays(today, -1);
}

test("/api itself and unknown /api paths answer the API's JSON 404, not the site's 404 page", async () => {
  for (const pathname of ["/api", "/api/", "/api/nope", "/api/puzzles/today/nope"]) {
    const res = await fetch(`${baseUrl}${pathname}`, { redirect: "manual" });
    const text = await res.text();
    expect(res.status, pathname).toBe(404);
    expect(res.headers.get("Content-Type"), pathname).toMatch(/^application\/json/);
    expect(JSON.parse(text), pathname).toEqual({ error: { code: "not-found", message: expect.stringMatching(/^no such endpoint/) } });
  }
});

test("static pages carry the _headers policy; only /embed may be framed", async () => {
  for (const pathname of ["/", "/leaderboard", `/play/${yesterday()}`, "/practice", "/no-such-page", "/widget.js", "/embed/x", "/embed.html", "/embedded"]) {
    const res = await get(pathname);
    const csp = res.headers.get("Content-Security-Policy") ?? "";
    expect(csp, pathname).toContain("default-src 'self'");
    expect(csp, pathname).toContain("script-src 'self'");
    expect(frameAncestors(res), pathname).toBe("'none'");
    expect(res.headers.get("X-Frame-Options"), pathname).toBe("DENY");
    expect(res.headers.get("X-Content-Type-Options"), pathname).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy"), pathname).toBe("no-referrer");
  }
  for (const pathname of ["/embed", "/embed?date=today&theme=dark"]) {
    const res = await get(pathname);
    expect(res.status, pathname).toBe(200);
    expect(frameAncestors(res), pathname).toBe("*");
    expect(res.headers.get("X-Frame-Options"), pathname).toBeNull();
    expect(res.headers.get("Content-Security-Policy"), pathname).toContain("script-src 'self'");
  }
  expect((await get("/widget.js")).headers.get("Cross-Origin-Resource-Policy")).toBe("cross-origin");
});

/** Records every CSP violation the page reports, from its first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(`document.addEventListener("securitypolicyviolation", (e) => window.__reportViolation(e.violatedDirective + " " + e.blockedURI));`);
  return violations;
}

test("no page breaks the CSP, the game with its lexicon and service worker included", { timeout: 150_000 }, async () => {
  const { page, context, errors } = await browser.open("about:blank");
  const violations = await watchViolations(page);
  for (const pathname of ["/leaderboard", "/archive", `/play/${yesterday()}`, "/practice", "/stats", "/how-to-play", "/embed", "/no-such-page"]) {
    await page.goto(pathname);
    await page.waitForLoadState("load");
  }
  await page.goto("/");
  await startRound(page);
  await expect.poll(() => page.locator("[data-game-root]").getAttribute("data-judge"), { timeout: 20_000 }).toBe("ready");
  await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 60_000 }).toBe(true);
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
});

/**
 * A token as the server signs them (worker/auth/tokens.ts: a key derived from the daily secret the
 * test server runs with), issued `ageMs` ago.
 */
function agedToken(playerId: string, ageMs: number): string {
  const key = createHmac("sha256", inject("dailySecret")).update("tumbleword/token-key").digest();
  const issuedAt = Math.floor((serverNow() - ageMs) / 1000);
  const signature = createHmac("sha256", key).update(`player/${playerId}/0/${issuedAt}`).digest("base64url");
  return `${playerId}.0.${issuedAt}.${signature}`;
}

test("the site keeps a renewed token, and forgets a revoked one", async () => {
  const created = await fetch(`${baseUrl}/api/players`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
  const player = (await created.json()) as { playerId: string; token: string };
  // A token 20 days old: past half its 30-day life, so the server renews it.
  const old = agedToken(player.playerId, 20 * 86_400_000);
  const { page, context } = await browser.open("/how-to-play");
  await page.evaluate((identity) => localStorage.setItem("tw:player", JSON.stringify(identity)), { playerId: player.playerId, token: old });
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem("tw:player") ?? "null") as { playerId: string; token: string } | null);

  await page.goto("/stats");
  await expect.poll(async () => (await stored())?.token).not.toBe(old);
  const renewed = (await stored())!;
  expect(renewed).not.toBeNull();
  expect(renewed.playerId).toBe(player.playerId);
  expect(renewed.token).toMatch(new RegExp(`^${player.playerId}\\.0\\.\\d+\\.`));
  const check = await fetch(`${baseUrl}/api/players/me/stats`, { headers: { authorization: `Bearer ${renewed.token}` } });
  expect(check.status).toBe(200);
  expect(check.headers.get("X-Tumbleword-Token")).toBeNull();

  // Revoked elsewhere (another device): the refused token is dropped, not sent forever.
  const revoked = await fetch(`${baseUrl}/api/players/me/tokens/revoke`, { method: "POST", headers: { authorization: `Bearer ${renewed.token}` } });
  expect(revoked.status).toBe(200);
  await page.goto("/stats");
  await expect.poll(stored).toBeNull();
  await context.close();
});
