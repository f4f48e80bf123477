// axe-core (the accessibility engine) on every page of the site, on a phone, light, dark and high contrast: no
// violation of any rule it checks (WCAG A/AA and best practices), with the walkthrough closed.
// Each page loads once and is judged in its three themes in turn, as a visitor switches them (the
// system's colour scheme, then the high-contrast button): every rule in the light theme, the rules
// that read colours in the others. The pages are judged side by side, each in its own context.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { beforeAll, expect, test } from "vitest";
import { useBrowser } from "./fixture.ts";
import { baseUrl } from "./helpers.ts";

const browser = useBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const PAGES = ["/", "/fr", "/es", "/de", "/leaderboard", "/archive", "/practice", "/stats", "/how-to-play", "/room", "/league", "/review", "/embed", "/404", "/fr/leaderboard", "/es/archive", "/de/how-to-play", "/fr/privacy-is-not-here"];
/** Pages made for the test: a league's page and its embed, as a visitor sees them. */
const LEAGUE_PAGES = { "a league's page": "page", "a league's embed": "embed" } as const;

let league: { page: string; embed: string } | undefined;

/** A league made through the API. */
beforeAll(async () => {
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    return res.json() as Promise<Record<string, string>>;
  };
  const { token } = await post("/api/players", { name: "Axe Owner" });
  const { code, embedKey } = await post("/api/leagues", { name: "Axe League" }, token);
  league = { page: `/league/${code}`, embed: `/embed?league=${embedKey}` };
});

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * The rules whose outcome depends on the colours on screen: a theme changes colours only, so the
 * other themes are judged by these (every rule runs once, in the first theme).
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** axe's violations on the page: every rule it runs by default, or only `rules`. */
async function violations(page: Page, rules?: readonly string[]): Promise<string[]> {
  // resultTypes: axe details only the violations (not every passing node): the same verdicts, less work.
  const options = { resultTypes: ["violations"], ...(rules ? { runOnly: { type: "rule", values: rules } } : {}) };
  const found = await page.evaluate<Violation[]>(`axe.run(document, ${JSON.stringify(options)}).then((r) => r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`);
  return found.map((v) => `${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Waits until the theme's colours are the ones on screen: no transition half-way (an animation
 * cancelled meanwhile, which rejects its promise, is over too).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(`Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined)))`);
}

/** Each theme's violations on one page, loaded once. */
async function violationsByTheme(url: string): Promise<Record<string, string[]>> {
  const { page, context } = await browser.open("about:blank", { viewport: "phone", colorScheme: "light" });
  try {
    // A page's first load shares the machine with its neighbours' (and other files'): give it longer
    // than a step's 15 s.
    await page.goto(url, { timeout: 60_000 });
    // Let the islands draw what they fetch before judging the page.
    await page.waitForLoadState("networkidle");
    // Evaluated through the DevTools protocol: the site's CSP (script-src 'self') rightly refuses an inline tag.
    await page.evaluate(axeSource);
    const report: Record<string, string[]> = {};
    report.light = await violations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await page.evaluate<boolean>(`matchMedia("(prefers-color-scheme: dark)").matches`)).toBe(true);
    await settled(page);
    report.dark = await violations(page, COLOUR_RULES);
    // The embed takes its theme from its query (light or dark) and has no high-contrast button.
    if (!url.startsWith("/embed")) {
      // The high-contrast theme, as its button turns it on (on a dark system, as the old reload did).
      await page.locator("[data-contrast-toggle]").click();
      expect(await page.evaluate<string | undefined>("document.documentElement.dataset.theme")).toBe("contrast");
      await settled(page);
      report.contrast = await violations(page, COLOUR_RULES);
    }
    return Object.fromEntries(Object.entries(report).filter(([, found]) => found.length > 0));
  } finally {
    await context.close();
  }
}

test.concurrent.for(PAGES)("axe finds no violation on %s, light, dark and high contrast", { timeout: 120_000 }, async (url) => {
  expect(await violationsByTheme(url)).toEqual({});
});

test.concurrent.for(Object.keys(LEAGUE_PAGES) as (keyof typeof LEAGUE_PAGES)[])("axe finds no violation on %s, light, dark and high contrast", { timeout: 120_000 }, async (name) => {
  if (!league) throw new Error("the league is made in beforeAll");
  expect(await violationsByTheme(league[LEAGUE_PAGES[name]])).toEqual({});
});

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
