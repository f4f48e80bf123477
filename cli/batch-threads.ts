// `tumbleword batch` on every core. The games are cut into chunks that this thread and worker
// threads take in turn from one shared counter, so a thread that starts late (a worker needs tens
// of milliseconds to boot) or a run of rich boards never leaves a core idle. Each thread writes
// its chunks' output into one buffer of its own; everything is written in game order at the end.
import type { Worker as HelperThread } from "node:worker_threads";
import { BATCH_RULES, type Board, Lexicon, type Rules, writeWords } from "#engine";
import type { BatchGames } from "./boards-file.ts";
import { GrowingOutput } from "./growing-output.ts";

const { availableParallelism } = process.getBuiltinModule("node:os");
const { Worker, isMainThread, parentPort, workerData } = process.getBuiltinModule("node:worker_threads");

/** Games per chunk: small enough to balance the threads, large enough that taking one is free. */
const CHUNK_GAMES = 100;
/** Below this many games per thread, booting another thread costs more than it saves. */
const MIN_GAMES_PER_THREAD = 400;

/** Marks a worker thread as a batch helper (workerData.role). */
const HELPER_ROLE = "tumbleword-batch";

/** What a helper thread is sent: everything it needs to solve any chunk. */
interface HelperJob {
  games: BatchGames;
  lexicon: Uint8Array;
  /** One Int32: the next chunk to take. */
  next: SharedArrayBuffer;
}

/** A thread's share of the output: the bytes of every chunk it took, one after another. */
interface ThreadOutput {
  bytes: Uint8Array;
  /** [chunk, start, end] for each chunk the thread took, in the order it took them. */
  chunks: Int32Array;
}

/** Single-letter faces by letter code (97-122, and a language's own up to 255), so a board is made without a string per tile. */
const FACES: readonly string[] = Array.from({ length: 256 }, (_, code) => String.fromCharCode(code));

/** Game g of a boards file as a board. */
export function gameBoard(games: BatchGames, g: number): Board {
  const start = games.starts[g];
  const tiles = games.starts[g + 1] - start;
  const side = Math.round(Math.sqrt(tiles));
  const faces: string[] = new Array(tiles);
  for (let t = 0; t < tiles; t++) faces[t] = FACES[games.letters[start + t]];
  return { rows: side, cols: side, faces };
}

/**
 * Writes games first .. end - 1 in the course's format: 'Words for Game #g:' (g from 1), the
 * words one per line, then two blank lines.
 */
export function writeGames(games: BatchGames, first: number, end: number, lexicon: Lexicon, rules: Rules, out: GrowingOutput): void {
  for (let g = first; g < end; g++) {
    writeHeader(g + 1, out);
    writeWords(gameBoard(games, g), lexicon, rules, out);
    out.reserve(2);
    out.buffer[out.at++] = NEWLINE;
    out.buffer[out.at++] = NEWLINE;
  }
}

const HEADER = new TextEncoder().encode("Words for Game #");
const NEWLINE = 10;
const COLON = 58;
const ZERO = 48;

/** 'Words for Game #n:' and a newline, written as bytes (a string per game costs more than its words). */
function writeHeader(n: number, out: GrowingOutput): void {
  let digits = 1;
  for (let power = 10; power <= n; power *= 10) digits++;
  out.reserve(HEADER.length + digits + 2);
  const { buffer } = out;
  buffer.set(HEADER, out.at);
  let at = out.at + HEADER.length + digits;
  for (let rest = n, d = at - 1; d >= at - digits; d--, rest = Math.floor(rest / 10)) buffer[d] = ZERO + (rest % 10);
  buffer[at++] = COLON;
  buffer[at++] = NEWLINE;
  out.at = at;
}

/** Takes chunks from the shared counter until none is left; returns what they printed. */
function takeChunks(games: BatchGames, lexicon: Lexicon, next: Int32Array): ThreadOutput {
  const chunkCount = Math.ceil(games.count / CHUNK_GAMES);
  // Room for the whole batch's output (about 700 bytes a game), up to 16 MB: the buffer then never
  // grows mid-run, where growing would cost optimised code a deoptimisation.
  const out = new GrowingOutput(Math.min(16 << 20, Math.max(1 << 16, games.count * 1024)));
  const chunks: number[] = [];
  for (let chunk = Atomics.add(next, 0, 1); chunk < chunkCount; chunk = Atomics.add(next, 0, 1)) {
    const start = out.at;
    const first = chunk * CHUNK_GAMES;
    writeGames(games, first, Math.min(games.count, first + CHUNK_GAMES), lexicon, BATCH_RULES, out);
    chunks.push(chunk, start, out.at);
  }
  return { bytes: out.buffer.subarray(0, out.at), chunks: Int32Array.from(chunks) };
}

/**
 * The threads that solve a batch: this one and, for a batch large enough, a helper thread per
 * other core. Helpers are started first thing (start()), so that they boot while this thread
 * reads the dictionary; solve() then hands them the work.
 */
export class BatchThreads {
  private readonly helpers: HelperThread[];

  private constructor(helpers: HelperThread[]) {
    this.helpers = helpers;
  }

  /** Starts helper threads for a batch of `games` games (none for a small batch). */
  static start(games: number): BatchThreads {
    const threads = Math.max(1, Math.min(availableParallelism(), Math.floor(games / MIN_GAMES_PER_THREAD)));
    return new BatchThreads(Array.from({ length: threads - 1 }, () => new Worker(new URL(import.meta.url), { workerData: { role: HELPER_ROLE } })));
  }

  /** Solves every game and writes the batch output with `write`, in game order. */
  async solve(games: BatchGames, lexicon: Lexicon, write: (bytes: Uint8Array) => void): Promise<void> {
    const next = new Int32Array(new SharedArrayBuffer(4));
    const job: HelperJob = { games, lexicon: lexicon.bytes, next: next.buffer as SharedArrayBuffer };
    const helpersDone = Promise.all(this.helpers.map((helper) => runHelper(helper, job)));
    const outputs = [takeChunks(games, lexicon, next), ...(await helpersDone)];
    // Chunk c's bytes, wherever they are; runs of consecutive chunks from one thread are written at once.
    const byChunk: { output: number; start: number; end: number }[] = [];
    outputs.forEach(({ chunks }, output) => {
      for (let k = 0; k < chunks.length; k += 3) byChunk[chunks[k]] = { output, start: chunks[k + 1], end: chunks[k + 2] };
    });
    for (let c = 0; c < byChunk.length; ) {
      const { output, start } = byChunk[c];
      let end = byChunk[c].end;
      for (c++; c < byChunk.length && byChunk[c].output === output && byChunk[c].start === end; c++) end = byChunk[c].end;
      write(outputs[output].bytes.subarray(start, end));
    }
  }

  /** Stops the helpers (after a failure: a finished helper has stopped by itself). */
  stop(): void {
    for (const helper of this.helpers) void helper.terminate();
  }
}

/** Sends a helper its job and resolves with its output, which it sends once it has taken its last chunk. */
function runHelper(helper: HelperThread, job: HelperJob): Promise<ThreadOutput> {
  return new Promise((resolve, reject) => {
    helper.once("message", resolve);
    helper.once("error", reject);
    helper.once("exit", (code) => reject(new Error(`a batch thread stopped with code ${code} before it finished`)));
    helper.postMessage(job);
  });
}

// A helper thread runs this module (or the CLI bundle holding it) as its entry point: it waits
// for its job, opens the lexicon it was sent, takes chunks like the main thread and sends back
// what they printed.
if (!isMainThread && (workerData as { role?: string } | null)?.role === HELPER_ROLE) {
  parentPort!.once("message", (job: HelperJob) => {
    const output = takeChunks(job.games, Lexicon.fromBytes(job.lexicon), new Int32Array(job.next));
    parentPort!.postMessage(output, [output.bytes.buffer as ArrayBuffer, output.chunks.buffer as ArrayBuffer]);
    parentPort!.close();
  });
}
