// The first load: today's board needs no lexicon; where one is needed (practice) it travels
// compressed and is cached for a year (its URL carries its hash), hashed scripts likewise; and no
// page is wider than a 390 px phone.
import { expect, test } from "vitest";
import { overflowX, useBrowser } from "./fixture.ts";
import { statSync } from "node:fs";
import path from "node:path";
import { root, todayPuzzle } from "./helpers.ts";
import { addDays } from "#engine";

const browser = useBrowser();

test("the lexicon arrives compressed (br or gzip), immutable for a year, and far smaller than raw, on practice only", async () => {
  // Today's board is judged from the day's words: the home page fetches no lexicon.
  const { page } = await browser.open("/stats", { viewport: "phone" });
  const lexicons: string[] = [];
  page.on("request", (r) => void (r.url().includes("/api/lexicon/") && lexicons.push(r.url())));
  await page.goto("/");
  await expect.poll(() => page.locator("[data-game-root]").getAttribute("data-judge"), { timeout: 30_000 }).toBe("ready");
  await page.waitForLoadState("networkidle");
  expect(lexicons).toEqual([]);
  // Practice plays boards the Worker never solved: it preloads the lexicon with its HTML.
  const arrived = page.waitForResponse((r) => r.url().includes("/api/lexicon/english."), { timeout: 30_000 });
  await page.goto("/practice");
  const response = await arrived;
  const headers = await response.allHeaders();
  expect(["br", "gzip"]).toContain(headers["content-encoding"]);
  expect(headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(headers["content-type"]).toBe("application/octet-stream");
  const sizes = await response.request().sizes();
  // The bytes the page gets are the built lexicon's; on the wire they take well under two thirds.
  const raw = statSync(path.join(root, "dist/lexicon/english.bin")).size;
  expect((await response.body()).byteLength).toBe(raw);
  expect(sizes.responseBodySize).toBeLessThan(raw * 0.6);

  // Hashed scripts and styles: immutable too.
  const script = await page.evaluate<string>(`document.querySelector("script[src^='/_astro/']").src`);
  const res = await page.request.get(script);
  expect(res.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("no page is wider than a 390 px phone", async () => {
  const { date } = await todayPuzzle();
  const pages = ["/", "/archive", "/leaderboard", "/practice", "/stats", "/how-to-play", `/play/${addDays(date, -1)}`, "/embed?date=today", "/no-such-page"];
  const { page } = await browser.open("/", { viewport: "phone" });
  for (const url of pages) {
    await page.goto(url);
    await page.waitForLoadState("load");
    // Pages fill in from the API: wait until the status line is no longer "Loading…".
    await expect.poll(() => page.evaluate<boolean>(`document.body.innerText.includes("Loading…")`), { timeout: 10_000 }).toBe(false);
    expect(await overflowX(page), url).toBe(0);
  }
});
