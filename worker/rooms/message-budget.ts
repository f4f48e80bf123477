// How many WebSocket messages a room reads from one seat: a token bucket per seat (BURST at once,
// then PER_SECOND), so a flood of words or pings is not judged and answered at the room's
// expense. A person types a few words a second; the page's outbox, flushed on a reconnect, fits
// in the burst. A message over the budget is answered "rate-limited" unread. Refused messages
// count up and wear off at PER_SECOND: a seat whose count reaches MAX_REFUSED (a flood, not a
// client a little too eager) is disconnected. Kept in the room's memory: a room that
// hibernates has no flood going on.

export const BURST = 40;
export const PER_SECOND = 5;
export const MAX_REFUSED = 100;

export type Allowance = "read" | "refused" | "disconnect";

interface Bucket {
  tokens: number;
  at: number;
  refused: number;
}

export class MessageBudget {
  private readonly buckets = new Map<string, Bucket>();

  /** Whether the seat's message at `now` (ms) is read, refused, or the last straw. */
  take(seatId: string, now: number): Allowance {
    const bucket = this.buckets.get(seatId) ?? { tokens: BURST, at: now, refused: 0 };
    const refill = ((now - bucket.at) / 1000) * PER_SECOND;
    bucket.tokens = Math.min(BURST, bucket.tokens + refill);
    bucket.refused = Math.max(0, bucket.refused - refill);
    bucket.at = now;
    this.buckets.set(seatId, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return "read";
    }
    bucket.refused += 1;
    return bucket.refused >= MAX_REFUSED ? "disconnect" : "refused";
  }

  /** A seat gone from the room. */
  forget(seatId: string): void {
    this.buckets.delete(seatId);
  }
}
