// Where a board lives on the site: today's on its language's home (/, /fr, /es, /de), a past one
// at /play/DATE (with ?lang= unless English), its leaderboard on its language's leaderboard page
// (/leaderboard?date=DATE, /fr/leaderboard?date=DATE: i18n/paths.ts).
import type { LanguageCode } from "#engine";
import { localePath } from "../i18n/paths.ts";

interface Board {
  date: string;
  lang: LanguageCode;
}

export function puzzleHref(board: Board, today: boolean): string {
  if (today) return localePath(board.lang, "/");
  return `/play/${board.date}${board.lang === "en" ? "" : `?lang=${board.lang}`}`;
}

export function leaderboardHref(board: Board): string {
  return `${localePath(board.lang, "/leaderboard")}?date=${board.date}`;
}
