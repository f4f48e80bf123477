// The ranked round's timing, shared by the Worker (which judges it) and the site (which runs the
// clock and says how long a round is).
import { plural } from "./plural.ts";

/** A ranked round's length unless the Worker's ROUND_SECONDS var says otherwise. */
export const DEFAULT_ROUND_SECONDS = 180;

/**
 * Words sent within this long after a ranked round's end still count: the last word of a round
 * is in flight when the clock hits zero. The site keeps sending during it.
 */
export const GRACE_MS = 5_000;

/** "3-minute" (for "a 3-minute round"), "90-second", "1-minute". */
export function roundLengthAdjective(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60}-minute` : `${seconds}-second`;
}

/** "3 minutes", "90 seconds", "1 minute". */
export function roundLengthText(seconds: number): string {
  return seconds % 60 === 0 ? plural(seconds / 60, "minute") : plural(seconds, "second");
}

/** The most words one batch of a round's words may carry (the site's submit queue sends batches). */
export const MAX_WORDS_PER_BATCH = 40;

/**
 * The most receipts one sync (POST /api/rounds/:id/receipts) may carry: the Worker refuses more,
 * the site sends its receipts in uploads of this many (with the ticket, within the 4 KB body limit).
 */
export const MAX_RECEIPTS_PER_SYNC = 60;

/** The longest the site waits to send a batch of words: a player-day is then a handful of requests. */
export const MAX_BATCH_DELAY_MS = 30_000;

/**
 * How long the site waits between batches of a round's words: a sixth of a ranked round (30 s
 * of a 3-minute round, so about seven batches a round), at least a second.
 */
export function batchDelayMs(roundMs: number): number {
  return Math.max(1000, Math.min(MAX_BATCH_DELAY_MS, Math.round(roundMs / 6)));
}
