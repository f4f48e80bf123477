// Local development and the tests can pin the day: with TODAY=YYYY-MM-DD (a var `npm start` and
// the test servers pass to wrangler dev; never set in wrangler.toml, and `npm run deploy` refuses
// a deployment that has it), this isolate's clock is moved to that day at the current time of day,
// still running. With TODAY_BEGAN_AT (the real instant, in ms since the epoch, at which the pinned
// day is to begin) the clock reads that day's 00:00 at that instant instead: the tests set it ten
// hours before they start (test/days.ts), so every server and test file of a run shares one clock
// whose day does not end during the run, whenever it starts (at the real time of day, a run that
// crossed the real midnight moved on to the next day). Everything that reads the clock follows it
// at once: the Worker's "today", its rounds' clocks and settle deadlines, the crons (their
// scheduled times are moved alike, see onPinnedClock) and the live rooms, whose Durable Objects
// share the module. Imported first by the Worker's entry, so no other module reads the clock
// before it is moved.
import { env } from "cloudflare:workers";
import { dayStart, isIsoDate, utcDate } from "#engine";

const RealDate = Date;
const HOUR_MS = 3_600_000;
/** workerd reads 0 (the epoch) from the clock at startup, outside any request: no real "now" yet. */
const SANE_NOW = Date.UTC(2020, 0, 1);

const pinnedDay = env.TODAY === undefined || env.TODAY === "" ? undefined : env.TODAY;
if (pinnedDay !== undefined && !isIsoDate(pinnedDay)) throw new Error(`TODAY must be a date written YYYY-MM-DD, got "${pinnedDay}"`);
const beganAt = env.TODAY_BEGAN_AT === undefined || env.TODAY_BEGAN_AT === "" ? undefined : Number(env.TODAY_BEGAN_AT);
if (beganAt !== undefined && !Number.isSafeInteger(beganAt)) throw new Error(`TODAY_BEGAN_AT must be an instant in ms since the epoch, got "${env.TODAY_BEGAN_AT}"`);
/**
 * How far the pinned clock is ahead of the real one: fixed by TODAY_BEGAN_AT, or whole days from
 * the real date at the first real reading.
 */
let shift: number | undefined = pinnedDay !== undefined && beganAt !== undefined ? dayStart(pinnedDay) - beganAt : undefined;

/** The real clock moved to the pinned day. */
function pinnedNow(): number {
  const real = RealDate.now();
  if (shift === undefined && real > SANE_NOW) shift = dayStart(pinnedDay!) - dayStart(utcDate(real));
  return real + (shift ?? 0);
}

/** How far the pinned clock is ahead of the real one, in ms (0 when nothing is pinned). */
export function pinnedShiftMs(): number {
  if (pinnedDay === undefined) return 0;
  pinnedNow();
  return shift ?? 0;
}

/**
 * A scheduled time as the pinned clock reads it: the runtime stamps a cron with the real clock's
 * time, which is moved like every clock; a time already on the pinned clock (a controller a test
 * made with Date.now(), or with a date of its own) is left as it is.
 */
export function onPinnedClock(scheduledTime: number): number {
  const onRealClock = Math.abs(scheduledTime - RealDate.now()) < HOUR_MS;
  return onRealClock ? scheduledTime + pinnedShiftMs() : scheduledTime;
}

/**
 * An instant on the pinned clock as the runtime reads it: a Durable Object's alarm is set on the
 * real clock (a room's round end set at the pinned time would ring months later).
 */
export function onRealClock(ms: number): number {
  return ms - pinnedShiftMs();
}

// A Date whose "now" is the pinned clock's; every other use (parsing, a given instant) is the real Date's.
if (pinnedDay !== undefined) {
  class PinnedDate extends RealDate {
    constructor(...args: ConstructorParameters<DateConstructor> | []) {
      if (args.length === 0) super(pinnedNow());
      else super(...(args as [string | number | Date]));
    }
    static override now(): number {
      return pinnedNow();
    }
  }
  globalThis.Date = PinnedDate as DateConstructor;
}
