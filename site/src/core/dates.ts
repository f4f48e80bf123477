// How the site shows times and dates (the calendar itself is shared/engine/calendar.ts).
import { type Messages, messages, pageLanguage } from "../i18n/messages.ts";

/** "3h 05m 09s" style, for countdowns; never negative. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}h ${pad(m)}m ${pad(s)}s` : `${m}:${pad(s)}`;
}

/** "Wed, 25 Nov 2026" in the page's language (not the browser's: a French page says "mer. 25 nov. 2026"). */
export function formatLongDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(pageLanguage(), {
    weekday: "short",
    year: "numeric",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

/** The countdown to the next daily puzzle, given the time left until it opens. */
export function nextPuzzleText(left: number, t: Messages = messages()): string {
  return left > 0 ? t.nextPuzzle(formatDuration(left)) : t.newPuzzle;
}
