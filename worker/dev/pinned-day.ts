// Local development and the tests can pin the day: with TODAY=YYYY-MM-DD (a var `npm start` and
// the test servers pass to wrangler dev; never set in wrangler.toml, and `npm run deploy` refuses
// a deployment that has it), this isolate's clock is moved to that day at the current time of day,
// still running. Everything that reads the clock follows it at once: the Worker's "today", its
// rounds' clocks and settle deadlines, the crons (their scheduled times are moved alike, see
// onPinnedClock) and the live rooms, whose Durable Objects share the module. Imported first by the
// Worker's entry, so no other module reads the clock before it is moved.
import { env } from "cloudflare:workers";
import { dayStart, isIsoDate, utcDate } from "../../shared/calendar.ts";

const RealDate = Date;
const HOUR_MS = 3_600_000;

/** How far the pinned clock is ahead of the real one, in ms (whole days; 0 when nothing is pinned). */
export const pinnedShiftMs = pinClock(env.TODAY);

/**
 * A scheduled time as the pinned clock reads it: the runtime stamps a cron with the real clock's
 * time, which is moved like every clock; a time already on the pinned clock (a controller a test
 * made with Date.now(), or with a date of its own) is left as it is.
 */
export function onPinnedClock(scheduledTime: number): number {
  const onRealClock = Math.abs(scheduledTime - RealDate.now()) < HOUR_MS;
  return pinnedShiftMs !== 0 && onRealClock ? scheduledTime + pinnedShiftMs : scheduledTime;
}

function pinClock(today: string | undefined): number {
  if (today === undefined || today === "") return 0;
  if (!isIsoDate(today)) throw new Error(`TODAY must be a date written YYYY-MM-DD, got "${today}"`);
  const shift = dayStart(today) - dayStart(utcDate(RealDate.now()));
  if (shift === 0) return 0;
  // A Date whose "now" is shifted; every other use (parsing, a given instant) is the real Date's.
  class PinnedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(RealDate.now() + shift);
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return RealDate.now() + shift;
    }
  }
  globalThis.Date = PinnedDate as DateConstructor;
  return shift;
}
