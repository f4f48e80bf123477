// The site's "today" is the server's: the day the Worker serves as today. That is the UTC date,
// unless the device's clock is off (a device a few minutes fast at midnight would otherwise ask
// for tomorrow's streak day) or the server pins another day for development and the tests
// (worker/dev/pinned-day.ts). The server's clock is learned from its stamped answers (a round's
// serverTime) and from the date of the puzzle it serves as "today", and kept, so that a page that
// asks for no round (stats, archive, leaderboard, league) counts days from the same "today".
import { dayStart, todayUtc } from "#engine";
import { readItem, writeItem } from "./storage.ts";

const KEY = "tw:server-clock-offset";
let offset: number | null = null;

/** How far the server's clock is ahead of this device's, in ms, as last learned (0 before anything). */
function currentOffset(): number {
  if (offset === null) {
    const stored = Number(readItem(KEY));
    offset = Number.isFinite(stored) ? stored : 0;
  }
  return offset;
}

/** The server's clock now, in ms since the epoch. */
export function serverNow(deviceNow = Date.now()): number {
  return deviceNow + currentOffset();
}

/** The day the server serves as today (YYYY-MM-DD). */
export function serverToday(deviceNow = Date.now()): string {
  return todayUtc(serverNow(deviceNow));
}

/** Learned from a stamped answer: the server's clock is `ms` ahead of this device's. */
export function rememberClockOffset(ms: number): void {
  if (!Number.isFinite(ms)) return;
  offset = Math.round(ms);
  writeItem(KEY, String(offset));
}

/** Learned from the puzzle the server serves as "today": that day is today, whatever the device's date. */
export function rememberServerToday(date: string, deviceNow = Date.now()): void {
  const known = serverToday(deviceNow);
  if (known !== date) rememberClockOffset(currentOffset() + dayStart(date) - dayStart(known));
}
