// Rooms load test (npm run loadtest -- --rooms): many live rooms at once over WebSockets against
// the locally served Worker (wrangler dev: workerd with the rooms' Durable Objects and local D1).
// Every player of every room sends words, each after the answer to the one before and a short
// pause, quicker than people type but within a room's per-seat message budget
// (worker/rooms/message-budget.ts) (real words of the room's board, some of them shared with
// other players, repeats and non-words) for one round;
// then each room's results are checked against an independent recount of the words its players
// sent: a word counts for a player the first time they send it if it is on the board's solution,
// and it is struck when two or more players of the room have it.
//
// It starts its own server (scripts/serve.ts) on a spare loopback port with a fresh local state
// folder, and stops it at the end. Settings (environment variables):
//   LOADTEST_URL=http://127.0.0.1:8787   use a running server instead (loopback only)
//   LOADTEST_ROOMS=20  LOADTEST_ROOM_PLAYERS=20  LOADTEST_ROUND_SECONDS=20
//   LOADTEST_THINK_MS=300   a player's pause between words (on average; under 1000 / the budget's
//                           PER_SECOND the rooms refuse words past the burst, and the recount fails)
// Every seat joins from its own client address (127.2.x.y), as each player is created from its
// own in the main load test: a room join is limited per address (60 a minute).
// Exits 0 when every room's results equal the recount, 1 otherwise.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type LocalServer, startProduct } from "./lib/server.ts";
import { type FoundWord, Lexicon, RULES, boardFromRows, solve } from "#engine";
import type { RoomView, ServerMessage } from "#worker/rooms/messages.ts";
import type { RoundResults } from "#worker/rooms/scoring.ts";
import { percentile } from "./lib/stats.ts";
import { positiveIntegerSetting } from "./lib/usage.ts";

const root = path.resolve(import.meta.dirname, "..");
const ROOMS = positiveIntegerSetting("LOADTEST_ROOMS", 20);
const PLAYERS = positiveIntegerSetting("LOADTEST_ROOM_PLAYERS", 20);
const ROUND_SECONDS = positiveIntegerSetting("LOADTEST_ROUND_SECONDS", 20);
/** Players stop sending this long before the end, so no word races the deadline. */
const END_MARGIN_MS = 500;
/** Pause between a word's answer and the player's next word (0: as fast as the answers come). */
const THINK_MS = positiveIntegerSetting("LOADTEST_THINK_MS", 300);

let server: LocalServer | undefined;
let persistDir: string | undefined;

async function startServer(): Promise<string> {
  persistDir = mkdtempSync(path.join(os.tmpdir(), "tumbleword-loadtest-rooms-"));
  server = await startProduct({ persistDir });
  return server.url;
}

function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!(host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host))) {
    throw new Error(`LOADTEST_URL must be a loopback address (localhost, 127.x.x.x or [::1]), got ${host}`);
  }
}

/** The client address of a room's seat: one per seat, so no address meets the per-address join limit. */
const addressOf = (room: number, seat: number) => `127.${2 + Math.floor(room / 250)}.${room % 250}.${seat + 1}`;

async function post<T>(url: string, body: unknown, ip: string): Promise<T> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "CF-Connecting-IP": ip }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
}

type Of<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

/** One player's WebSocket and what it sent and was told. */
class Player {
  readonly name: string;
  readonly seatId: string;
  readonly ws: WebSocket;
  received = 0;
  sentMessages = 0;
  /** Words the room refused unread: past the seat's message budget (too short a think time). */
  limited = 0;
  /** Words sent, in order: accepted or not, or `late` when the room answered that time was up. */
  readonly sent: { word: string; accepted: boolean | null; late: boolean }[] = [];
  state: Of<"state"> | null = null;
  clockOffset = 0;
  private pending = new Map<number, { at: number; index: number; done: () => void }>();
  private ref = 0;
  private listeners: ((m: ServerMessage) => void)[] = [];

  constructor(base: string, code: string, name: string, seat: { seatId: string; seatKey: string }) {
    this.name = name;
    this.seatId = seat.seatId;
    this.ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/rooms/${code}/ws?seat=${seat.seatKey}`);
    this.ws.addEventListener("message", (event) => {
      this.received += 1;
      const msg = JSON.parse(String(event.data)) as ServerMessage;
      if (msg.type === "state") {
        this.state = msg;
        this.clockOffset = msg.now - Date.now();
      }
      if ((msg.type === "verdict" || msg.type === "error") && msg.ref !== null) {
        const waiting = this.pending.get(msg.ref);
        if (waiting) {
          this.pending.delete(msg.ref);
          latencies.push(performance.now() - waiting.at);
          this.sent[waiting.index].accepted = msg.type === "verdict" && msg.accepted;
          this.sent[waiting.index].late = msg.type === "error" && msg.code === "round-over";
          if (msg.type === "error" && msg.code === "rate-limited") this.limited += 1;
          waiting.done();
        }
      }
      for (const listener of this.listeners) listener(msg);
    });
  }

  waitFor<T extends ServerMessage["type"]>(type: T, test: (m: Of<T>) => boolean = () => true, timeoutMs = 120_000): Promise<Of<T>> {
    if (type === "state" && this.state && test(this.state as Of<T>)) return Promise.resolve(this.state as Of<T>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no ${type} message in ${timeoutMs} ms`)), timeoutMs);
      const listener = (m: ServerMessage) => {
        if (m.type === type && test(m as Of<T>)) {
          clearTimeout(timer);
          this.listeners = this.listeners.filter((l) => l !== listener);
          resolve(m as Of<T>);
        }
      };
      this.listeners.push(listener);
    });
  }

  send(message: object): void {
    this.sentMessages += 1;
    this.ws.send(JSON.stringify(message));
  }

  /** Sends a word and resolves when its answer arrives. */
  word(word: string): Promise<void> {
    this.ref += 1;
    const index = this.sent.push({ word, accepted: null, late: false }) - 1;
    return new Promise((resolve) => {
      this.pending.set(this.ref, { at: performance.now(), index, done: resolve });
      this.send({ type: "word", word, ref: this.ref });
    });
  }
}

const latencies: number[] = [];

/** What a player sends: mostly words of the board (the most common ones overlap between players), some repeats and non-words. */
function nextWord(words: readonly FoundWord[], mine: string[], rand: () => number): string {
  const r = rand();
  if (r < 0.1 && mine.length > 0) return mine[Math.floor(rand() * mine.length)];
  if (r < 0.2) return "zzqx" + Math.floor(rand() * 100);
  const pool = r < 0.5 ? words.slice(0, 15) : words;
  return pool[Math.floor(rand() * pool.length)].word;
}

/**
 * The independent recount, from what each player sent (not from the verdicts): the distinct words
 * of the board's solution, struck when two or more players of the room sent them. Words that
 * reached the room after its end time (answered "round-over") do not count.
 */
function recount(players: Player[], solution: ReadonlyMap<string, FoundWord>): Map<string, { words: Map<string, boolean>; score: number }> {
  const lists = players.map((p) => [...new Set(p.sent.filter((s) => !s.late).map((s) => s.word).filter((w) => solution.has(w)))]);
  const finders = new Map<string, number>();
  for (const list of lists) for (const w of list) finders.set(w, (finders.get(w) ?? 0) + 1);
  return new Map(
    players.map((p, i) => {
      const words = new Map(lists[i].map((w) => [w, finders.get(w)! > 1]));
      const score = lists[i].reduce((sum, w) => sum + (finders.get(w)! > 1 ? 0 : solution.get(w)!.points), 0);
      return [p.seatId, { words, score }];
    }),
  );
}

function compare(code: string, results: RoundResults, expected: ReturnType<typeof recount>): string[] {
  const problems: string[] = [];
  if (results.players.length !== expected.size) problems.push(`${code}: ${results.players.length} players in the results, ${expected.size} expected`);
  for (const row of results.players) {
    const want = expected.get(row.seatId);
    if (!want) {
      problems.push(`${code}: unexpected seat ${row.seatId}`);
      continue;
    }
    if (row.score !== want.score) problems.push(`${code} ${row.name}: score ${row.score}, recount ${want.score}`);
    const got = new Map(row.words.map((w) => [w.word, w.struck]));
    if (got.size !== want.words.size) problems.push(`${code} ${row.name}: ${got.size} words, recount ${want.words.size}`);
    for (const [w, struck] of want.words) if (got.get(w) !== struck) problems.push(`${code} ${row.name}: "${w}" ${got.has(w) ? `struck=${got.get(w)}` : "missing"}, recount struck=${struck}`);
  }
  return problems;
}

function seeded(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

export async function runRoomsLoadtest(): Promise<number> {
  try {
    return await run();
  } finally {
    await server?.stop();
    if (persistDir) rmSync(persistDir, { recursive: true, force: true });
  }
}

async function run(): Promise<number> {
  const external = process.env.LOADTEST_URL;
  if (external) assertLoopback(external);
  const base = external ?? (await startServer());
  console.log(`rooms load test against ${base}: ${ROOMS} rooms x ${PLAYERS} players, ${ROUND_SECONDS} s rounds, think time ${THINK_MS} ms`);
  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon/english.bin")));

  // Rooms and seats over HTTP, then every player's WebSocket.
  // Names of plain words: "R4 P3" reads as a slur in leetspeak, which the name rules refuse.
  const nameOf = (room: number, seat: number) => `Table ${room} guest ${seat}`;
  const rooms = await Promise.all(
    Array.from({ length: ROOMS }, async (_, r) => {
      const created = await post<{ code: string; seatId: string; seatKey: string }>(`${base}/api/rooms`, { name: nameOf(r, 0), size: 4, rules: "classic", seconds: ROUND_SECONDS }, addressOf(r, 0));
      const seats: { name: string; seat: { seatId: string; seatKey: string } }[] = [{ name: nameOf(r, 0), seat: created }];
      for (let i = 1; i < PLAYERS; i++) {
        seats.push({ name: nameOf(r, i), seat: await post<{ seatId: string; seatKey: string }>(`${base}/api/rooms/${created.code}/players`, { name: nameOf(r, i) }, addressOf(r, i)) });
      }
      return { code: created.code, seats };
    }),
  );
  const connectStart = performance.now();
  const players = rooms.map((room) => room.seats.map((s) => new Player(base, room.code, s.name, s.seat)));
  await Promise.all(players.flat().map((p) => p.waitFor("state")));
  console.log(`${players.flat().length} WebSockets connected in ${Math.round(performance.now() - connectStart)} ms`);

  // Every host starts; each room's players play until just before the room's end time.
  const receivedBefore = players.flat().reduce((n, p) => n + p.received, 0);
  const sentBefore = players.flat().reduce((n, p) => n + p.sentMessages, 0);
  for (const room of players) room[0].send({ type: "start" });
  const playing = await Promise.all(players.map((room) => Promise.all(room.map((p) => p.waitFor("state", (m) => m.room.status === "playing")))));
  const loadStart = performance.now();
  await Promise.all(
    players.map(async (room, r) => {
      const view: RoomView = playing[r][0].room;
      const words = solve(boardFromRows(view.board!), lexicon, RULES.classic).words.sort((a, b) => Number(b.common) - Number(a.common) || a.word.localeCompare(b.word));
      await Promise.all(
        room.map(async (player, i) => {
          const rand = seeded(r * 1000 + i + 1);
          const serverNow = () => Date.now() + player.clockOffset;
          while (serverNow() < view.startsAt!) await new Promise((res) => setTimeout(res, 20));
          const mine: string[] = [];
          while (serverNow() < view.endsAt! - END_MARGIN_MS) {
            const word = nextWord(words, mine, rand);
            mine.push(word);
            await player.word(word);
            await new Promise((res) => setTimeout(res, THINK_MS * (0.5 + rand())));
          }
        }),
      );
    }),
  );
  const loadSeconds = (performance.now() - loadStart) / 1000;
  const received = players.flat().reduce((n, p) => n + p.received, 0) - receivedBefore;
  const sent = players.flat().reduce((n, p) => n + p.sentMessages, 0) - sentBefore;

  // The rooms' alarms end the rounds; every player gets the results.
  const finished = await Promise.all(players.map((room) => Promise.all(room.map((p) => p.waitFor("state", (m) => m.room.status === "finished")))));
  const problems: string[] = [];
  for (const [r, room] of players.entries()) {
    const results = finished[r][0].results!;
    for (const other of finished[r]) if (JSON.stringify(other.results) !== JSON.stringify(results)) problems.push(`${rooms[r].code}: players got different results`);
    const solution = new Map(solve(boardFromRows(playing[r][0].room.board!), lexicon, RULES.classic).words.map((w) => [w.word, w]));
    problems.push(...compare(rooms[r].code, results, recount(room, solution)));
  }
  for (const p of players.flat()) p.ws.close(1000, "done");
  const limited = players.flat().reduce((n, p) => n + p.limited, 0);
  if (limited > 0) problems.push(`${limited} words refused by the rooms' per-seat message budget: LOADTEST_THINK_MS is too short for it`);

  const sorted = [...latencies].sort((a, b) => a - b);
  const accepted = players.flat().reduce((n, p) => n + p.sent.filter((s) => s.accepted).length, 0);
  const late = players.flat().reduce((n, p) => n + p.sent.filter((s) => s.late).length, 0);
  const rows: [string, string][] = [
    ["rooms x players", `${ROOMS} x ${PLAYERS} = ${ROOMS * PLAYERS} WebSockets`],
    ["play time", `${loadSeconds.toFixed(1)} s`],
    ["messages sent by players", `${sent}, ${Math.round(sent / loadSeconds)} per second`],
    ["messages received by players", `${received}, ${Math.round(received / loadSeconds)} per second (verdicts and word-count broadcasts)`],
    ["words", `${latencies.length} answered, ${accepted} accepted, ${late} after the end time (refused), ${limited} over the message budget (refused)`],
    ["word round trip p50 / p99 / max", `${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${sorted[sorted.length - 1].toFixed(1)} ms`],
    ["results", problems.length === 0 ? `OK: all ${ROOMS} rooms equal the recount of the words each player sent (struck words, scores)` : `FAILED (${problems.length} problems)`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n"));
  for (const p of problems.slice(0, 20)) console.error(`  ${p}`);
  return problems.length === 0 ? 0 : 1;
}
