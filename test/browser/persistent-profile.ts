// A browser as a person has it: Chromium with a profile on disk (launchPersistentContext) and its
// default settings, so a frame on another site gets what such a browser gives it (Debian's
// Chromium blocks the frame's storage). One profile per open(); each is its own person.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { VIEWPORTS, type ViewportName } from "./fixture.ts";
import { baseUrl } from "./helpers.ts";
import { serverReady, serverStillUp } from "./server-status.ts";

export interface ProfilePage {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

export function usePersistentProfiles(): { open(url: string, viewport?: ViewportName): Promise<ProfilePage> } {
  const statusFile = inject("serverStatusFile");
  const opened: { context: BrowserContext; dir: string }[] = [];
  beforeAll(() => serverReady(statusFile), 180_000);
  afterAll(async () => {
    for (const { context, dir } of opened) {
      await context.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
    serverStillUp(statusFile);
  });
  return {
    async open(url, viewport = "desktop") {
      const size = VIEWPORTS[viewport];
      const dir = mkdtempSync(path.join(tmpdir(), "tw-profile-"));
      const context = await chromium.launchPersistentContext(dir, {
        executablePath: inject("chromium"),
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
        baseURL: baseUrl,
        viewport: { width: size.width, height: size.height },
        hasTouch: size.touch,
        isMobile: size.touch,
        deviceScaleFactor: 1,
        colorScheme: "light",
      });
      opened.push({ context, dir });
      context.setDefaultTimeout(30_000);
      // A returning visitor (no walkthrough), as the other browser tests open pages.
      await context.addInitScript(() => {
        try {
          localStorage.setItem("tw:onboarded", "seen in an earlier visit");
        } catch {
          // A frame without storage: nothing to remember.
        }
      });
      const page = context.pages()[0] ?? (await context.newPage());
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await page.goto(url);
      return { context, page, errors };
    },
  };
}
