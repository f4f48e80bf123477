// A room's WebSocket, kept open: reconnects with backoff after a drop (the seat key resumes the
// seat and its words), queues messages sent while disconnected, tells the page when the server
// handed the seat to another tab or the room is gone, and measures the server's clock (each open
// is answered with the room's state, stamped with the server's time, and a ping is sent to time
// a plain round trip as well).
import type { ClientMessage } from "#worker/rooms/schemas.ts";
import type { ServerMessage } from "#worker/rooms/messages.ts";
import { backoff } from "../../core/backoff.ts";

export interface ConnectionEvents {
  onMessage(message: ServerMessage): void;
  onStatus(status: "connecting" | "open" | "retrying"): void;
  /** The connection will not be retried: taken over by another tab, or never accepted. */
  onGone(reason: "elsewhere" | "refused"): void;
  /** A server stamp (ms) from an answer to something sent at `sentAt`, received at `receivedAt`. */
  onClockSample(serverTime: number, sentAt: number, receivedAt: number): void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 8000;
/** The close code the room sends when the same seat connects from another tab. */
const TAKEN_ELSEWHERE = 4001;
/** A seat the room no longer knows is refused before the upgrade: give up after this many. */
const REFUSALS_BEFORE_GIVING_UP = 3;
/** Pings carry refs of their own, below the words' (which count up from 1). */
const PING_REF = -1;

/** How long to wait before the next attempt after `failures` failed ones in a row (1, 2, ...). */
export function retryDelay(failures: number): number {
  return backoff(failures, { first: FIRST_RETRY_MS, max: MAX_RETRY_MS });
}

export class RoomConnection {
  private ws: WebSocket | null = null;
  private queue: string[] = [];
  private failures = 0;
  private stopped = false;
  private readonly url: string;
  private readonly events: ConnectionEvents;

  constructor(code: string, seatKey: string, events: ConnectionEvents) {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    this.url = `${scheme}://${location.host}/api/rooms/${code}/ws?seat=${encodeURIComponent(seatKey)}`;
    this.events = events;
    this.open();
  }

  send(message: ClientMessage): void {
    const text = JSON.stringify(message);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(text);
    else this.queue.push(text);
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close(1000, "leaving");
  }

  private open(): void {
    this.events.onStatus(this.failures === 0 ? "connecting" : "retrying");
    const startedAt = Date.now();
    const ws = new WebSocket(this.url);
    this.ws = ws;
    let opened = false;
    let stateSeen = false;
    let pingSentAt = 0;
    ws.addEventListener("open", () => {
      opened = true;
      this.failures = 0;
      this.events.onStatus("open");
      pingSentAt = Date.now();
      ws.send(JSON.stringify({ type: "ping", ref: PING_REF } satisfies ClientMessage));
      for (const text of this.queue.splice(0)) ws.send(text);
    });
    ws.addEventListener("message", (event) => {
      const receivedAt = Date.now();
      let message: ServerMessage;
      try {
        message = JSON.parse(String(event.data)) as ServerMessage;
      } catch {
        return; // Not a room message: ignored.
      }
      if (message.type === "pong" && message.ref === PING_REF) return this.events.onClockSample(message.now, pingSentAt, receivedAt);
      // The first state answers the upgrade request, sent when the socket was made.
      if (message.type === "state" && !stateSeen) {
        stateSeen = true;
        this.events.onClockSample(message.now, startedAt, receivedAt);
      }
      this.events.onMessage(message);
    });
    ws.addEventListener("close", (event) => {
      if (this.stopped || ws !== this.ws) return;
      if (event.code === TAKEN_ELSEWHERE) return this.events.onGone("elsewhere");
      this.failures += 1;
      if (!opened && this.failures >= REFUSALS_BEFORE_GIVING_UP) return this.events.onGone("refused");
      this.events.onStatus("retrying");
      setTimeout(() => this.open(), retryDelay(this.failures));
    });
  }
}
