// `tumbleword bench`: the engine's speed and size, measured and printed as one table.
// Every board is shaken from the `new` dice with fresh seeds and solved with the default lexicon
// under the classic rules. Throughput runs on this one thread; cold start and peak memory are
// measured inside fresh child processes so nothing of this process's warm state leaks in.
import { execFileSync } from "node:child_process";
import { randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import {
  checkWord,
  createRng,
  DICE,
  Lexicon,
  RULES,
  shake,
  solve,
  solveTotals,
  type Board,
  type Die,
} from "../../shared/index.ts";
import { parseCommandLine, UsageError } from "../args.ts";
import { print, type Command } from "../command.ts";
import { findUp } from "../lexicon.ts";
import { renderTable } from "../render.ts";

const HELP = `Usage: tumbleword bench [--seconds S]

Measures the engine and prints one table: 4x4 boards per second (with paths, and score only),
16x16 and 64x64 median solve times, cold start CPU (fresh process: import the engine, load the
lexicon file, solve one 4x4), the lexicon's size raw and gzipped, one-word check time, and the
peak memory of solving a 64x64 board.

Boards are shaken from the 'new' dice with fresh seeds (16x16 and 64x64 trays hold the 16 'new'
dice repeated 16 and 256 times), solved with the default English lexicon under the classic rules.

Options:
  --seconds S   how long each throughput run lasts, after a warm-up of a quarter of it (default 2)
  -h, --help    show this help`;

const RULES_USED = RULES.classic;
const POOL_SIZE = 1 << 14;

/** A tray of `copies` full sets of the `new` dice: 16 copies fill 16x16, 256 fill 64x64. */
function newDiceTray(copies: number): Die[] {
  return Array.from({ length: copies }, () => DICE.new).flat();
}

/** Boards from fresh seeds (a random base, then consecutive seeds), shaken before any timing. */
function shakeBoards(count: number, dice: readonly Die[]): Board[] {
  const base = randomInt(0, 2 ** 32);
  return Array.from({ length: count }, (_, i) => shake(dice, createRng((base + i) >>> 0)));
}

/** Boards per second of `work` over the pool, for `seconds` after a warm-up. */
function throughput(pool: Board[], seconds: number, work: (board: Board) => number): number {
  let sink = 0;
  const run = (ms: number): number => {
    let n = 0;
    const start = performance.now();
    let now = start;
    while (now - start < ms) {
      for (let k = 0; k < 256; k++, n++) sink += work(pool[n % pool.length]);
      now = performance.now();
    }
    return n / ((now - start) / 1000);
  };
  run(seconds * 250);
  const rate = run(seconds * 1000);
  if (sink < 0) print(""); // keeps the work observable
  return rate;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median milliseconds to solve (with paths) each board, after solving `warmup` others. */
function medianSolveMs(boards: Board[], warmup: number, lexicon: Lexicon): number {
  const times: number[] = [];
  boards.forEach((board, i) => {
    const start = performance.now();
    solve(board, lexicon, RULES_USED);
    if (i >= warmup) times.push(performance.now() - start);
  });
  return median(times);
}

/** Mean microseconds per checkWord call, over a mix of accepted words and misses. */
function checkMicros(lexicon: Lexicon): number {
  const boards = shakeBoards(200, DICE.new);
  const cases: { board: Board; word: string }[] = [];
  boards.forEach((board, i) => {
    const other = boards[(i + 1) % boards.length];
    for (const w of solve(board, lexicon, RULES_USED).words) cases.push({ board, word: w.word }); // found
    for (const w of solve(other, lexicon, RULES_USED).words) cases.push({ board, word: w.word }); // mostly not on board
    cases.push({ board, word: "zzyzx" }, { board, word: "qi" }); // not a word, too short
  });
  let accepted = 0;
  const pass = () => {
    for (const { board, word } of cases) if (checkWord(board, lexicon, RULES_USED, word).accepted) accepted++;
  };
  pass();
  const rounds = Math.max(1, Math.ceil(1_000_000 / cases.length));
  const start = performance.now();
  for (let r = 0; r < rounds; r++) pass();
  const micros = ((performance.now() - start) * 1000) / (rounds * cases.length);
  if (accepted < 0) print("");
  return micros;
}

interface EngineModule {
  url: string;
  /** How the engine was imported, for the table. */
  form: string;
  cleanup(): void;
}

/**
 * The engine as the product ships it: bundled to one JavaScript module (as the Worker and the site
 * get it), with esbuild from the project's devDependencies. Without esbuild, the TypeScript
 * sources are imported directly, and Node's type stripping is then part of the import time.
 */
async function engineModule(enginePath: string): Promise<EngineModule> {
  try {
    const esbuildPath = createRequire(import.meta.url).resolve("esbuild");
    const esbuild = (await import(pathToFileURL(esbuildPath).href)) as typeof import("esbuild");
    const dir = mkdtempSync(join(tmpdir(), "tumbleword-bench-"));
    const outfile = join(dir, "engine.mjs");
    esbuild.buildSync({ entryPoints: [enginePath], bundle: true, format: "esm", platform: "neutral", outfile, logLevel: "error" });
    return { url: pathToFileURL(outfile).href, form: "engine bundled to one JS module", cleanup: () => rmSync(dir, { recursive: true, force: true }) };
  } catch {
    return { url: pathToFileURL(enginePath).href, form: "engine imported from its .ts sources (type stripping included)", cleanup: () => {} };
  }
}

/** Runs an ES module snippet in a fresh `node` and returns the JSON it prints. */
function runChild<T>(script: string, nodeFlags: string[] = []): T {
  const out = execFileSync(process.execPath, [...nodeFlags, "--input-type=module", "-e", script], { encoding: "utf8" });
  return JSON.parse(out) as T;
}

interface ColdStart {
  importUs: number;
  loadUs: number;
  solveUs: number;
  /** Load + shake + solve: the cold start the target speaks of. */
  coldUs: number;
  processCpuUs: number;
  processWallMs: number;
}

/**
 * A fresh process imports the engine, reads and wraps the lexicon file, shakes and solves one 4x4.
 * CPU time (user + system) is measured inside it with process.cpuUsage(): the engine's import, then
 * (the cold start proper) reading the lexicon through the end of the first solve; the whole
 * process's CPU and wall time are reported too.
 */
function coldStart(engineUrl: string, lexiconPath: string): ColdStart {
  const script = `
    const { readFileSync } = await import("node:fs");
    const t0 = process.cpuUsage();
    const cpu = () => { const u = process.cpuUsage(t0); return u.user + u.system; };
    const engine = await import(${JSON.stringify(engineUrl)});
    const imported = cpu();
    const lexicon = engine.Lexicon.fromBytes(readFileSync(${JSON.stringify(lexiconPath)}));
    const loaded = cpu();
    const board = engine.shake(engine.DICE.new, engine.createRng(${randomInt(0, 2 ** 32)}));
    const words = engine.solve(board, lexicon, engine.RULES.classic).totals.words;
    const solved = cpu();
    const total = process.cpuUsage();
    console.log(JSON.stringify({ importUs: imported, loadUs: loaded - imported, solveUs: solved - loaded,
      coldUs: solved - imported, processCpuUs: total.user + total.system, processWallMs: performance.now(), words }));`;
  return runChild<ColdStart>(script);
}

interface Memory {
  baselineRss: number;
  peakRss: number;
  heapDelta: number;
  words: number;
}

/** Peak memory of solving one 64x64 board, measured in a fresh process (after a GC). */
function peakMemory(engineUrl: string, lexiconPath: string): Memory {
  const script = `
    const engine = await import(${JSON.stringify(engineUrl)});
    const { readFileSync } = await import("node:fs");
    const lexicon = engine.Lexicon.fromBytes(readFileSync(${JSON.stringify(lexiconPath)}));
    const dice = Array.from({ length: 256 }, () => engine.DICE.new).flat();
    const board = engine.shake(dice, engine.createRng(${randomInt(0, 2 ** 32)}));
    globalThis.gc();
    const before = process.memoryUsage();
    const solution = engine.solve(board, lexicon, engine.RULES.classic);
    const after = process.memoryUsage();
    console.log(JSON.stringify({ baselineRss: before.rss, peakRss: process.resourceUsage().maxRSS * 1024,
      heapDelta: after.heapUsed - before.heapUsed, words: solution.totals.words }));`;
  return runChild<Memory>(script, ["--expose-gc"]);
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mb = (bytes: number) => `${fmt(bytes / 1024 / 1024, 1)} MB`;
const ms = (us: number) => `${fmt(us / 1000, 2)} ms`;
const verdict = (ok: boolean) => (ok ? "yes" : "NO");

export const benchCommand: Command = {
  name: "bench",
  summary: "measure the engine's speed and size; prints one table",
  help: HELP,
  async run(args) {
    const { values } = parseCommandLine({ args, options: { seconds: { type: "string" } } });
    const seconds = values.seconds === undefined ? 2 : Number(values.seconds);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) {
      throw new UsageError(`--seconds must be a number of seconds above 0 (up to 600), got '${values.seconds}'`);
    }
    const lexiconPath = findUp("dist/lexicon/english.bin");
    const enginePath = findUp("shared/index.ts");
    if (lexiconPath === null) throw new UsageError("the English lexicon (dist/lexicon/english.bin) is missing: run 'npm run build:lexicon'");
    if (enginePath === null) throw new UsageError("bench needs the engine's sources (shared/index.ts) beside the CLI");

    const bytes = readFileSync(lexiconPath);
    const lexicon = Lexicon.fromBytes(bytes);
    const gzipped = gzipSync(bytes, { level: 9 }).length;

    const pool = shakeBoards(POOL_SIZE, DICE.new);
    const withPaths = throughput(pool, seconds, (b) => solve(b, lexicon, RULES_USED).totals.words);
    const scoreOnly = throughput(pool, seconds, (b) => solveTotals(b, lexicon, RULES_USED).words);
    const big16 = medianSolveMs(shakeBoards(45, newDiceTray(16)), 5, lexicon);
    const big64 = medianSolveMs(shakeBoards(10, newDiceTray(256)), 1, lexicon);
    const check = checkMicros(lexicon);
    const engine = await engineModule(enginePath);
    let colds: ColdStart[];
    let memory: Memory;
    try {
      colds = Array.from({ length: 5 }, () => coldStart(engine.url, lexiconPath));
      memory = peakMemory(engine.url, lexiconPath);
    } finally {
      engine.cleanup();
    }
    const cold = (key: keyof ColdStart) => median(colds.map((c) => c[key]));

    const cpu = cpus();
    print(`Tumbleword engine benchmark: ${cpu[0]?.model ?? "unknown CPU"} (${cpu.length} cores), Node ${process.version}, ${process.platform}/${process.arch}`);
    print(`Boards shaken from the 'new' dice with fresh seeds; default English lexicon (${fmt(lexicon.wordCount)} words); classic rules.`);
    print(`Cold start and memory: fresh processes, ${engine.form}.`);
    print();
    print(
      renderTable(
        ["measure", "result", "target", "met"],
        [
          ["4x4 solve with paths (one core)", `${fmt(withPaths)} boards/s`, ">= 20,000 boards/s", verdict(withPaths >= 20_000)],
          ["4x4 score only (solveTotals)", `${fmt(scoreOnly)} boards/s`, "more than with paths", verdict(scoreOnly > withPaths)],
          ["16x16 solve, median of 40", `${fmt(big16, 2)} ms`, "< 5 ms", verdict(big16 < 5)],
          ["64x64 solve, median of 9", `${fmt(big64, 1)} ms`, "reported", "-"],
          // The target's definition: load the lexicon file, then the first 4x4 shake and solve.
          [
            "cold start CPU: load lexicon + first 4x4 (median of 5)",
            `${ms(cold("coldUs"))} (load ${ms(cold("loadUs"))}, shake + solve ${ms(cold("solveUs"))})`,
            "< 5 ms",
            verdict(cold("coldUs") < 5000),
          ],
          ["cold start: importing the engine module before that", ms(cold("importUs")), "reported", "-"],
          ["cold start, whole process incl. Node startup", `${ms(cold("processCpuUs"))} CPU, ${fmt(cold("processWallMs"), 1)} ms wall`, "reported", "-"],
          ["lexicon file", `${fmt(bytes.length)} bytes raw, ${fmt(gzipped)} gzipped`, "<= 1.5 MB gzipped", verdict(gzipped <= 1_500_000)],
          ["one-word check (checkWord)", `${fmt(check, 3)} µs`, "< 2 µs", verdict(check < 2)],
          [
            "peak memory, one 64x64 solve (fresh process)",
            `${mb(memory.peakRss)} peak RSS (+${mb(memory.peakRss - memory.baselineRss)} over loaded lexicon), heap +${mb(memory.heapDelta)}`,
            "reported",
            "-",
          ],
        ],
      ),
    );
  },
};
