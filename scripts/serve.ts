// Serves the whole product locally (API + built site, one Worker, local D1) with `wrangler dev`,
// and prints "Tumbleword is running at http://localhost:PORT" once it answers.
//
//   node scripts/serve.ts            (npm run serve; npm start builds first)
//   PORT=8790 node scripts/serve.ts  another port
//   PERSIST_DIR=/tmp/x ...           another local D1 state folder (default .wrangler/state)
//   ROUND_SECONDS=20 ...             ranked rounds of 20 s instead of wrangler.toml's (tests)
//
// Creates .dev.vars with a random development DAILY_SECRET when it is missing, applies pending
// local migrations (cheap when there are none), forwards SIGINT/SIGTERM to wrangler, and never
// leaves it running after this process exits.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const wranglerBin = path.join(root, "node_modules/wrangler/bin/wrangler.js");
const port = Number(process.env.PORT ?? 8787);
const persistDir = process.env.PERSIST_DIR;
const roundSeconds = process.env.ROUND_SECONDS;
const READY_TIMEOUT_MS = 120_000;

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number (1-65535), got "${process.env.PORT}"`);
  process.exit(2);
}
if (roundSeconds !== undefined && !/^[1-9]\d{0,4}$/.test(roundSeconds)) {
  console.error(`ROUND_SECONDS must be a whole number of seconds (1-99999), got "${roundSeconds}"`);
  process.exit(2);
}

function ensureDevVars(): void {
  const file = path.join(root, ".dev.vars");
  if (existsSync(file)) return;
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, `# Local development secrets (git ignores this file). See .dev.vars.example.\nDAILY_SECRET=${secret}\n`, { mode: 0o600 });
  console.log("Created .dev.vars with a random development DAILY_SECRET.");
}

let child: ChildProcess | undefined;
let stopping = false;

function wrangler(args: string[], stdio: "inherit" | "pipe"): ChildProcess {
  // No telemetry, and no fetch of Cloudflare's `request.cf` sample (there is no network here).
  const env = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" };
  // Its own process group, so stopping it also stops workerd under it.
  return spawn(process.execPath, [wranglerBin, ...args], { cwd: root, env, stdio: ["ignore", stdio, stdio], detached: true });
}

function stopChild(signal: NodeJS.Signals = "SIGTERM"): void {
  if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

function run(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    child = wrangler(args, "inherit");
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function waitUntilReady(): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && !stopping && child?.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopping = true;
    stopChild(signal === "SIGHUP" ? "SIGTERM" : signal);
    // If wrangler does not go within a few seconds, make sure it does.
    setTimeout(() => {
      stopChild("SIGKILL");
      process.exit(130);
    }, 5000).unref();
  });
}
process.on("exit", () => stopChild("SIGKILL"));

async function main(): Promise<number> {
  ensureDevVars();
  const site = path.join(root, "dist/site");
  if (!existsSync(site)) {
    console.warn("dist/site does not exist yet (run `npm run build`): serving the API only.");
    mkdirSync(site, { recursive: true });
  }
  const persist = persistDir ? ["--persist-to", persistDir] : [];
  const vars = roundSeconds ? ["--var", `ROUND_SECONDS:${roundSeconds}`] : [];

  const migrated = await run(["d1", "migrations", "apply", "DB", "--local", ...persist]);
  if (migrated !== 0 || stopping) return migrated || 1;

  child = wrangler(
    ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false", "--log-level", "warn", ...persist, ...vars],
    "inherit",
  );
  const exited = new Promise<number>((resolve) => child?.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  if (await waitUntilReady()) {
    console.log(`Tumbleword is running at http://localhost:${port}`);
  } else if (!stopping && child.exitCode === null) {
    console.error(`wrangler dev did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000} s`);
    stopChild();
  }
  return exited;
}

main().then(
  (code) => process.exit(stopping ? 0 : code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    stopChild("SIGKILL");
    process.exit(1);
  },
);
