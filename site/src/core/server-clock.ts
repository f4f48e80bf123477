// The round's end comes from the server's clock; the page counts it down on the device's clock.
// A device that is a minute off would otherwise show a minute too much or too little, and stop
// taking words while the server still would (or the other way round).

/**
 * How far the server's clock is ahead of this device's, in ms, from an answer the server stamped
 * with its time (an ISO date or ms since the epoch): on average the stamp was taken halfway
 * between sending and receiving, so the round trip's length is allowed for.
 */
export function clockOffset(serverTime: string | number, sentAt: number, receivedAt: number): number {
  const stamp = typeof serverTime === "number" ? serverTime : Date.parse(serverTime);
  return Number.isFinite(stamp) ? stamp - (sentAt + receivedAt) / 2 : 0;
}

/** A moment on the server's clock (an ISO date) as the same moment on this device's clock. */
export function onDeviceClock(serverMoment: string, offset: number): number {
  return Date.parse(serverMoment) - offset;
}

/**
 * The server's clock as seen from a page that hears from it many times (a room's WebSocket):
 * of all the stamped answers, the one with the shortest round trip gives the offset, since its
 * midpoint is the least uncertain (off by at most half that round trip).
 */
export class ServerClock {
  private best: { offset: number; roundTrip: number } | null = null;

  /** A server stamp (ms since the epoch) in an answer to something sent at `sentAt`, received at `receivedAt`. */
  observe(serverTime: number, sentAt: number, receivedAt: number): void {
    const roundTrip = Math.max(0, receivedAt - sentAt);
    if (this.best !== null && roundTrip > this.best.roundTrip) return;
    this.best = { offset: clockOffset(serverTime, sentAt, receivedAt), roundTrip };
  }

  /** How far the server's clock is ahead of this device's, in ms (0 before any answer). */
  get offset(): number {
    return this.best?.offset ?? 0;
  }

  /** The server's time now (ms since the epoch). */
  now(deviceNow = Date.now()): number {
    return deviceNow + this.offset;
  }
}
