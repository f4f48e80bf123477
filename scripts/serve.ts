// Serves the whole product locally (API + built site, one Worker, local D1) with `wrangler dev`,
// and prints "Tumbleword is running at http://localhost:PORT" once it answers.
//
//   node scripts/serve.ts            (npm run serve; npm start builds first)
//   PORT=8790 node scripts/serve.ts  another port
//   PERSIST_DIR=/tmp/x ...           another local D1 state folder (default .wrangler/state)
//   WATCHDOG_SECONDS=20 ...          restart after /api/health has not answered for this long
//   ROUND_SECONDS=20 ...             ranked rounds of 20 s instead of wrangler.toml's (tests)
//   DAILY_SECRET=... ...             this daily secret instead of .dev.vars' (tests: the same boards
//                                    on every clone, not the clone's generated secret)
//   MODERATOR_IDS=id1,id2 ...        the moderators' player ids (the browser tests)
//   TODAY=2027-03-14 ...             pin the day: the server's clock runs on that day at the
//                                    current time of day (worker/dev/pinned-day.ts); the tests and
//                                    scripts pin theirs so no expectation follows the calendar
//   TODAY_BEGAN_AT=1795000000000 ... with TODAY: the real instant (ms) that day begins at (the
//                                    tests' begins ten hours before the run: test/days.ts)
//
// Creates .dev.vars with a random development DAILY_SECRET and a VAPID key pair (reminders) when
// they are missing (`npm run reminders:send` then sends today's reminders now), applies pending
// local migrations to every shard (cheap when there are none), forwards SIGINT/SIGTERM to wrangler, and never
// leaves it running after this process exits.
//
// Watchdog: once the server has answered, /api/health is asked every few seconds. When workerd
// dies, wrangler starts a new one but requests can hang for minutes; so when no health check
// has succeeded for WATCHDOG_SECONDS, wrangler and workerd are stopped and started again (the
// local D1 state survives), and the console says so. After MAX_RESTARTS restarts it gives up
// with a message and exit code 1.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { ensureDevVars } from "./lib/dev-vars.ts";
import { waitForFreePort } from "./lib/ports.ts";
import { migrateLocalShards } from "./lib/local-shards.ts";
import { isHealthy, pinnedDayVars, projectRoot, wranglerBin, wranglerEnv } from "./lib/server.ts";

const root = projectRoot;
const port = Number(process.env.PORT ?? 8787);
const persistDir = process.env.PERSIST_DIR;
const watchdogSeconds = Number(process.env.WATCHDOG_SECONDS ?? 20);
const roundSeconds = process.env.ROUND_SECONDS;
const dailySecret = process.env.DAILY_SECRET;
const today = process.env.TODAY;
const READY_TIMEOUT_MS = 120_000;
const HEALTH_INTERVAL_MS = 2000;
const HEALTH_TIMEOUT_MS = 5000;
const MAX_RESTARTS = 5;
const STOP_GRACE_MS = 5000;

if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`PORT must be a port number (1-65535), got "${process.env.PORT}"`);
  process.exit(2);
}
if (!Number.isFinite(watchdogSeconds) || watchdogSeconds < 2) {
  console.error(`WATCHDOG_SECONDS must be a number of seconds (at least 2), got "${process.env.WATCHDOG_SECONDS}"`);
  process.exit(2);
}
const dayVars = pinnedDayVars(); // exits with code 2 on a TODAY that is not a date
if (roundSeconds !== undefined && !/^[1-9]\d{0,4}$/.test(roundSeconds)) {
  console.error(`ROUND_SECONDS must be a whole number of seconds (1-99999), got "${roundSeconds}"`);
  process.exit(2);
}

function ensureLocalSecrets(): void {
  const added = ensureDevVars(path.join(root, ".dev.vars"));
  if (added.length > 0) console.log(`.dev.vars: added ${added.join(", ")} (random, for this machine).`);
}

let child: ChildProcess | undefined;
let stopping = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function wrangler(args: string[], stdio: "inherit" | "pipe"): ChildProcess {
  // Its own process group, so stopping it also stops workerd under it.
  return spawn(process.execPath, [wranglerBin, ...args], { cwd: root, env: wranglerEnv(), stdio: ["ignore", stdio, stdio], detached: true });
}

/** Signals wrangler's whole process group: workerd may outlive wrangler itself. */
function signalGroup(proc: ChildProcess | undefined, signal: NodeJS.Signals): void {
  if (proc?.pid === undefined) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // The group is gone.
  }
}

function stopChild(signal: NodeJS.Signals = "SIGTERM"): void {
  signalGroup(child, signal);
}

const exitOf = (proc: ChildProcess) =>
  new Promise<number>((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) resolve(proc.exitCode ?? 1);
    else proc.once("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

function run(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    child = wrangler(args, "inherit");
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const healthy = () => isHealthy(`http://127.0.0.1:${port}`, HEALTH_TIMEOUT_MS);

async function waitUntilReady(proc: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline && !stopping && proc.exitCode === null) {
    if (await healthy()) return true;
    await sleep(250);
  }
  return false;
}

/** Resolves once /api/health has not answered for watchdogSeconds (never while it does). */
async function unresponsive(proc: ChildProcess): Promise<"unresponsive"> {
  let lastAnswer = Date.now();
  for (;;) {
    await sleep(HEALTH_INTERVAL_MS);
    if (stopping || proc.exitCode !== null || proc.signalCode !== null) return new Promise(() => {});
    if (await healthy()) lastAnswer = Date.now();
    else if (Date.now() - lastAnswer >= watchdogSeconds * 1000) return "unresponsive";
  }
}

/** Stops wrangler and workerd: politely, then for sure (a hung workerd ignores SIGTERM). */
async function stopStack(proc: ChildProcess): Promise<void> {
  signalGroup(proc, "SIGTERM");
  await Promise.race([exitOf(proc), sleep(STOP_GRACE_MS)]);
  signalGroup(proc, "SIGKILL");
  await exitOf(proc);
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopping = true;
    stopChild(signal === "SIGHUP" ? "SIGTERM" : signal);
    // If wrangler does not go within a few seconds, make sure it does.
    setTimeout(() => {
      stopChild("SIGKILL");
      process.exit(130);
    }, STOP_GRACE_MS).unref();
  });
}
process.on("exit", () => stopChild("SIGKILL"));

async function main(): Promise<number> {
  ensureLocalSecrets();
  const site = path.join(root, "dist/site");
  if (!existsSync(site)) {
    console.warn("dist/site does not exist yet (run `npm run build`): serving the API only.");
    mkdirSync(site, { recursive: true });
  }
  const persist = persistDir ? ["--persist-to", persistDir] : [];
  const vars = [...(roundSeconds ? ["--var", `ROUND_SECONDS:${roundSeconds}`] : []), ...(dailySecret ? ["--var", `DAILY_SECRET:${dailySecret}`] : [])];
  vars.push(...dayVars);
  // The moderators' player ids (the browser tests pass theirs; otherwise .dev.vars may set them).
  if (process.env.MODERATOR_IDS) vars.push("--var", `MODERATOR_IDS:${process.env.MODERATOR_IDS}`);

  // Every shard gets the migrations (wrangler.toml's D1 bindings: worker/db/shards.ts; lib/local-shards.ts).
  let migrated = 0;
  const allMigrated = await migrateLocalShards(persistDir ?? path.join(root, ".wrangler/state"), async (binding) => {
    migrated = await run(["d1", "migrations", "apply", binding, "--local", ...persist]);
    return migrated === 0 && !stopping;
  });
  if (!allMigrated) return migrated || 1;

  for (let restarts = 0; ; restarts++) {
    const dev = wrangler(
      ["dev", "--local", "--ip", "127.0.0.1", "--port", String(port), "--show-interactive-dev-session=false", "--log-level", "warn", ...persist, ...vars],
      "inherit",
    );
    child = dev;
    const exited = exitOf(dev);
    if (!(await waitUntilReady(dev))) {
      if (!stopping && dev.exitCode === null) {
        console.error(`wrangler dev did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000} s`);
        stopChild();
      }
      return exited;
    }
    console.log(`Tumbleword is running at http://localhost:${port}${today ? ` as of ${today}` : ""}${restarts > 0 ? " (restarted)" : ""}`);

    const outcome = await Promise.race([exited, unresponsive(dev)]);
    if (outcome !== "unresponsive") return outcome; // wrangler stopped on its own, or we were asked to stop
    if (restarts + 1 > MAX_RESTARTS) {
      console.error(`Tumbleword stopped answering /api/health again after ${MAX_RESTARTS} restarts; giving up. Run \`npm start\` once the cause is fixed.`);
      await stopStack(dev);
      return 1;
    }
    console.error(`Tumbleword has not answered /api/health for ${watchdogSeconds} s: restarting the local server (wrangler dev and workerd; the local database is kept).`);
    await stopStack(dev);
    if (stopping) return 0;
    // The killed runtime's socket may hold the port a moment longer: the new one would find it taken.
    await waitForFreePort(port, STOP_GRACE_MS);
  }
}

main().then(
  (code) => process.exit(stopping ? 0 : code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    stopChild("SIGKILL");
    process.exit(1);
  },
);
