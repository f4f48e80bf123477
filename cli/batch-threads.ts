// `tumbleword batch` on every core. The games are cut into chunks that this thread and worker
// threads take in turn from one shared counter, so a thread that starts late (a worker needs a
// few milliseconds to boot) or a run of rich boards never leaves a core idle. Each chunk's output
// is gathered as bytes and everything is written in game order at the end.
import { availableParallelism } from "node:os";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { type Board, boardFromRows, customRules, Lexicon, type Rules, solveCompact } from "../shared/index.ts";
import { BufferedOutput } from "./buffered-output.ts";

/** The course's rules: any word of 3 to 16 letters counts; tiles are single plain letters. */
export const COURSE_RULES: Rules = customRules({
  minLength: 3,
  maxLength: 16,
  quFace: false,
  points: (length: number) => Math.max(0, length - 2),
});

/** Games per chunk: small enough to balance the threads, large enough that taking one is free. */
const CHUNK_GAMES = 100;
/** Below this many games per thread, booting another thread costs more than it saves. */
const MIN_GAMES_PER_THREAD = 400;
const NEWLINE = 10;

/** Marks a worker thread as a batch helper (workerData.role). */
const HELPER_ROLE = "tumbleword-batch";

/** What a helper thread is sent: everything it needs to solve any chunk. */
interface HelperJob {
  /** Each game's faces, row after row, one letter per tile: cheap to send to a thread. */
  games: string[];
  lexicon: Uint8Array;
  /** One Int32: the next chunk to take. */
  next: SharedArrayBuffer;
}

/** A finished chunk, sent back by a helper thread. */
interface ChunkDone {
  chunk: number;
  bytes: Uint8Array;
}

/**
 * Prints each game's words in the course's format: 'Words for Game #g:', the words one per
 * line, then two blank lines. Games are numbered from `first + 1`. Words are copied as bytes
 * straight from the solutions, with no string per word.
 */
export function writeGames(boards: readonly Board[], first: number, lexicon: Lexicon, rules: Rules, out: BufferedOutput): void {
  boards.forEach((board, index) => {
    const solution = solveCompact(board, lexicon, rules);
    out.text(`Words for Game #${first + index + 1}:\n`);
    for (let i = 0; i < solution.count; i++) {
      out.reserve(solution.letters(i) + 1);
      out.at = solution.spellInto(i, out.buffer, out.at);
      out.buffer[out.at++] = NEWLINE;
    }
    out.text("\n\n");
  });
}

/** Takes chunks from the shared counter until none is left, handing each one's output to `done`. */
function takeChunks(boards: (first: number, end: number) => Board[], count: number, lexicon: Lexicon, next: Int32Array, done: (result: ChunkDone) => void): void {
  const chunks = Math.ceil(count / CHUNK_GAMES);
  for (let chunk = Atomics.add(next, 0, 1); chunk < chunks; chunk = Atomics.add(next, 0, 1)) {
    const first = chunk * CHUNK_GAMES;
    const pieces: Uint8Array[] = [];
    const out = new BufferedOutput((bytes) => pieces.push(bytes), 64 * 1024);
    writeGames(boards(first, Math.min(count, first + CHUNK_GAMES)), first, lexicon, COURSE_RULES, out);
    out.flush();
    done({ chunk, bytes: pieces.length === 1 ? pieces[0] : Buffer.concat(pieces) });
  }
}

/** A square game of single-letter tiles from its faces, row after row. */
function squareBoard(faces: string): Board {
  const side = Math.round(Math.sqrt(faces.length));
  return boardFromRows(Array.from({ length: side }, (_, r) => [...faces.slice(r * side, (r + 1) * side)]));
}

/**
 * The threads that solve a batch: this one and, for a batch large enough, a helper thread per
 * other core. Helpers are started first thing (start()), so that they boot while this thread
 * reads the boards and the dictionary; solve() then hands them the work.
 */
export class BatchThreads {
  private readonly helpers: Worker[];

  private constructor(helpers: Worker[]) {
    this.helpers = helpers;
  }

  /** Starts helper threads for a batch of about `games` games (none for a small batch). */
  static start(games: number): BatchThreads {
    const threads = Math.max(1, Math.min(availableParallelism(), Math.floor(games / MIN_GAMES_PER_THREAD)));
    return new BatchThreads(Array.from({ length: threads - 1 }, () => new Worker(new URL(import.meta.url), { workerData: { role: HELPER_ROLE } })));
  }

  /** Solves every game (boards checked already) and writes the batch output with `write`. */
  async solve(boards: readonly Board[], lexicon: Lexicon, write: (bytes: Uint8Array) => void): Promise<void> {
    const outputs: Uint8Array[] = [];
    const keep = (result: ChunkDone) => (outputs[result.chunk] = result.bytes);
    const next = new Int32Array(new SharedArrayBuffer(4));
    const job: HelperJob = { games: boards.map((b) => b.faces.join("")), lexicon: lexicon.bytes, next: next.buffer as SharedArrayBuffer };
    const helpersDone = Promise.all(this.helpers.map((helper) => runHelper(helper, job, keep)));
    takeChunks((first, end) => boards.slice(first, end), boards.length, lexicon, next, keep);
    await helpersDone;
    const out = new BufferedOutput(write);
    for (const bytes of outputs) {
      out.reserve(bytes.length);
      out.buffer.set(bytes, out.at);
      out.at += bytes.length;
    }
    out.flush();
  }

  /** Stops the helpers (after a failure: a finished batch has no helpers running). */
  stop(): void {
    for (const helper of this.helpers) void helper.terminate();
  }
}

/** Sends a helper its job and resolves when it has taken its last chunk. */
function runHelper(helper: Worker, job: HelperJob, done: (result: ChunkDone) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    helper.on("message", done);
    helper.once("error", reject);
    helper.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`a batch thread stopped with code ${code}`))));
    helper.postMessage(job);
  });
}

// A helper thread runs this module (or the CLI bundle holding it) as its entry point: it waits
// for its job, opens the lexicon it was sent and takes chunks like the main thread.
if (!isMainThread && (workerData as { role?: string } | null)?.role === HELPER_ROLE) {
  parentPort!.once("message", (job: HelperJob) => {
    const lexicon = Lexicon.fromBytes(job.lexicon);
    const boards = (first: number, end: number) => job.games.slice(first, end).map(squareBoard);
    takeChunks(boards, job.games.length, lexicon, new Int32Array(job.next), (result) => parentPort!.postMessage(result, [result.bytes.buffer as ArrayBuffer]));
    parentPort!.close();
  });
}
