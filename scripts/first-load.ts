// First-load figures (npm run first-load): bytes over the wire to network idle and the time until
// the first word can be judged (the game root's data-judge="ready"), on a first and a second visit
// to the daily pages, and on a first visit to the three embeds from a page on another site (the
// widget, a room, a league: 127.0.0.1 embedding localhost, as a blog would), each against its
// target. In Debian's Chromium on a Pixel 7 viewport, throttled to the slow-4G profile Lighthouse
// and DevTools use (562.5 ms round trip, 1.44 Mbit/s down, 675 kbit/s up, through CDP
// Network.emulateNetworkConditions).
//
// Starts the product (scripts/serve.ts, built site, fresh local D1) on a spare loopback port,
// unless FIRST_LOAD_URL points at a running one (loopback only). Service workers are blocked so
// the figures are the page's own requests (the worker precaches the rest of the site in the
// background on a first visit); the second visit uses the browser's HTTP cache, as a returning
// player's browser would. An embed's figures count what the product serves (the snippet, the
// frame and all it loads), not the host page; frames stay in the page's process so that one
// throttled session sees them.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startProduct } from "./lib/server.ts";
import { startHostPage } from "./lib/host-page.ts";
import { freePort } from "./lib/ports.ts";
import { type BrowserContext, type Frame, type Page, chromium } from "playwright-core";
import { helpRequested } from "./lib/usage.ts";

helpRequested(`
npm run first-load

Bytes over the wire and the time until the first word can be judged, on a first and a second
visit to each daily page, and on a first visit to the widget, room and league embeds from a page
on another site, in headless Chromium throttled to slow 4G, each against its target.

Settings (environment variables):
  FIRST_LOAD_PAGES=/,/fr,/es,/de         the daily pages to measure, each in a fresh browser (default all four)
  FIRST_LOAD_EMBEDS=widget,room,league   the embeds to measure (default all three; "none" for none)
  FIRST_LOAD_VERBOSE=1                   list every request counted, with its bytes and when it left and ended
  FIRST_LOAD_URL=http://localhost:PORT   measure a running local server instead of starting one
  CHROMIUM=/usr/bin/chromium             the browser to drive
`);

/** Issue 40's targets: bytes to network idle on a first visit, and whether a lexicon may load. */
const TARGETS = {
  page: { maxBytes: 120 * 1024, judgedWithinMs: 2500 },
  widget: { maxBytes: 100 * 1024 },
  room: { maxBytes: 100 * 1024 },
  league: { maxBytes: 100 * 1024 },
} as const;
const EMBEDS = ["widget", "room", "league"] as const;
type EmbedKind = (typeof EMBEDS)[number];

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
    // localhost: the embeds' host page is on 127.0.0.1, another site.
    if (!/^http:\/\/localhost(:\d+)?\/?$/.test(given)) {
      console.error(`FIRST_LOAD_URL: expected http://localhost:PORT (got ${given})`);
      process.exit(2);
    }
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
  /** The lexicon files fetched (a daily page fetches none: it judges from the day's words). */
  lexiconFiles: string[];
  readyMs: number;
}

/** Loads `url` throttled, waits until `ready` and then network idle; counts what came from `countFrom`. */
async function visit(context: BrowserContext, url: string, countFrom: string, ready: (page: Page) => Promise<unknown>): Promise<Visit> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
  const urls = new Map<string, string>();
  const v: Visit = { bytes: 0, requests: 0, lexiconBytes: 0, lexiconFiles: [], readyMs: 0 };
  /** When each request left, on the protocol's clock (s), and when the navigation did. */
  const sentAt = new Map<string, number>();
  let firstSent: number | undefined;
  cdp.on("Network.requestWillBeSent", (e) => {
    urls.set(e.requestId, e.request.url);
    sentAt.set(e.requestId, e.timestamp);
    firstSent ??= e.timestamp;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const requested = urls.get(e.requestId) ?? "";
    if (e.encodedDataLength <= 0 || !requested.startsWith(countFrom)) return;
    v.bytes += e.encodedDataLength;
    v.requests += 1;
    if (process.env.FIRST_LOAD_VERBOSE === "1") {
      const at = (t: number | undefined) => `${(t! - firstSent!).toFixed(2)} s`;
      console.log(`  ${e.encodedDataLength.toLocaleString("en").padStart(9)} B  sent ${at(sentAt.get(e.requestId))}, done ${at(e.timestamp)}  ${requested.slice(countFrom.length)}`);
    }
    if (requested.includes("/api/lexicon/") && requested.endsWith(".bin")) {
      v.lexiconBytes += e.encodedDataLength;
      v.lexiconFiles.push(requested.split("/").pop()!.split(".")[0]!);
    }
  });
  const start = Date.now();
  await page.goto(url, { timeout: 120_000 });
  await ready(page);
  v.readyMs = Date.now() - start;
  await page.waitForLoadState("networkidle", { timeout: 120_000 });
  await page.close();
  return v;
}

const judged = (surface: Page | Frame) => surface.locator("[data-game-root][data-judge='ready']").waitFor({ state: "attached", timeout: 120_000 });

/** The embed's frame, once the snippet has made it. */
async function embedFrame(page: Page): Promise<Frame> {
  await page.locator("iframe").waitFor({ state: "attached", timeout: 120_000 });
  return (await (await page.$("iframe"))!.contentFrame())!;
}

/** What each embed shows when it is ready to use: the board judged, the room's join form, the league's table. */
const EMBED_READY: Record<EmbedKind, (page: Page) => Promise<unknown>> = {
  widget: async (page) => judged(await embedFrame(page)),
  room: async (page) => (await embedFrame(page)).locator("[data-join-form]").waitFor({ timeout: 120_000 }),
  league: async (page) => (await embedFrame(page)).locator("[data-league-rows] tr").first().waitFor({ timeout: 120_000 }),
};

/** The host page's query for an embed: a fresh room, or a fresh league's embed key. */
async function embedQuery(kind: EmbedKind, productUrl: string): Promise<string> {
  const post = async (route: string, body: unknown, token?: string) => {
    const res = await fetch(`${productUrl}${route}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, string>;
  };
  if (kind === "widget") return "";
  if (kind === "room") return `?room=${(await post("/api/rooms", { name: "Host", size: 4, rules: "classic", seconds: 60 })).code}`;
  const { token } = await post("/api/players", { name: "Measurer" });
  const { code } = await post("/api/leagues", { name: "First load" }, token);
  const league = (await (await fetch(`${productUrl}/api/leagues/${code}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { embedKey: string };
  return `?league=${league.embedKey}`;
}

function listSetting(name: string, fallback: readonly string[], allowed: RegExp): string[] {
  const given = process.env[name];
  const list = given === undefined ? [...fallback] : given === "none" ? [] : given.split(",").map((p) => p.trim());
  if (list.some((p) => !allowed.test(p))) {
    console.error(`${name}: expected a comma-separated list such as ${fallback.join(",")} (got ${given})`);
    process.exit(2);
  }
  return list;
}

const pages = listSetting("FIRST_LOAD_PAGES", ["/", "/fr", "/es", "/de"], /^\/[a-z]*$/);
const embeds = listSetting("FIRST_LOAD_EMBEDS", EMBEDS, /^(widget|room|league)$/) as EmbedKind[];
const product = await startMeasured();
const hostPort = await freePort();
const host = await startHostPage(hostPort, product.url);
const hostUrl = `http://127.0.0.1:${hostPort}`;
// Cross-site frames in the page's own process, so that the page's throttled session carries them.
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run", "--disable-features=IsolateOrigins,site-per-process", "--disable-site-isolation-trials"],
});
const PIXEL_7 = { viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true };
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const row = (what: string, visit: string, v: Visit, target: number) =>
  console.log(
    `| ${what} | ${visit} | ${v.bytes.toLocaleString("en")} B (${kb(v.bytes)}) | ${v.requests} | ${v.lexiconBytes.toLocaleString("en")} B | ${v.lexiconFiles.join(", ") || "none"} | ${(v.readyMs / 1000).toFixed(1)} s | ${visit === "first" ? `${kb(target)}: ${v.bytes <= target ? "met" : "MISSED"}` : "-"} |`,
  );
try {
  console.log(`First load in Chromium, Pixel 7 viewport, slow 4G (562.5 ms RTT, 1.44 Mbit/s down), service worker blocked, from ${product.url}`);
  console.log(`Targets: a daily page at most ${kb(TARGETS.page.maxBytes)} with its first word judged within ${TARGETS.page.judgedWithinMs / 1000} s; an embed at most ${kb(TARGETS.widget.maxBytes)}, no lexicon\n`);
  console.log("| page | visit | bytes over the wire | requests | of which lexicon | lexicon files | ready after | target |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const page of pages) {
    // A fresh browser profile per page: nothing cached from another language's visit.
    const context = await browser.newContext({ serviceWorkers: "block", ...PIXEL_7 });
    // Tell the page the walkthrough was seen, so nothing waits on a dialog.
    await context.addInitScript(() => localStorage.setItem("tw:onboarded", "first-load script"));
    const url = `${product.url}${page}`;
    row(page, "first", await visit(context, url, product.url, judged), TARGETS.page.maxBytes);
    row(page, "second", await visit(context, url, product.url, judged), TARGETS.page.maxBytes);
    await context.close();
  }
  for (const kind of embeds) {
    const context = await browser.newContext({ serviceWorkers: "block", ...PIXEL_7 });
    const url = `${hostUrl}/${await embedQuery(kind, product.url)}`;
    row(`${kind} embed on another site`, "first", await visit(context, url, product.url, EMBED_READY[kind]), TARGETS[kind].maxBytes);
    await context.close();
  }
} finally {
  await browser.close();
  await new Promise((resolve) => host.close(resolve));
  await product.stop();
}
