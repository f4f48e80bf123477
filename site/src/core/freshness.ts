// How old a cached page is, in words and in the page's language: the leaderboard says it under its table.
import { type Messages, messages, pageLanguage } from "../i18n/messages.ts";

/** "updated now", "updated 5 seconds ago", "updated 3 minutes ago" (Intl.RelativeTimeFormat in the page's language). */
export function freshness(updatedAt: number, now = Date.now(), t: Messages = messages(), lang: string = pageLanguage()): string {
  const seconds = Math.max(0, Math.round((now - updatedAt) / 1000));
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: "auto" });
  const ago = seconds < 2 ? relative.format(0, "second") : seconds < 120 ? relative.format(-seconds, "second") : relative.format(-Math.round(seconds / 60), "minute");
  return t.pages.leaderboard.updated(ago);
}
