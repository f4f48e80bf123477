// The browser fixture every browser test file uses: one Chromium per file (launched in beforeAll,
// once the product server is up, and closed in afterAll, which also fails the file if the server
// went down meanwhile), fresh contexts (a fresh player each) at named viewports, and helpers that
// wait on conditions (never fixed sleeps): the lexicon being ready, a verdict, the round's end; and the board as shown.
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { type PageOptions, launchBrowser, openPage, root, roundSeconds } from "./helpers.ts";
import { serverReady, serverStillUp } from "./server-status.ts";

export const screenshotDir = path.join(root, "test-results/screenshots");

export const VIEWPORTS = {
  desktop: { width: 1280, height: 900, touch: false },
  phone: { width: 390, height: 844, touch: true },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

/**
 * What a frame on another site may store. Debian's Chromium blocks third-party storage outright
 * (its third-party-cookie phase-out); mainstream browsers give such frames their own partitioned
 * storage, which "partitioned" turns back on.
 */
export type ThirdPartyStorage = "blocked" | "partitioned";
const STORAGE_FLAGS: Record<ThirdPartyStorage, string[]> = {
  blocked: [],
  partitioned: ["--disable-features=TrackingProtection3pcd"],
};

/** Registers the file's browser; call at the top level of a test file. */
export interface BrowserFixture {
  open(url: string, options?: PageOptions & { viewport?: ViewportName }): Promise<Opened>;
}

export function useBrowser(options: { thirdPartyStorage?: ThirdPartyStorage } = {}): BrowserFixture {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const statusFile = inject("serverStatusFile");
  beforeAll(async () => {
    mkdirSync(screenshotDir, { recursive: true });
    // The server may still be booting (it starts while the other projects run).
    [browser] = await Promise.all([launchBrowser(STORAGE_FLAGS[options.thirdPartyStorage ?? "blocked"]), serverReady(statusFile)]);
  }, 180_000);
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    serverStillUp(statusFile);
  });
  return {
    async open(url, options = {}) {
      if (!browser) throw new Error("useBrowser(): the browser starts in beforeAll");
      const size = VIEWPORTS[options.viewport ?? "desktop"];
      const opened = await openPage(browser, url, { width: size.width, height: size.height, touch: size.touch, ...options });
      contexts.push(opened.context);
      return opened;
    },
  };
}

/** A page or a frame inside one: what the game helpers need. */
export type Surface = Page | FrameLocator;

export async function judgeReady(surface: Surface): Promise<void> {
  await expect.poll(() => surface.locator("[data-game-root]").getAttribute("data-judge"), { timeout: 30_000 }).toBe("ready");
}

/** The board's letters as shown, row by row (each tile's face, lower case, from its label). */
export async function boardRowsOf(surface: Surface): Promise<string[][]> {
  const labels = await surface.locator("[data-board] .tile").evaluateAll((tiles) => tiles.map((t) => t.getAttribute("aria-label") ?? ""));
  const side = Math.round(Math.sqrt(labels.length));
  const faces = labels.map((label) => /letters? (\S+)$/.exec(label)?.[1]?.toLowerCase() ?? "");
  return Array.from({ length: side }, (_, r) => faces.slice(r * side, r * side + side));
}

/** Types a word into the word field and waits for its verdict line. */
export async function enterWord(surface: Surface, word: string, verdict: string | RegExp): Promise<void> {
  await surface.locator("[data-word]").fill(word);
  await surface.locator("[data-word]").press("Enter");
  const feedback = surface.locator("[data-feedback]");
  if (typeof verdict === "string") await expect.poll(() => feedback.textContent()).toBe(verdict);
  else await expect.poll(() => feedback.textContent()).toMatch(verdict);
}

/**
 * Waits for the page to end the ranked round started at `startedAt` (the product's ROUND_SECONDS),
 * or ending at `{ endsAt }` (a round moved by round-clock.ts). The page ends it on its own clock.
 */
export async function roundOver(surface: Surface, when: number | { endsAt: number }): Promise<void> {
  const endsAt = typeof when === "number" ? when + roundSeconds * 1000 : when.endsAt;
  const timeout = Math.max(10_000, endsAt - Date.now() + 15_000);
  await expect.poll(() => surface.locator("[data-game-root]").getAttribute("data-phase"), { timeout, interval: 500 }).toBe("free");
}

export async function screenshot(page: Page, name: string, fullPage = false): Promise<void> {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage });
}

/** The page's width beyond the viewport, in CSS pixels (0: nothing sticks out). */
export function overflowX(page: Page): Promise<number> {
  return page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
}
