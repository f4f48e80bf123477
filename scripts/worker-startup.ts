// How long the Worker takes to start, measured in workerd: the script `npm run deploy` would upload
// (`wrangler deploy --dry-run`: minified, with its lexicons and blocklists as data and text modules)
// is started STARTUP_RUNS times through Miniflare (the runtime wrangler dev runs), each time until it
// is ready and then until it answers a first request (an unknown API path: 404); an empty Worker with the same compatibility
// date is started the same way in turn. The difference of the medians is the script's own start:
// parsing, compiling and running its top level (Cloudflare refuses a script whose start exceeds its
// startup limit, and pays the start again on every cold isolate).
//
//   node scripts/worker-startup.ts            (STARTUP_RUNS=7 by default)
//   STARTUP_RUNS=3 node scripts/worker-startup.ts
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Miniflare, type V4WorkerOptions as WorkerOptions, convertV4MiniflareOptions } from "miniflare";
import { d1Bindings, projectNode, projectRoot, wranglerBin, wranglerEnv } from "./lib/server.ts";

const runs = Number(process.env.STARTUP_RUNS ?? 7);
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  console.error(`STARTUP_RUNS must be a whole number of runs (1-100), got "${process.env.STARTUP_RUNS}"`);
  process.exit(2);
}

const compatibilityDate = /^compatibility_date\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(projectRoot, "wrangler.toml"), "utf8"))?.[1];
if (!compatibilityDate) throw new Error("wrangler.toml has no compatibility_date");

interface Start {
  /** From the start until workerd has loaded the script (its top level run). */
  readyMs: number;
  /** From then until a first request (an unknown API path: routing only) is answered. */
  firstRequestMs: number;
}

/** Starts one Worker in a fresh workerd, times it, and stops it. */
async function timeStart(worker: WorkerOptions): Promise<Start> {
  const started = performance.now();
  const mf = new Miniflare(convertV4MiniflareOptions({ workers: [worker] }));
  try {
    await mf.ready;
    const ready = performance.now();
    const res = await mf.dispatchFetch("http://localhost/api/startup-probe");
    await res.arrayBuffer();
    if (res.status !== 404) throw new Error(`the first request answered ${res.status}, not 404`);
    return { readyMs: ready - started, firstRequestMs: performance.now() - ready };
  } finally {
    await mf.dispose();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const outdir = mkdtempSync(path.join(tmpdir(), "tumbleword-startup-"));
try {
  // What a deployment uploads, bundled by wrangler as `npm run deploy` would (nothing is sent).
  execFileSync(projectNode, [wranglerBin, "deploy", "--dry-run", "--outdir", outdir], { cwd: projectRoot, env: wranglerEnv(), stdio: "ignore" });
  const script = path.join(outdir, "index.js");
  // Beside index.js: the lexicons and lists it imports (wrangler also writes a README.md there).
  const modules = readdirSync(outdir).filter((name) => /\.(bin|txt|js|mjs)$/.test(name) && name !== "index.js");
  const uploadBytes = [script, ...modules.map((name) => path.join(outdir, name))].reduce((sum, file) => sum + statSync(file).size, 0);
  const empty = path.join(outdir, "empty-worker.mjs");
  writeFileSync(empty, 'export default { fetch: () => new Response("not found", { status: 404 }) };\n');

  // Each module as wrangler.toml's rules type it (lexicons as data, lists as text).
  const typeOf = (name: string) => (name.endsWith(".bin") ? "Data" : name.endsWith(".txt") ? "Text" : "ESModule");
  // Both Workers get wrangler.toml's D1 databases (in memory), which every API request opens.
  const d1Databases = d1Bindings().map(({ binding }) => binding);
  const worker: WorkerOptions = {
    name: "tumbleword",
    d1Databases,
    modules: ["index.js", ...modules].map((name) => ({ type: typeOf(name), path: path.join(outdir, name) })),
    modulesRoot: outdir,
    compatibilityDate,
  };
  const emptyWorker: WorkerOptions = { name: "empty", modules: true, scriptPath: empty, modulesRoot: outdir, compatibilityDate, d1Databases };
  // One start of each first, not counted: the disk cache and workerd's binary warm up.
  await timeStart(emptyWorker);
  await timeStart(worker);
  const ours: Start[] = [];
  const baseline: Start[] = [];
  for (let i = 0; i < runs; i++) {
    baseline.push(await timeStart(emptyWorker));
    ours.push(await timeStart(worker));
  }
  const row = (label: string, starts: Start[]) =>
    `${label.padEnd(28)} ready ${median(starts.map((s) => s.readyMs)).toFixed(1).padStart(7)} ms   first request ${median(starts.map((s) => s.firstRequestMs)).toFixed(1).padStart(6)} ms`;
  console.log(`Worker start in workerd (Miniflare), median of ${runs} start${runs === 1 ? "" : "s"} each, compatibility date ${compatibilityDate}`);
  console.log(`the upload: index.js ${statSync(script).size.toLocaleString("en")} B, ${modules.length} modules beside it, ${uploadBytes.toLocaleString("en")} B in all`);
  console.log(row("an empty Worker", baseline));
  console.log(row("Tumbleword's Worker", ours));
  const ownMs = median(ours.map((s) => s.readyMs)) - median(baseline.map((s) => s.readyMs));
  const firstMs = median(ours.map((s) => s.firstRequestMs)) - median(baseline.map((s) => s.firstRequestMs));
  console.log(`the script's own start: ${ownMs.toFixed(1)} ms to ready, ${firstMs.toFixed(1)} ms more to its first answer`);
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
