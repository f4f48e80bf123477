// `npm start` (scripts/serve.ts) watches its own server: when /api/health stops answering (here:
// workerd frozen with SIGSTOP, so every request hangs, as after a crash of workerd under
// wrangler), it says so, restarts wrangler and workerd, and the API answers again. And TODAY
// pins the day it serves.
import { type ChildProcess, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, inject, test } from "vitest";
import { type LocalServer, isHealthy, projectNode, startProduct } from "#scripts/lib/server.ts";
import { addDays, dayStart } from "#engine";

const root = path.resolve(import.meta.dirname, "../..");
const WATCHDOG_SECONDS = 4;
/** How often a condition without an event of its own is looked at again. */
const POLL_MS = 50;

/** Every live process under `pid`, with its command name, from /proc. */
function descendants(pid: number): { pid: number; comm: string }[] {
  const parents = new Map<number, number[]>();
  const comms = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid ...: comm may hold spaces, so read after the last ")".
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      comms.set(Number(entry), comm);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // Exited meanwhile.
    }
  }
  const out: { pid: number; comm: string }[] = [];
  const visit = (p: number) => {
    for (const c of parents.get(p) ?? []) {
      out.push({ pid: c, comm: comms.get(c) ?? "" });
      visit(c);
    }
  };
  visit(pid);
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return false;
  }
};

/**
 * Waits until `condition` holds, checking it again whenever `wake` fires (new output, say) and
 * every `POLL_MS` besides, for what has no event (another process's exit).
 */
async function waitFor(what: string, condition: () => boolean, timeoutMs: number, log: () => string, wake?: (check: () => void) => () => void): Promise<void> {
  if (condition()) return;
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (!condition()) return;
      stop();
      resolve();
    };
    const unwake = wake?.(check);
    const poll = setInterval(check, POLL_MS);
    const timeout = setTimeout(() => {
      stop();
      reject(new Error(`timed out waiting for ${what}; output:\n${log().slice(-3000)}`));
    }, timeoutMs);
    const stop = () => {
      unwake?.();
      clearInterval(poll);
      clearTimeout(timeout);
    };
  });
}

let server: LocalServer | undefined;
let serve: ChildProcess | undefined;
let persistDir: string | undefined;
const started: number[] = [];

afterAll(async () => {
  // serve.ts stops wrangler and workerd within a few seconds; whatever is left is killed below.
  await server?.stop(10_000);
  // Anything of ours still there (a failed run): stop it by its id.
  for (const pid of started) if (alive(pid)) process.kill(pid, "SIGKILL");
  if (persistDir) rmSync(persistDir, { recursive: true, force: true });
});

const today = inject("today");

/**
 * The server serves the pinned day as today: its health, today's puzzle and a round's end agree;
 * and its clock is the run's (test/days.ts), whose day began at TODAY_BEGAN_AT, whatever the time
 * of day on this machine: a round's serverTime is that far into the day.
 */
async function expectToday(port: number): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const health = (await (await fetch(`${base}/api/health`)).json()) as { today: string };
  expect(health.today).toBe(today);
  const puzzle = (await (await fetch(`${base}/api/puzzles/today`)).json()) as { date: string; closesAt: string };
  expect(puzzle.date).toBe(today);
  expect(puzzle.closesAt).toBe(`${addDays(today, 1)}T00:00:00.000Z`);
  const post = async <T>(route: string, token?: string) => {
    const res = await fetch(`${base}${route}`, { method: "POST", headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: "{}" });
    expect(res.status, route).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const { token } = await post<{ token: string }>("/api/players");
  const sentAt = Date.now();
  const { serverTime } = await post<{ serverTime: string }>("/api/puzzles/today/rounds", token);
  const intoDay = Date.parse(serverTime) - dayStart(today);
  expect(intoDay).toBeGreaterThanOrEqual(sentAt - inject("todayBeganAt") - 1000);
  expect(intoDay).toBeLessThanOrEqual(Date.now() - inject("todayBeganAt") + 1000);
}

test("refuses a TODAY that is not a date: one line, exit code 2", () => {
  const run = spawnSync(projectNode, ["scripts/serve.ts"], { cwd: root, env: { ...process.env, TODAY: "2027-02-30" }, encoding: "utf8", timeout: 30_000 });
  expect(run.status).toBe(2);
  expect(run.stderr.trim()).toBe('TODAY must be a date written YYYY-MM-DD, got "2027-02-30"');
});

test("restarts the local stack when /api/health stops answering, and says so", async () => {
  persistDir = mkdtempSync(path.join(tmpdir(), "tumbleword-serve-"));
  let output = "";
  // Started like every local server (scripts/lib/server.ts: answering /api/health, another port
  // if the one chosen is taken meanwhile); what serve.ts itself says is checked below.
  server = await startProduct({
    persistDir,
    // Pinned to the tests' day (TODAY): the server's today is that day, through the restart too.
    env: { WATCHDOG_SECONDS: String(WATCHDOG_SECONDS), TODAY: today, TODAY_BEGAN_AT: String(inject("todayBeganAt")) },
    onOutput: (chunk) => (output += chunk.toString()),
  });
  serve = server.child;
  const port = server.port;
  const log = () => output;
  /** Wakes a wait on each chunk of the server's output. */
  const onOutput = (check: () => void) => {
    serve!.stdout!.on("data", check);
    serve!.stderr!.on("data", check);
    return () => {
      serve!.stdout!.off("data", check);
      serve!.stderr!.off("data", check);
    };
  };
  const health = () => isHealthy(`http://127.0.0.1:${port}`, 2000);

  const running = `Tumbleword is running at http://localhost:${port} as of ${today}`;
  await waitFor("the server", () => output.includes(running), 150_000, log, onOutput);
  expect(await health()).toBe(true);
  await expectToday(port);

  const workerd = descendants(serve.pid!).filter((p) => p.comm.startsWith("workerd"));
  expect(workerd.length, JSON.stringify(descendants(serve.pid!))).toBeGreaterThan(0);
  started.push(...descendants(serve.pid!).map((p) => p.pid));
  const before = output.length;
  for (const p of workerd) process.kill(p.pid, "SIGSTOP");
  expect(await health()).toBe(false);

  await waitFor("the restart", () => output.slice(before).includes(`${running} (restarted)`), 120_000, log, onOutput);
  const said = output.slice(before);
  expect(said).toContain(`has not answered /api/health for ${WATCHDOG_SECONDS} s: restarting the local server`);
  expect(await health()).toBe(true);
  await expectToday(port);
  // The frozen workerd was stopped for good, not left behind.
  for (const p of workerd) expect(alive(p.pid), `workerd ${p.pid}`).toBe(false);
  started.push(...descendants(serve.pid!).map((p) => p.pid));

  // And it still stops cleanly, taking everything with it.
  const everything = descendants(serve.pid!);
  const exited = new Promise<number | null>((resolve) => serve!.once("exit", (code) => resolve(code)));
  serve.kill("SIGTERM");
  expect(await exited).toBe(0);
  await waitFor("wrangler and workerd to stop", () => everything.every((p) => !alive(p.pid)), 10_000, log);
});
