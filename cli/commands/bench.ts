// `tumbleword bench`: the engine's speed and size, measured and printed as one table.
// Every board is shaken from the `new` dice with fresh seeds and solved with the default lexicon
// under the classic rules. Throughput runs on this one thread and is counted per second of this
// process's CPU time (the wall clock is shown too: on a shared machine it also counts the time
// other programs had the core). Cold start, peak memory and the batch command are measured in
// fresh child processes so nothing of this process's warm state leaks in.
import { boardRows, createRng, DICE, RULES, shake, type Board, type Die, type Lexicon } from "#engine";
import { parseCommandLine, parseIntegerOption, UsageError } from "../args.ts";
import { print, type Command } from "../command.ts";
import { findUp } from "../lexicon.ts";
import { renderTable } from "../render.ts";

const { mkdtempSync, readFileSync, rmSync, writeFileSync } = process.getBuiltinModule("node:fs");
const { cpus, tmpdir } = process.getBuiltinModule("node:os");
const { join } = process.getBuiltinModule("node:path");
const { pathToFileURL } = process.getBuiltinModule("node:url");
// child_process, crypto, module and zlib are taken where they are used (see main.ts): no other
// command needs them.

/** A random 32-bit seed. */
function randomSeed(): number {
  return process.getBuiltinModule("node:crypto").randomInt(0, 2 ** 32);
}

const HELP = `Usage: tumbleword bench [--seconds S] [--batch-boards N]

Measures the engine and prints one table: 4x4 boards per second (the search alone, the compact
solution, the solution as objects; the search alone takes turns with a reference solver in the
style of the popcount trie, on the same boards, and the ratio is printed), 16x16 and 64x64 median solve times, 'tumbleword batch' end
to end on 5,000 boards with the English word list as its --dict, cold start CPU (fresh process:
load the lexicon file, solve one 4x4), the lexicon's size raw and gzipped, one-word check time,
and the peak memory of solving a 64x64 board.

Boards are shaken from the 'new' dice with fresh seeds (16x16 and 64x64 trays hold the 16 'new'
dice repeated 16 and 256 times), solved with the default English lexicon under the classic rules.

Options:
  --seconds S         CPU time of each throughput run, after a warm-up of a quarter of it (default 2)
  --batch-boards N    boards in the batch measure (default 5000, the target's)
  -h, --help          show this help`;

const RULES_USED = RULES.classic;

/** The engine's API, as the bundled module measured here exports it. */
type Engine = typeof import("#engine");
const POOL_SIZE = 1 << 14;
const BATCH_BOARDS = 5000;
/** Runs of the batch from its cache; the median is reported. */
const BATCH_RUNS = 5;

/** A tray of `copies` full sets of the `new` dice: 16 copies fill 16x16, 256 fill 64x64. */
function newDiceTray(copies: number): Die[] {
  return Array.from({ length: copies }, () => DICE.new).flat();
}

/** Boards from fresh seeds (a random base, then consecutive seeds), shaken before any timing. */
function shakeBoards(count: number, dice: readonly Die[]): Board[] {
  const base = randomSeed();
  return Array.from({ length: count }, (_, i) => shake(dice, createRng((base + i) >>> 0)));
}

/** Seconds of CPU time this process has used. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

interface Rate {
  /** Per second of CPU time. */
  cpu: number;
  /** Per second of wall-clock time. */
  wall: number;
}

/** Boards per second of `work` over the pool, for `seconds` of CPU time after a warm-up. */
function throughput(pool: Board[], seconds: number, work: (board: Board) => number): Rate {
  const run = rateOver(pool, work);
  run(seconds / 4);
  return run(seconds);
}

/** A run of `work` over the pool for a given CPU time, measured as a Rate. */
function rateOver(pool: Board[], work: (board: Board) => number): (cpuLimit: number) => Rate {
  let sink = 0;
  return (cpuLimit: number): Rate => {
    let n = 0;
    const wallStart = performance.now();
    const start = cpuSeconds();
    let now = start;
    while (now - start < cpuLimit) {
      for (let k = 0; k < 256; k++, n++) sink += work(pool[n % pool.length]);
      now = cpuSeconds();
    }
    if (sink < 0) print(""); // keeps the work observable
    return { cpu: n / (now - start), wall: n / ((performance.now() - wallStart) / 1000) };
  };
}

/** Rounds in which the engine's 4x4 search and the popcount-trie reference take turns. */
const SIDE_BY_SIDE_ROUNDS = 5;

interface SideBySide {
  engine: Rate;
  reference: Rate;
  /** The points both found on the first `checked` boards of the pool (they must agree), and the trie's size. */
  points: number;
  checked: number;
  trieNodes: number;
}

/**
 * The engine's solveTotals and the popcount-trie reference on the same boards in this process:
 * first each scores the pool (a warm-up, and the totals must agree), then they take turns
 * for SIDE_BY_SIDE_ROUNDS rounds of `seconds` CPU each; the medians are reported, so a burst of
 * load on a shared machine falls on both alike.
 */
async function sideBySide(referenceUrl: string, api: Engine, lexicon: Lexicon, pool: Board[], seconds: number): Promise<SideBySide> {
  const { PopcountTrie } = (await import(referenceUrl)) as typeof import("../bench-popcount-trie.ts");
  const trie = PopcountTrie.fromLexicon(lexicon);
  const engine = (b: Board) => api.solveTotals(b, lexicon, RULES_USED).points;
  const reference = (b: Board) => trie.scoreBoard(b, RULES_USED).points;
  // The whole pool at the default 2 s; a short run (the CLI's tests) checks fewer boards.
  const checked = pool.slice(0, Math.min(pool.length, Math.ceil(seconds * 16_384)));
  let enginePoints = 0;
  let referencePoints = 0;
  for (const board of checked) enginePoints += engine(board);
  for (const board of checked) referencePoints += reference(board);
  if (enginePoints !== referencePoints) {
    throw new Error(`the popcount-trie reference found ${referencePoints} points on ${checked.length} boards, the engine ${enginePoints}`);
  }
  const runEngine = rateOver(pool, engine);
  const runReference = rateOver(pool, reference);
  const engineRates: Rate[] = [];
  const referenceRates: Rate[] = [];
  for (let round = 0; round < SIDE_BY_SIDE_ROUNDS; round++) {
    engineRates.push(runEngine(seconds));
    referenceRates.push(runReference(seconds));
  }
  const medianRate = (rates: Rate[]): Rate => ({ cpu: median(rates.map((r) => r.cpu)), wall: median(rates.map((r) => r.wall)) });
  return { engine: medianRate(engineRates), reference: medianRate(referenceRates), points: enginePoints, checked: checked.length, trieNodes: trie.nodeCount };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Median CPU milliseconds of `work` on each board, after `warmup` boards. */
function medianMs(boards: Board[], warmup: number, work: (board: Board) => unknown): number {
  const times: number[] = [];
  boards.forEach((board, i) => {
    const start = cpuSeconds();
    work(board);
    if (i >= warmup) times.push((cpuSeconds() - start) * 1000);
  });
  return median(times);
}

/** Mean microseconds per checkWord call, over a mix of accepted words and misses. */
function checkMicros({ checkWord, solve }: Engine, lexicon: Lexicon): number {
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

interface BatchRun {
  wallMs: number;
  cpuMs: number;
}

interface BatchResult {
  boards: number;
  words: number;
  first: BatchRun;
  /** Median of the runs after the first, which read the compiled dictionary from the cache. */
  cached: BatchRun;
  cli: string;
}

/** Reports the CPU time of the process it is loaded into, on stderr, as it exits. */
const REPORT_CPU = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us "+(u.user+u.system)+"\\n")})`;

/**
 * `tumbleword batch` end to end, as a user runs it: a fresh process reads a --dict of the English
 * word list (274k words, course format) and a file of 5,000 4x4 boards and writes every game's
 * words to a file. The first run compiles the dictionary into an empty cache; the later runs
 * find it there.
 */
function batchEndToEnd(cliPath: string, lexicon: Lexicon, boardCount: number, runs: number): BatchResult {
  const dir = mkdtempSync(join(tmpdir(), "tumbleword-bench-batch-"));
  try {
    const words = [...lexicon.words()];
    writeFileSync(join(dir, "dictionary.txt"), `${words.length}\n${words.join("\n")}\n`);
    // The course's boards are plain letters: the Qu face is written as its q.
    const games = shakeBoards(boardCount, DICE.new).map((b) => boardRows(b).map((row) => row.map((f) => f[0]).join("")).join("\n"));
    writeFileSync(join(dir, "boggle.txt"), `${boardCount}\n${games.join("\n\n")}\n`);
    const run = (): BatchRun => {
      const start = performance.now();
      const result = process.getBuiltinModule("node:child_process").spawnSync(
        process.execPath,
        ["--import", REPORT_CPU, cliPath, "batch", "--dict", join(dir, "dictionary.txt"), "--boards", join(dir, "boggle.txt")],
        { env: { ...process.env, XDG_CACHE_HOME: join(dir, "cache") }, stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" },
      );
      const wallMs = performance.now() - start;
      const cpu = /cpu-us (\d+)/.exec(result.stderr ?? "");
      if (result.status !== 0 || cpu === null) throw new Error(`tumbleword batch failed: ${result.stderr}`);
      return { wallMs, cpuMs: Number(cpu[1]) / 1000 };
    };
    const first = run();
    const later = Array.from({ length: runs }, run);
    const cached = { wallMs: median(later.map((r) => r.wallMs)), cpuMs: median(later.map((r) => r.cpuMs)) };
    return { boards: boardCount, words: words.length, first, cached, cli: cliPath };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface EngineModule {
  url: string;
  /** The popcount-trie reference solver (cli/bench-popcount-trie.ts), bundled alike; null without its source. */
  referenceUrl: string | null;
  /** How the engine was imported, for the table. */
  form: string;
  cleanup(): void;
}

/**
 * The engine as the product ships it: bundled to one JavaScript module, with esbuild from the
 * project's devDependencies and syntax minification (as the CLI is built), which puts the word
 * graph's layout constants into the code as numbers. Without esbuild, the TypeScript sources
 * are imported directly, and Node's type stripping is then part of the import time.
 */
async function engineModule(enginePath: string): Promise<EngineModule> {
  try {
    const esbuildPath = process.getBuiltinModule("node:module").createRequire(import.meta.url).resolve("esbuild");
    const esbuild = (await import(pathToFileURL(esbuildPath).href)) as typeof import("esbuild");
    const dir = mkdtempSync(join(tmpdir(), "tumbleword-bench-"));
    const outfile = join(dir, "engine.mjs");
    // The popcount-trie reference is bundled the same way, beside it, when its source is there.
    const referencePath = findUp("cli/bench-popcount-trie.ts");
    const entryPoints: Record<string, string> = { engine: enginePath };
    if (referencePath !== null) entryPoints.reference = referencePath;
    esbuild.buildSync({ entryPoints, bundle: true, minifySyntax: true, format: "esm", platform: "neutral", outdir: dir, outExtension: { ".js": ".mjs" }, logLevel: "error" });
    return {
      url: pathToFileURL(outfile).href,
      referenceUrl: referencePath === null ? null : pathToFileURL(join(dir, "reference.mjs")).href,
      form: "the engine bundled to one JS module (esbuild, syntax minified)",
      cleanup: () => rmSync(dir, { recursive: true, force: true }),
    };
  } catch {
    const referencePath = findUp("cli/bench-popcount-trie.ts");
    return {
      url: pathToFileURL(enginePath).href,
      referenceUrl: referencePath === null ? null : pathToFileURL(referencePath).href,
      form: "engine imported from its .ts sources (type stripping included)",
      cleanup: () => {},
    };
  }
}

/** Runs an ES module snippet in a fresh `node` and returns the JSON it prints. */
function runChild<T>(script: string, nodeFlags: string[] = []): T {
  const out = process.getBuiltinModule("node:child_process").execFileSync(process.execPath, [...nodeFlags, "--input-type=module", "-e", script], { encoding: "utf8" });
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
    const board = engine.shake(engine.DICE.new, engine.createRng(${randomSeed()}));
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
    const board = engine.shake(dice, engine.createRng(${randomSeed()}));
    globalThis.gc();
    const before = process.memoryUsage();
    const solution = engine.solve(board, lexicon, engine.RULES.classic);
    const after = process.memoryUsage();
    // This process's own peak: VmHWM where Linux has it. getrusage's maxRSS is no use here, as it
    // survives exec and so starts at the peak of the (larger) bench process that spawned this one.
    let status = "";
    try { status = readFileSync("/proc/self/status", "utf8"); } catch {}
    const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
    const peakRss = hwm !== null ? Number(hwm[1]) * 1024 : process.resourceUsage().maxRSS * 1024;
    console.log(JSON.stringify({ baselineRss: before.rss, peakRss,
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
    const { values } = parseCommandLine({ args, options: { seconds: { type: "string" }, "batch-boards": { type: "string" } } });
    const seconds = values.seconds === undefined ? 2 : Number(values.seconds);
    if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600) {
      throw new UsageError(`--seconds must be a number of seconds above 0 (up to 600), got '${values.seconds}'`);
    }
    const batchBoards = values["batch-boards"] === undefined ? BATCH_BOARDS : parseIntegerOption("--batch-boards", values["batch-boards"], 1, 1_000_000);
    const lexiconPath = findUp("dist/lexicon/english.bin");
    const enginePath = findUp("shared/engine/index.ts");
    if (lexiconPath === null) throw new UsageError("the English lexicon (dist/lexicon/english.bin) is missing: run 'npm run build:lexicon'");
    if (enginePath === null) throw new UsageError("bench needs the engine's sources (shared/engine/index.ts) beside the CLI");

    const bytes = readFileSync(lexiconPath);
    const gzipped = process.getBuiltinModule("node:zlib").gzipSync(bytes, { level: 9 }).length;
    const engine = await engineModule(enginePath);
    let searchOnly: Rate, compact: Rate, objects: Rate;
    let side: SideBySide | null = null;
    let compact16: number, objects16: number, big64: number, check: number;
    let batch: BatchResult;
    let colds: ColdStart[];
    let memory: Memory;
    let wordCount: number;
    try {
      // Everything runs on the bundled engine, the form the product runs.
      const api = (await import(engine.url)) as Engine;
      const { solve, solveCompact, solveTotals } = api;
      const lexicon = api.Lexicon.fromBytes(bytes);
      wordCount = lexicon.wordCount;
      // The batch runs first, while this process is quiet: after the throughput loops V8 goes on
      // compiling and collecting on the other core for a while, which the two-thread batch needs.
      // The shipped CLI when built (npm run bench builds it), else this one from its sources.
      const builtCli = findUp("dist/cli.js");
      batch = batchEndToEnd(builtCli ?? process.argv[1], lexicon, batchBoards, BATCH_RUNS);
      const pool = shakeBoards(POOL_SIZE, DICE.new);
      if (engine.referenceUrl !== null) {
        side = await sideBySide(engine.referenceUrl, api, lexicon, pool, seconds / 2);
        searchOnly = side.engine;
      } else {
        searchOnly = throughput(pool, seconds, (b) => solveTotals(b, lexicon, RULES_USED).words);
      }
      compact = throughput(pool, seconds, (b) => solveCompact(b, lexicon, RULES_USED).count);
      objects = throughput(pool, seconds, (b) => solve(b, lexicon, RULES_USED).totals.words);
      const boards16 = shakeBoards(45, newDiceTray(16));
      compact16 = medianMs(boards16, 5, (b) => solveCompact(b, lexicon, RULES_USED));
      objects16 = medianMs(boards16, 5, (b) => solve(b, lexicon, RULES_USED));
      big64 = medianMs(shakeBoards(10, newDiceTray(256)), 1, (b) => solve(b, lexicon, RULES_USED));
      check = checkMicros(api, lexicon);
      colds = Array.from({ length: 5 }, () => coldStart(engine.url, lexiconPath));
      memory = peakMemory(engine.url, lexiconPath);
    } finally {
      engine.cleanup();
    }
    const cold = (key: keyof ColdStart) => median(colds.map((c) => c[key]));

    const cpu = cpus();
    const perSecond = (rate: Rate) => `${fmt(rate.cpu)} boards/s (wall clock ${fmt(rate.wall)})`;
    const batchRate = (run: BatchRun) => batch.boards / (run.wallMs / 1000);
    print(
      `Tumbleword engine benchmark, ${new Date().toISOString().slice(0, 10)}: ${cpu[0]?.model ?? "unknown CPU"} (${cpu.length} cores), ` +
        `Node ${process.version}, ${process.platform}/${process.arch}`,
    );
    print(`Boards shaken from the 'new' dice with fresh seeds; default English lexicon (${fmt(wordCount)} words); classic rules.`);
    print(`Engine: ${engine.form}. Throughput and solve times in CPU time of one core; cold start and memory in fresh processes.`);
    if (side !== null) {
      print(
        `Popcount-trie reference: cli/bench-popcount-trie.ts, the word graph unfolded into a trie of ${fmt(side.trieNodes)} nodes (12 bytes each); ` +
          `the same totals as the engine on ${fmt(side.checked)} of the ${fmt(POOL_SIZE)} boards timed (${fmt(side.points)} points).`,
      );
    }
    print(`Batch: ${batch.cli.endsWith(".ts") ? "the CLI from its sources" : "the built CLI"}, ${fmt(batch.boards)} 4x4 boards, a ${fmt(batch.words)}-word --dict, output to a file.`);
    print();
    print(
      renderTable(
        ["measure", "result", "target", "met"],
        [
          [
            side === null ? "4x4 search only (solveTotals: totals, no paths)" : `4x4 search only (solveTotals: totals, no paths), median of ${SIDE_BY_SIDE_ROUNDS}`,
            perSecond(searchOnly),
            ">= 41,200 boards/s",
            verdict(searchOnly.cpu >= 41_200),
          ],
          ...(side === null
            ? []
            : [
                [
                  `4x4 popcount-trie reference (TS), same boards, turns with the row above, median of ${SIDE_BY_SIDE_ROUNDS}`,
                  `${perSecond(side.reference)}; engine / reference = ${fmt(side.engine.cpu / side.reference.cpu, 2)}x`,
                  ">= 1.00x",
                  verdict(side.engine.cpu >= side.reference.cpu),
                ],
              ]),
          ["4x4 solve, compact (solveCompact: words, paths, sorted)", perSecond(compact), ">= 22,300 boards/s", verdict(compact.cpu >= 22_300)],
          ["4x4 solve, objects (solve: strings, cells, objects)", perSecond(objects), ">= 20,000 boards/s", verdict(objects.cpu >= 20_000)],
          ["16x16 solve with paths, median of 40: compact", `${fmt(compact16, 2)} ms`, "<= 2.5 ms", verdict(compact16 <= 2.5)],
          ["16x16 solve with paths, median of 40: objects", `${fmt(objects16, 2)} ms`, "<= 2.5 ms", verdict(objects16 <= 2.5)],
          ["64x64 solve, median of 9", `${fmt(big64, 1)} ms`, "reported", "-"],
          [
            `batch end to end, ${fmt(batch.boards)} boards, dictionary cached (median of ${BATCH_RUNS})`,
            `${fmt(batchRate(batch.cached))} boards/s (${fmt(batch.cached.wallMs)} ms wall, ${fmt(batch.cached.cpuMs)} ms CPU)`,
            ">= 25,000 boards/s",
            verdict(batchRate(batch.cached) >= 25_000),
          ],
          [
            "batch, first run (compiles and caches the dictionary)",
            `${fmt(batchRate(batch.first))} boards/s (${fmt(batch.first.wallMs)} ms wall, ${fmt(batch.first.cpuMs)} ms CPU)`,
            "reported",
            "-",
          ],
          // The target's definition: load the lexicon file, then the first 4x4 shake and solve.
          [
            "cold start CPU: load lexicon + first 4x4 (median of 5)",
            `${ms(cold("coldUs"))} (load ${ms(cold("loadUs"))}, shake + solve ${ms(cold("solveUs"))})`,
            "< 5 ms",
            verdict(cold("coldUs") < 5000),
          ],
          ["cold start: importing the engine module before that", ms(cold("importUs")), "reported", "-"],
          ["cold start, whole process incl. Node startup", `${ms(cold("processCpuUs"))} CPU, ${fmt(cold("processWallMs"), 1)} ms wall`, "reported", "-"],
          ["lexicon file", `${fmt(bytes.length)} bytes raw, ${fmt(gzipped)} gzipped`, "<= 850,000 bytes gzipped", verdict(gzipped <= 850_000)],
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
