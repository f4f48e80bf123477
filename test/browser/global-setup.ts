// Starts everything the browser tests need, once:
// 1. Chromium: Debian's /usr/bin/chromium, installed with apt when missing and running as root.
// 2. The product: `node scripts/serve.ts` (wrangler dev: API + built site, local D1 migrated
//    into a fresh temporary state folder) on a free port.
// 3. A third-party page on another localhost port that embeds the board with /widget.js.
import { type ChildProcess, execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "../..");
export const CHROMIUM = "/usr/bin/chromium";
const START_TIMEOUT_MS = 150_000;

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    thirdPartyUrl: string;
    chromium: string;
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

function startProduct(port: number, persistDir: string): Promise<ChildProcess> {
  const child = spawn(projectNode, ["scripts/serve.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persistDir },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(`did not start within ${START_TIMEOUT_MS / 1000} s`), START_TIMEOUT_MS);
    const fail = (why: string) => {
      clearTimeout(timer);
      child.kill("SIGTERM");
      reject(new Error(`scripts/serve.ts ${why}:\n${output.slice(-3000)}`));
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`Tumbleword is running at http://localhost:${port}`)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => fail(`exited with code ${code}`));
  });
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
  const product = await startProduct(port, persistDir).catch((error: unknown) => {
    rmSync(persistDir, { recursive: true, force: true });
    throw error;
  });
  const baseUrl = `http://localhost:${port}`;
  const thirdParty = await startThirdParty(thirdPort, baseUrl);
  project.provide("baseUrl", baseUrl);
  project.provide("thirdPartyUrl", `http://localhost:${thirdPort}`);
  project.provide("chromium", chromium);

  return async () => {
    await new Promise((resolve) => thirdParty.close(resolve));
    product.removeAllListeners("exit");
    const exited = new Promise((resolve) => product.once("exit", resolve));
    product.kill("SIGTERM"); // serve.ts stops wrangler and workerd with it
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 8000))]);
    rmSync(persistDir, { recursive: true, force: true });
  };
}
