// Starts everything the browser tests need, once:
// 1. Chromium: Debian's /usr/bin/chromium, installed with apt when missing and running as root.
// 2. The product: `node scripts/serve.ts` (wrangler dev: API + built site, local D1 migrated
//    into a fresh temporary state folder) on a free port, with ranked rounds of ROUND_SECONDS
//    (default 40 s) instead of 3 minutes.
// 3. A third-party page on another localhost port that embeds the board with /widget.js.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { type WriteStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
export const CHROMIUM = "/usr/bin/chromium";
const START_TIMEOUT_MS = 150_000;
/** Short ranked rounds, so the tests that play one to its end don't wait 3 real minutes. */
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 40);

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    thirdPartyUrl: string;
    chromium: string;
    /** The ranked round's length the product runs with (ROUND_SECONDS). */
    roundSeconds: number;
  }
}

function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (process.getuid?.() === 0) {
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (existsSync(CHROMIUM)) return CHROMIUM;
  }
  throw new Error("Chromium is missing: install it with `sudo apt-get update && sudo apt-get install -y chromium`");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The project's pinned Node (24, runs .ts directly), whatever Node started vitest. */
const projectNode = existsSync(path.join(root, "node_modules/node/bin/node")) ? path.join(root, "node_modules/node/bin/node") : process.execPath;

/**
 * The product under test: `node scripts/serve.ts` on a fixed port and D1 state folder. Its output
 * goes to test-results/browser-server.log. If it stops unexpectedly mid-run it is started again
 * on the same port and state (rounds and words survive in D1), and the log says so.
 */
class Product {
  private child: ChildProcess | null = null;
  private stopping = false;
  private restarts = 0;
  private readonly port: number;
  private readonly persistDir: string;
  private readonly log: WriteStream;

  constructor(port: number, persistDir: string) {
    this.port = port;
    this.persistDir = persistDir;
    mkdirSync(path.join(root, "test-results"), { recursive: true });
    this.log = createWriteStream(path.join(root, "test-results/browser-server.log"), { flags: "w" });
  }

  start(): Promise<void> {
    const child = spawn(projectNode, ["scripts/serve.ts"], {
      cwd: root,
      env: { ...process.env, PORT: String(this.port), PERSIST_DIR: this.persistDir, ROUND_SECONDS: String(ROUND_SECONDS) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    let output = "";
    return new Promise((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => fail(`did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
      const fail = (why: string) => {
        clearTimeout(timer);
        child.kill("SIGTERM");
        reject(new Error(`scripts/serve.ts ${why}:\n${output.slice(-3000)}`));
      };
      const onData = (chunk: Buffer) => {
        this.log.write(chunk);
        if (ready) return;
        output += chunk.toString();
        if (output.includes(`Tumbleword is running at http://localhost:${this.port}`)) {
          ready = true;
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on("data", onData);
      child.stderr!.on("data", onData);
      child.once("exit", (code, signal) => {
        if (!ready) return fail(`exited with code ${code}`);
        if (this.stopping || this.restarts >= 3) return;
        this.restarts += 1;
        this.log.write(`\n[browser tests] scripts/serve.ts stopped unexpectedly (code ${code}, signal ${signal}); restarting\n`);
        this.start().catch((error: unknown) => this.log.write(`[browser tests] restart failed: ${error}\n`));
      });
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM"); // serve.ts stops wrangler and workerd with it
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
    }
    await new Promise((resolve) => this.log.end(resolve));
  }
}

/** The "other site": a page on its own port that embeds the board with the one-line script tag. */
function startThirdParty(port: number, productUrl: string): Promise<Server> {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog about words</title></head>
<body><h1>A blog about words</h1><p>Today's puzzle, right here:</p>
<script src="${productUrl}/widget.js" data-date="today" async></script>
<p id="after">Text after the widget.</p></body></html>`;
  const server = createServer((req, res) => {
    if (req.url === "/" || req.url?.startsWith("/?")) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(page);
    } else {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const chromium = ensureChromium();
  if (!existsSync(path.join(root, "dist/site/index.html")) || !existsSync(path.join(root, "dist/lexicon/english.bin"))) {
    throw new Error("The site is not built: run `npm run build` first (`npm test` does)");
  }
  const persistDir = mkdtempSync(path.join(tmpdir(), "tumbleword-browser-"));
  const [port, thirdPort] = [await freePort(), await freePort()];
  const product = new Product(port, persistDir);
  await product.start().catch(async (error: unknown) => {
    await product.stop();
    rmSync(persistDir, { recursive: true, force: true });
    throw error;
  });
  const baseUrl = `http://localhost:${port}`;
  const thirdParty = await startThirdParty(thirdPort, baseUrl);
  project.provide("baseUrl", baseUrl);
  project.provide("thirdPartyUrl", `http://localhost:${thirdPort}`);
  project.provide("chromium", chromium);
  project.provide("roundSeconds", ROUND_SECONDS);

  return async () => {
    await new Promise((resolve) => thirdParty.close(resolve));
    await product.stop();
    rmSync(persistDir, { recursive: true, force: true });
  };
}
