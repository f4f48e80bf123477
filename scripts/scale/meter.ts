// The metered bench Worker (scripts/scale/bench-worker.ts) under wrangler dev, and requests to it:
// each answer carries the D1 statements, rows read and rows written it cost (X-D1), and its time.
// Every request made through call() is counted (requestCount), so a player-day can say how many
// Worker requests it took.
import path from "node:path";
import { freePort } from "../lib/ports.ts";
import { LocalServer, pinnedDayVars, retryWhilePortTaken, wranglerBin, wranglerEnv } from "../lib/server.ts";
import { median } from "../lib/stats.ts";
import { REPEAT, SCALE_LAUNCH, secret } from "./settings.ts";
import { type LocalD1, isMain, mainD1 } from "./local-d1.ts";

let server: LocalServer | undefined;
/** Absolute: wrangler resolves the entry point given on its command line against the working folder, a config's `main` against the config's. */
const benchWorker = path.join(import.meta.dirname, "bench-worker.ts");

export async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop(5000);
}
process.on("exit", () => server?.kill());
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void stopServer().then(() => process.exit(130));
  });
}

let base = "";
let requests = 0;

/** How many requests call() has sent so far (a player-day takes the difference). */
export const requestCount = (): number => requests;

/**
 * Starts the bench Worker on a free port, serving `d1` (wrangler.toml's shards unless a generated
 * config's); a port taken meanwhile by another program is tried again on another.
 */
export async function startServer(d1: LocalD1 = mainD1): Promise<void> {
  const config = isMain(d1) ? [] : ["--config", d1.config];
  server = await retryWhilePortTaken(
    async () => {
      const port = await freePort();
      return LocalServer.start({
        port,
        args: [
          wranglerBin, "dev", benchWorker, ...config, "--local", "--ip", "127.0.0.1", "--port", String(port), "--persist-to", d1.persist,
          "--var", `DAILY_SECRET:${secret}`, "--var", `LAUNCH_DATE:${SCALE_LAUNCH}`, ...pinnedDayVars(), "--show-interactive-dev-session=false", "--log-level", "error",
        ],
        env: wranglerEnv(),
        group: true,
        readyTimeoutMs: 120_000,
      });
    },
    3,
    0,
  );
  base = server.url;
}

// ---- requests
export interface Measure {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  ms: number;
}

export async function call(pathname: string, init: RequestInit & { cacheOff?: boolean } = {}): Promise<{ status: number; body: any; d1: [number, number, number]; ms: number }> {
  const headers = new Headers(init.headers);
  if (init.cacheOff) headers.set("X-Scale-Cache", "off");
  if (init.body !== undefined) headers.set("Content-Type", "application/json");
  const started = performance.now();
  requests++;
  const res = await fetch(`${base}${pathname}`, { ...init, headers });
  const text = await res.text();
  const ms = performance.now() - started;
  const d1 = (res.headers.get("X-D1") ?? "0 0 0").split(" ").map(Number) as [number, number, number];
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (res.status >= 400) throw new Error(`${init.method ?? "GET"} ${pathname}: ${res.status} ${text}`);
  return { status: res.status, body, d1, ms };
}



/**
 * Runs an operation REPEAT times: the D1 counts of the first run (a merge repeated finds its words
 * stored and writes nothing), the median time.
 */
export async function measure(run: () => Promise<{ d1: [number, number, number]; ms: number }>): Promise<Measure> {
  const times: number[] = [];
  let first: [number, number, number] | undefined;
  for (let i = 0; i < REPEAT; i++) {
    const result = await run();
    times.push(result.ms);
    first ??= result.d1;
  }
  const [statements, rowsRead, rowsWritten] = first ?? [0, 0, 0];
  return { statements, rowsRead, rowsWritten, ms: median(times) };
}
