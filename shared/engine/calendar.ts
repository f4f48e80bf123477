// Puzzle days roll over at 00:00 UTC for everyone, so every date here is a UTC calendar date,
// written YYYY-MM-DD. Shared by the Worker, the site and the CLI so they count days alike.

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (m === null) return false;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === text;
}

/** Midnight UTC that starts the given day, in ms. */
export function dayStart(date: string): number {
  if (!isIsoDate(date)) throw new RangeError(`not a date (YYYY-MM-DD): ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

/** The UTC day of an instant. */
export function utcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return utcDate(dayStart(date) + days * DAY_MS);
}

/** Puzzle number of a day: the launch day is puzzle 1 (0 or less: before the launch). */
export function puzzleNumber(date: string, launchDate: string): number {
  return Math.round((dayStart(date) - dayStart(launchDate)) / DAY_MS) + 1;
}

/** Today's UTC date. */
export function todayUtc(now = Date.now()): string {
  return utcDate(now);
}

/** The next 00:00 UTC after an instant, in ms: when the next puzzle opens. */
export function nextUtcMidnight(now: number): number {
  return dayStart(utcDate(now)) + DAY_MS;
}

/** Consecutive days among `dates` ending today (or yesterday, while today is not played yet). */
export function streakOf(dates: Iterable<string>, today: string): number {
  const played = new Set(dates);
  let day = played.has(today) ? today : addDays(today, -1);
  let streak = 0;
  while (played.has(day)) {
    streak++;
    day = addDays(day, -1);
  }
  return streak;
}

/** The longest run of consecutive days among some dates. */
export function longestStreakOf(dates: Iterable<string>): number {
  const days = [...new Set(dates)].map((d) => dayStart(d) / DAY_MS).sort((a, b) => a - b);
  let best = 0;
  let run = 0;
  days.forEach((day, i) => {
    run = i > 0 && day === days[i - 1] + 1 ? run + 1 : 1;
    best = Math.max(best, run);
  });
  return best;
}
