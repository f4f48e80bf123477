// Room fixtures: create and join rooms through the Worker's API, and WebSocket clients that
// collect the room's messages so tests can wait for the one they expect.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import { type FoundWord, RULES, boardFromRows, solve } from "#engine";
import type { ServerMessage } from "#worker/rooms/messages.ts";
import type { Room } from "#worker/rooms/room.ts";
import { defaultLexicon } from "#worker/puzzles/engine.ts";
import { ORIGIN, type CallOptions, callJson } from "./helpers.ts";

export interface Ticket {
  code: string;
  seatId: string;
  seatKey: string;
}

export async function createRoom(name = "Host", settings: Record<string, unknown> = {}, options: CallOptions = {}): Promise<Ticket & { link: string }> {
  return callJson("/api/rooms", { ...options, json: { name, ...settings } }, 201);
}

export async function joinRoom(code: string, name: string, options: CallOptions = {}): Promise<Ticket> {
  return callJson(`/api/rooms/${code}/players`, { ...options, json: { name } }, 201);
}

export function roomStub(code: string): DurableObjectStub<Room> {
  return env.ROOMS.get(env.ROOMS.idFromName(code));
}

type Of<T extends ServerMessage["type"]> = Extract<ServerMessage, { type: T }>;

/** How long a test waits for a message before it fails. */
const WAIT_MS = 10_000;

/** A player's connection: every message received is kept, in order. */
export class Client {
  readonly messages: ServerMessage[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];
  /** The last ref sent: each ask carries the next, so its answer is told apart from the others. */
  private lastRef = 0;

  readonly ws: WebSocket;

  constructor(ws: WebSocket) {
    this.ws = ws;
    ws.addEventListener("message", (event) => {
      this.messages.push(JSON.parse(event.data as string) as ServerMessage);
      this.wake();
    });
    ws.addEventListener("close", (event) => {
      this.closed = { code: event.code, reason: event.reason };
      this.wake();
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((w) => w());
  }

  send(message: unknown): void {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /**
   * Resolves with what `check` finds, checking again on every message and on the close: an
   * awaited event, never a poll. Fails after WAIT_MS, with `what()` saying what never came.
   */
  async until<R>(check: () => R | undefined, what: () => string): Promise<R> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(what());
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits for the first message after index `from` of the given type (and matching `test`). */
  next<T extends ServerMessage["type"]>(type: T, test: (m: Of<T>) => boolean = () => true, from = 0): Promise<Of<T>> {
    return this.until(
      () => this.messages.slice(from).find((m): m is Of<T> => m.type === type && test(m as Of<T>)),
      () => `no "${type}" message; got ${JSON.stringify(this.messages.slice(-5))}`,
    );
  }

  /** Sends a message with a fresh ref and waits for the answer carrying it. */
  ask(message: Record<string, unknown>): Promise<Of<"verdict"> | Of<"error"> | Of<"pong">> {
    const ref = ++this.lastRef;
    this.send({ ...message, ref });
    return this.until(
      () => this.messages.find((m): m is Of<"verdict"> | Of<"error"> | Of<"pong"> => "ref" in m && m.ref === ref),
      () => `no answer to ${JSON.stringify(message)}`,
    );
  }

  /** Waits until the socket is closed (by either side) and says how. */
  closing(): Promise<{ code: number; reason: string }> {
    return this.until(() => this.closed ?? undefined, () => "the socket stayed open");
  }

  lastState(): Of<"state"> {
    const states = this.messages.filter((m): m is Of<"state"> => m.type === "state");
    expect(states.length).toBeGreaterThan(0);
    return states[states.length - 1];
  }

  close(): void {
    this.ws.close(1000, "bye");
  }
}

export function socketRequest(code: string, seatKey: string, upgrade = true): Request {
  return new Request(`${ORIGIN}/api/rooms/${code}/ws?seat=${encodeURIComponent(seatKey)}`, { headers: upgrade ? { Upgrade: "websocket" } : {} });
}

export async function connect(ticket: Ticket): Promise<Client> {
  const res = await exports.default.fetch(socketRequest(ticket.code, ticket.seatKey));
  if (res.status !== 101) throw new Error(`no WebSocket: ${res.status} ${await res.text()}`);
  const ws = res.webSocket!;
  const client = new Client(ws);
  ws.accept();
  await client.next("state");
  return client;
}

/** Skips the countdown: the running round's start moves to now. */
export async function skipCountdown(code: string): Promise<void> {
  await runInDurableObject(roomStub(code), (_room, state) => {
    state.storage.sql.exec("UPDATE room SET starts_at = ? WHERE id = 1", Date.now() - 1);
  });
}

/** Starts a round as the host and waits until every client has the board; skips the countdown. */
export async function startRound(host: Client, others: Client[] = [], settings?: Record<string, unknown>): Promise<string[][]> {
  const seen = host.messages.length;
  host.send({ type: "start", ...(settings ? { settings } : {}) });
  const state = await host.next("state", (m) => m.room.status === "playing", seen);
  for (const c of others) await c.next("state", (m) => m.room.status === "playing" && m.room.round === state.room.round);
  await skipCountdown(state.room.code);
  return state.room.board!;
}

/** The board's words under the room's rules, longest first (distinct points make scores telling). */
export function boardWords(rows: string[][], rules = RULES.classic): FoundWord[] {
  return solve(boardFromRows(rows), defaultLexicon(), rules).words.sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word));
}
