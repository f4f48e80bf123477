// The site as an installable app: Chromium's own installability check (the DevTools protocol's
// Page.getInstallabilityErrors) finds nothing to object to, the manifest's icons load at their
// stated sizes, and the installed app opened offline plays practice and a past board already seen,
// and says that today's ranked round needs the network. Chromium calls every incognito context
// uninstallable, so this file uses a persistent profile in a fresh folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, expect, inject, test } from "vitest";
import { baseUrl, startButtonName } from "./helpers.ts";
import { serverReady, serverStillUp } from "./server-status.ts";

const statusFile = inject("serverStatusFile");
const profile = mkdtempSync(path.join(tmpdir(), "tw-install-"));
let context: BrowserContext;

beforeAll(async () => {
  await serverReady(statusFile);
  context = await chromium.launchPersistentContext(profile, {
    executablePath: inject("chromium"),
    baseURL: baseUrl,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  context.setDefaultTimeout(30_000);
  await context.addInitScript(() => localStorage.setItem("tw:onboarded", "seen in an earlier visit"));
}, 180_000);

afterAll(async () => {
  await context?.close();
  rmSync(profile, { recursive: true, force: true });
  serverStillUp(statusFile);
});

const startRoundButton = (page: Page) => page.getByRole("button", { name: startButtonName });

interface Manifest {
  name: string;
  display: string;
  start_url: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

test("Chromium finds the site installable, with icons of the stated sizes, maskable ones included", { timeout: 150_000 }, async () => {
  const page = await context.newPage();
  await page.goto("/");
  await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 60_000 }).toBe(true);
  const cdp = await context.newCDPSession(page);
  // Chromium reads the manifest after the page loads: poll until it has, then there is no error.
  await expect
    .poll(async () => ((await cdp.send("Page.getAppManifest")) as { url: string }).url, { timeout: 20_000 })
    .toBe(`${baseUrl}/manifest.webmanifest`);
  await expect
    .poll(async () => ((await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] }).installabilityErrors.map((e) => e.errorId), { timeout: 20_000 })
    .toEqual([]);

  const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as Manifest;
  expect(manifest).toMatchObject({ name: "Tumbleword", display: "standalone", start_url: "/" });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual(["192x192 any", "192x192 maskable", "512x512 any", "512x512 maskable"]);
  for (const icon of manifest.icons) {
    const response = await fetch(`${baseUrl}${icon.src}`);
    expect(response.status, icon.src).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    // A PNG's IHDR holds its width and height at bytes 16-23.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
  }
  // Light and dark pages colour the browser's bar their own way.
  const themes = await page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((m) => `${m.getAttribute("media")} ${m.getAttribute("content")}`));
  expect(themes).toEqual(["(prefers-color-scheme: light) #fbf8f3", "(prefers-color-scheme: dark) #14161a"]);
  await page.close();
});

test("offline, the installed app opens practice and a past board already seen, and says today's ranked round needs the network", { timeout: 120_000 }, async () => {
  const archive = (await (await fetch(`${baseUrl}/api/puzzles?limit=2`)).json()) as { puzzles: { date: string; number: number }[] };
  const past = archive.puzzles[1];
  expect(past, "the launch date in wrangler.toml leaves at least one past puzzle").toBeDefined();
  const page = await context.newPage();
  await page.goto("/practice?seed=installed");
  await expect.poll(() => page.evaluate<boolean>("navigator.serviceWorker.controller !== null"), { timeout: 60_000 }).toBe(true);
  await expect.poll(() => page.locator("[data-word]").isEnabled(), { timeout: 30_000 }).toBe(true);
  await page.goto(`/play/${past.date}`);
  await expect.poll(() => page.locator("[data-title]").textContent(), { timeout: 20_000 }).toBe(`Tumbleword #${past.number}`);

  await context.setOffline(true);
  // This profile never saw today's French board: offline, its page says (in French) what it needs
  // and where to play instead.
  await page.goto("/fr");
  await expect.poll(() => page.locator("[data-status]").first().textContent(), { timeout: 20_000 }).toBe(
    "Vous êtes hors ligne\u00a0: la manche classée du jour a besoin du réseau. L'entraînement et les grilles passées déjà ouvertes restent jouables. Entraînement · Grilles passées",
  );
  expect(await page.locator("[data-status] a").evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(["/practice?lang=fr", "/fr/archive"]);
  // Today's English board was seen (the first test): it shows, and Start says the round needs the network.
  await page.goto("/");
  await startRoundButton(page).click();
  await expect.poll(() => page.locator("[data-feedback]").textContent(), { timeout: 20_000 }).toBe(
    "You are offline: today's ranked round needs the network. Practice and the past boards you have opened still play.",
  );
  await page.goto(`/play/${past.date}`);
  await expect.poll(() => page.locator("[data-title]").textContent(), { timeout: 20_000 }).toBe(`Tumbleword #${past.number}`);
  await page.goto("/practice?seed=offline-app");
  await expect.poll(() => page.locator("[data-word]").isEnabled(), { timeout: 30_000 }).toBe(true);
  await context.setOffline(false);
  await page.close();
});
