// axe-core (the accessibility engine) on every page of the site, on a phone, light, dark and high contrast: no
// violation of any rule it checks (WCAG A/AA and best practices), with the walkthrough closed.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { baseUrl } from "./helpers.ts";

const browser = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PAGES = ["/", "/fr", "/es", "/de", "/leaderboard", "/archive", "/practice", "/stats", "/how-to-play", "/room", "/league", "/embed", "/404"];

/** A league's page and its embed, as a visitor sees them (a league made through the API). */
async function leaguePages(): Promise<string[]> {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    return res.json() as Promise<Record<string, string>>;
  };
  const { token } = await post("/api/players", { name: "Axe Owner" });
  const { code, embedKey } = await post("/api/leagues", { name: "Axe League" }, token);
  return [`/league/${code}`, `/embed?league=${embedKey}`];
}

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses an inline tag.
  await page.evaluate(axeSource);
  const found = await page.evaluate<Violation[]>(`axe.run(document).then((r) => r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`);
  return found.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const scheme of ["light", "dark", "contrast"] as const) {
  test(`axe finds no violation on any page, ${scheme}`, { timeout: 150_000 }, async () => {
    const report: Record<string, string[]> = {};
    for (const url of [...PAGES, ...(await leaguePages())]) {
      const { page, context } = await browser.open(url, { viewport: "phone", colorScheme: scheme === "contrast" ? "dark" : scheme });
      if (scheme === "contrast") {
        // The high-contrast theme, as its toggle stores it (the embed takes the page's theme).
        await page.evaluate(`localStorage.setItem("tw:theme", "contrast")`);
        await page.reload();
        if (!url.startsWith("/embed")) expect(await page.evaluate<string | undefined>("document.documentElement.dataset.theme")).toBe("contrast");
      }
      // Let the islands draw what they fetch before judging the page.
      await page.waitForLoadState("networkidle");
      const found = await violations(page);
      if (found.length > 0) report[url] = found;
      await context.close();
    }
    expect(report).toEqual({});
  });
}

test("the high-contrast button turns the theme on and off, and the choice is remembered", async () => {
  const { page, errors } = await browser.open("/", { viewport: "phone" });
  const toggle = page.getByRole("button", { name: "High contrast" });
  expect(await toggle.getAttribute("aria-pressed")).toBe("false");
  await toggle.click();
  expect(await page.evaluate<string | undefined>("document.documentElement.dataset.theme")).toBe("contrast");
  expect(await toggle.getAttribute("aria-pressed")).toBe("true");
  // White on black: the page's own colours, not the system's.
  expect(await page.evaluate<string>("getComputedStyle(document.body).backgroundColor")).toBe("rgb(0, 0, 0)");
  await page.reload();
  expect(await page.evaluate<string | undefined>("document.documentElement.dataset.theme")).toBe("contrast");
  await page.getByRole("button", { name: "High contrast" }).click();
  expect(await page.evaluate<string | undefined>("document.documentElement.dataset.theme")).toBeUndefined();
  expect(errors).toEqual([]);
});
