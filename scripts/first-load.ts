// First-load figures (npm run first-load): bytes over the wire on a first and a second visit to
// the home page, and the time until the first word can be judged (the lexicon loaded and ready:
// the game root's data-lexicon="ready"), in Debian's Chromium throttled to the slow-4G profile
// Lighthouse and DevTools use (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up, through
// CDP Network.emulateNetworkConditions).
//
// Starts the product (scripts/serve.ts, built site, fresh local D1) on a spare loopback port,
// unless FIRST_LOAD_URL points at a running one (loopback only). Service workers are blocked so
// the figures are the page's own requests (the worker precaches the rest of the site in the
// background on a first visit); the second visit uses the browser's HTTP cache and the page's
// Cache Storage copy of the lexicon, as a returning player's browser would.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProduct } from "./lib/server.ts";
import { type BrowserContext, chromium } from "playwright-core";
import { helpRequested } from "./lib/usage.ts";

helpRequested(`
npm run first-load

Bytes over the wire and the time until the first word can be judged, on a first and a second
visit to the home page (or each of FIRST_LOAD_PAGES), in headless Chromium throttled to slow 4G.

Settings (environment variables):
  FIRST_LOAD_PAGES=/,/fr,/es,/de         the pages to measure, each in a fresh browser (default /)
  FIRST_LOAD_URL=http://127.0.0.1:PORT   measure a running local server instead of starting one
  CHROMIUM=/usr/bin/chromium             the browser to drive
`);

const root = path.resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROMIUM ?? "/usr/bin/chromium";
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};

async function startMeasured(): Promise<{ url: string; stop(): Promise<void> }> {
  const given = process.env.FIRST_LOAD_URL;
  if (given) {
    if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\/?$/.test(given)) throw new Error("FIRST_LOAD_URL must be a loopback http URL");
    return { url: given.replace(/\/$/, ""), stop: async () => undefined };
  }
  if (!existsSync(path.join(root, "dist/site/index.html"))) throw new Error("the site is not built: run `npm run build` first");
  const state = mkdtempSync(path.join(tmpdir(), "tumbleword-first-load-"));
  const server = await startProduct({ persistDir: state });
  return {
    url: `http://localhost:${server.port}`,
    stop: async () => {
      await server.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}

interface Visit {
  bytes: number;
  requests: number;
  lexiconBytes: number;
  /** The lexicon files fetched (a page should fetch its own language's only). */
  lexiconFiles: string[];
  readyMs: number;
}

async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  const urls = new Map<string, string>();
  let bytes = 0;
  let requests = 0;
  let lexiconBytes = 0;
  const lexiconFiles: string[] = [];
  cdp.on("Network.requestWillBeSent", (e) => urls.set(e.requestId, e.request.url));
  cdp.on("Network.loadingFinished", (e) => {
    if (e.encodedDataLength <= 0) return;
    bytes += e.encodedDataLength;
    requests += 1;
    const requested = urls.get(e.requestId) ?? "";
    if (requested.includes("/api/lexicon/")) {
      lexiconBytes += e.encodedDataLength;
      lexiconFiles.push(requested.split("/").pop()!.split(".")[0]);
    }
  });
  const start = Date.now();
  await page.goto(url, { timeout: 120_000 });
  await page.locator("[data-game-root][data-lexicon='ready']").waitFor({ state: "attached", timeout: 120_000 });
  const readyMs = Date.now() - start;
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  await page.close();
  return { bytes, requests, lexiconBytes, lexiconFiles, readyMs };
}

const product = await startMeasured();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"] });
const pages = (process.env.FIRST_LOAD_PAGES ?? "/").split(",").map((p) => p.trim());
if (pages.some((p) => !/^\/[a-z]*$/.test(p))) {
  console.error(`FIRST_LOAD_PAGES: expected paths such as /,/fr (got ${process.env.FIRST_LOAD_PAGES})`);
  process.exit(2);
}
try {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`First load in Chromium, slow 4G (562.5 ms RTT, 1.44 Mbit/s down), service worker blocked, from ${product.url}\n`);
  console.log("| page | visit | bytes over the wire | requests | of which lexicon | lexicon files | first word can be judged after |");
  console.log("|---|---|---|---|---|---|---|");
  for (const page of pages) {
    // A fresh browser profile per page: nothing cached from another language's visit.
    const context = await browser.newContext({ serviceWorkers: "block", viewport: { width: 390, height: 844 } });
    // Tell the page the walkthrough was seen, so nothing waits on a dialog.
    await context.addInitScript(() => localStorage.setItem("tw:onboarded", "first-load script"));
    const first = await visit(context, `${product.url}${page}`);
    const second = await visit(context, `${product.url}${page}`);
    for (const [name, v] of [["first", first], ["second", second]] as const) {
      const files = v.lexiconFiles.join(", ") || "none";
      console.log(`| ${page} | ${name} | ${v.bytes.toLocaleString("en")} B (${kb(v.bytes)}) | ${v.requests} | ${v.lexiconBytes.toLocaleString("en")} B | ${files} | ${(v.readyMs / 1000).toFixed(1)} s |`);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await product.stop();
}
