// The days the tests run on, and the daily secret every server they start runs with: no test
// follows the calendar. Every server the tests start (the browser tests' product, the load test,
// the scale run, the first-load measure) is pinned to PINNED_DAY with TODAY (worker/dev/pinned-day.ts),
// and the date-sensitive files of each project run again as of each SWEEP_DAYS day (the Worker's
// in workerd, the browser's against a second server, the scripts' with TODAY), so a test that
// passes only on some boards or some dates fails here, on any day it runs.
// test/engine/test-days.test.ts checks that each day is what it says on this secret.

/** The daily secret of every server the tests start (never a clone's generated .dev.vars). */
export const TEST_DAILY_SECRET = "test-daily-secret-0123456789abcdef";

/** What each sweep day stresses. */
export const SWEEP_DAYS = {
  /** A Sunday: the last day of a league week (its awards, its week standings). */
  "2027-03-14": "a Sunday that ends a league week",
  /** The shortest English solution of 2027 on the test secret (72 words). */
  "2027-08-18": "a short solution",
  /** The longest English solution of 2027 on the test secret (426 words). */
  "2027-02-03": "a long solution",
  "2028-02-29": "a leap day",
  "2027-01-01": "a year's first day",
} as const;

export type SweepDay = keyof typeof SWEEP_DAYS;

/** The day the servers the tests start are pinned to, unless a sweep runs them as of another. */
export const PINNED_DAY: SweepDay = "2027-03-14";

/** The sweep's days besides PINNED_DAY (the Worker's date-sensitive files run as of each of them again). */
export const OTHER_SWEEP_DAYS = (Object.keys(SWEEP_DAYS) as SweepDay[]).filter((day) => day !== PINNED_DAY);

/**
 * The days a server of its own runs the browser's and the load test's date-sensitive files as of:
 * the boards' extremes (the calendar's edges are the Worker's, whose sweep costs no server). Each
 * such server is a wrangler dev beside the others on two cores, so the sweep takes the two days
 * that stress the boards.
 */
export const SERVER_SWEEP_DAYS: SweepDay[] = ["2027-08-18", "2027-02-03"];

/**
 * The real instant (ms since the epoch) at which the pinned day begins on every server and clock of
 * this run (their TODAY_BEGAN_AT: worker/dev/pinned-day.ts): ten hours before the run started, so
 * the run starts at 10:00 on the pinned day, with 14 hours left, whenever it starts. A run that
 * crossed the real midnight on a clock pinned at the real time of day moved on to the next day
 * halfway (its servers' "today" did, and files loaded after midnight reckoned the servers' clock a
 * day off). Kept in the environment:
 * vitest loads each project's config on its own, and the files and scripts it starts inherit it.
 */
export function todayBeganAt(): number {
  process.env.TODAY_BEGAN_AT ||= String(Date.now() - 10 * 3_600_000);
  return Number(process.env.TODAY_BEGAN_AT);
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The day the servers a project's tests start serve as today (their TODAY). */
    today: string;
    /** The real instant that day began at on those servers (their TODAY_BEGAN_AT: todayBeganAt()). */
    todayBeganAt: number;
  }
}
