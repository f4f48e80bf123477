// A room's WebSocket, kept open: reconnects with backoff after a drop (the seat key resumes the
// seat and its words), queues messages sent while disconnected, and tells the page when the
// server handed the seat to another tab or the room is gone.
import type { ServerMessage } from "../../../worker/rooms/messages.ts";

export interface ConnectionEvents {
  onMessage(message: ServerMessage): void;
  onStatus(status: "connecting" | "open" | "retrying"): void;
  /** The connection will not be retried: taken over by another tab, or never accepted. */
  onGone(reason: "elsewhere" | "refused"): void;
}

const MAX_DELAY_MS = 8000;

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

  send(message: object): void {
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
    const ws = new WebSocket(this.url);
    this.ws = ws;
    let opened = false;
    ws.addEventListener("open", () => {
      opened = true;
      this.failures = 0;
      this.events.onStatus("open");
      for (const text of this.queue.splice(0)) ws.send(text);
    });
    ws.addEventListener("message", (event) => {
      try {
        this.events.onMessage(JSON.parse(String(event.data)) as ServerMessage);
      } catch {
        // Not ours to handle: ignore anything that is not a room message.
      }
    });
    ws.addEventListener("close", (event) => {
      if (this.stopped || ws !== this.ws) return;
      if (event.code === 4001) return this.events.onGone("elsewhere");
      this.failures += 1;
      // A seat the room no longer knows is refused before the upgrade, every time.
      if (!opened && this.failures >= 3) return this.events.onGone("refused");
      const delay = Math.min(MAX_DELAY_MS, 250 * 2 ** this.failures);
      this.events.onStatus("retrying");
      setTimeout(() => this.open(), delay);
    });
  }
}
