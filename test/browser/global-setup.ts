// Starts what the browser tests need, once, without holding up the other projects:
// 1. The product: `node scripts/serve.ts` (wrangler dev: API + built site, local D1 migrated into
//    a fresh temporary state folder) on a free port, with ranked rounds of ROUND_SECONDS, through
//    scripts/lib/server.ts (ready once /api/health answers). The setup returns as soon as the
//    server is spawned: it boots while the engine, CLI and Worker
//    tests run, and each browser test file waits for it (fixture.ts, through the status file).
// 2. A third-party page on another site (http://127.0.0.1:PORT, while the product is
//    http://localhost:PORT: another host, so another site, not only another origin) that embeds
//    the board with /widget.js; its query (?lang=fr, ?room=CODE, ?league=CODE, ?date=) becomes
//    the snippet's data- attributes.
// Chromium is not installed here: `npm test` does that first (scripts/ensure-install.mjs).
// The server is never restarted behind the tests' back: when it exits or its watchdog restarts
// it, the status file says so with the end of its log, and the next file to check fails with it.
import { type WriteStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startHostPage } from "#scripts/lib/host-page.ts";
import { freePort } from "#scripts/lib/ports.ts";
import { type LocalServer, spawnProduct } from "#scripts/lib/server.ts";
import type { TestProject } from "vitest/node";
import { CHROMIUM, type ServerStatus } from "./server-status.ts";
import { BROWSER_MODERATOR_ID } from "./moderator-id.ts";
import { dayOfProject } from "./project.ts";
import { TEST_DAILY_SECRET, todayBeganAt } from "../days.ts";

const root = path.resolve(import.meta.dirname, "../..");
const START_TIMEOUT_MS = 150_000;
const START_ATTEMPTS = 3;
/**
 * Short ranked rounds, so the tests that play one to its end don't wait 3 real minutes; long
 * enough for the tests that play inside one on a busy 2-core machine.
 */
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 40);
/**
 * The daily secret the product runs with: fixed, so every clone plays the same boards (a clone's
 * own .dev.vars holds a secret generated at random). DAILY_SECRET in the environment overrides it.
 */
const DAILY_SECRET = process.env.DAILY_SECRET ?? TEST_DAILY_SECRET;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    thirdPartyUrl: string;
    chromium: string;
    /** The ranked round's length the product runs with (ROUND_SECONDS). */
    roundSeconds: number;
    /** A JSON file holding the product server's ServerStatus. */
    serverStatusFile: string;
    /** The server's local state folder (its D1 among it), for tests that move a round's clock. */
    serverStateDir: string;
    /** The daily secret the server runs with (tokens are signed with a key derived from it). */
    dailySecret: string;
  }
}

/**
 * The product under test: `node scripts/serve.ts` on a fixed port and D1 state folder. Its output
 * goes to test-results/<project>-server.log; its state (starting, ready, failed) to the status file.
 */
class Product {
  private server: LocalServer | null = null;
  private stopping = false;
  private state: ServerStatus["state"] = "starting";
  private output = "";
  private readonly log: WriteStream;
  private readonly port: number;
  private readonly persistDir: string;
  private readonly statusFile: string;
  private readonly today: string;
  private readonly logFile: string;

  constructor(port: number, persistDir: string, statusFile: string, today: string, logFile: string) {
    this.port = port;
    this.persistDir = persistDir;
    this.statusFile = statusFile;
    this.today = today;
    this.logFile = logFile;
    mkdirSync(path.dirname(logFile), { recursive: true });
    this.log = createWriteStream(logFile, { flags: "w" });
    this.write({ state: "starting" });
  }

  private write(status: ServerStatus): void {
    this.state = status.state;
    // Written aside then renamed: a test file polling it never reads a half-written (empty) file.
    writeFileSync(`${this.statusFile}.tmp`, JSON.stringify(status));
    renameSync(`${this.statusFile}.tmp`, this.statusFile);
  }

  private fail(why: string): void {
    if (this.stopping || this.state === "failed") return;
    const message = `scripts/serve.ts ${why} (its log: ${path.relative(root, this.logFile)}):\n${this.output.slice(-3000)}`;
    this.write({ state: "failed", message });
    console.error(`[browser tests] ${message}`);
  }

  /**
   * Starts serve.ts; when wrangler could not bind one of its sockets while booting ("Address already
   * in use": several wranglers starting at once on this machine, the sweep's among them), it is
   * started again on the same port and state folder (migrated by then), up to START_ATTEMPTS times.
   */
  start(attempt = 1): void {
    let said = ""; // this attempt's output
    const server = spawnProduct({
      port: this.port,
      persistDir: this.persistDir,
      // A minute before the watchdog restarts it (npm start's 20 s): the sweep's servers boot beside
      // the Worker files on two cores, when a health check can wait that long.
      env: { ROUND_SECONDS: String(ROUND_SECONDS), DAILY_SECRET, MODERATOR_IDS: BROWSER_MODERATOR_ID, TODAY: this.today, TODAY_BEGAN_AT: String(todayBeganAt()), WATCHDOG_SECONDS: "60" },
      readyTimeoutMs: START_TIMEOUT_MS,
      onOutput: (chunk) => {
        this.log.write(chunk);
        said = (said + chunk.toString()).slice(-5000);
        this.output = (this.output + chunk.toString()).slice(-20_000);
        // serve.ts's watchdog restarts a hung server: in a test run that is a failure to report.
        if (this.state === "ready" && /restarting the local server|\(restarted\)/.test(this.output)) this.fail("stopped answering and was restarted by its watchdog");
      },
    });
    this.server = server;
    server.ready.then(
      () => this.write({ state: "ready" }),
      () => {
        if (!server.running) return; // The exit says why.
        this.fail(`did not answer /api/health within ${START_TIMEOUT_MS / 1000} s`);
        void server.stop();
      },
    );
    void server.exit().then(() => {
      const clash = this.state === "starting" && /Address already in use/.test(said);
      if (clash && !this.stopping && attempt < START_ATTEMPTS) setTimeout(() => this.start(attempt + 1), 2000 * attempt);
      else this.fail(`exited (code ${server.child.exitCode}, signal ${server.child.signalCode})`);
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.server?.stop(); // serve.ts stops wrangler and workerd with it
    await new Promise((resolve) => this.log.end(resolve));
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium is missing (${CHROMIUM}): run \`node scripts/ensure-install.mjs --browser\` (\`npm test\` does), or \`sudo apt-get install -y chromium\``);
  }
  if (!existsSync(path.join(root, "dist/site/index.html")) || !existsSync(path.join(root, "dist/lexicon/english.bin"))) {
    throw new Error("The site is not built: run `npm run build` first (`npm test` does)");
  }
  const persistDir = mkdtempSync(path.join(tmpdir(), "tumbleword-browser-"));
  const statusFile = path.join(persistDir, "server-status.json");
  const [port, thirdPort] = [await freePort(), await freePort()];
  const today = dayOfProject(project.name);
  const logFile = path.join(root, `test-results/${project.name.replace("@", "-")}-server.log`); // browser-server.log, browser-2027-08-18-server.log
  const product = new Product(port, persistDir, statusFile, today, logFile);
  product.start();
  const baseUrl = `http://localhost:${port}`;
  const thirdParty = await startHostPage(thirdPort, baseUrl);
  project.provide("baseUrl", baseUrl);
  // Another host than the product's localhost: a cross-site frame, whose storage Chromium blocks.
  project.provide("thirdPartyUrl", `http://127.0.0.1:${thirdPort}`);
  project.provide("chromium", CHROMIUM);
  project.provide("roundSeconds", ROUND_SECONDS);
  project.provide("serverStatusFile", statusFile);
  project.provide("serverStateDir", persistDir);
  project.provide("dailySecret", DAILY_SECRET);
  project.provide("today", today);
  project.provide("todayBeganAt", todayBeganAt());

  return async () => {
    await new Promise((resolve) => thirdParty.close(resolve));
    await product.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
