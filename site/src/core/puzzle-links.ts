// Where a board lives on the site: today's on its language's home (/, /fr, /es, /de), a past one
// at /play/DATE (with ?lang= unless English), its leaderboard at /leaderboard?date=DATE&lang=.
import type { LanguageCode } from "#engine";

interface Board {
  date: string;
  lang: LanguageCode;
}

const langQuery = (lang: LanguageCode, sep: "?" | "&") => (lang === "en" ? "" : `${sep}lang=${lang}`);

export function puzzleHref(board: Board, today: boolean): string {
  if (today) return board.lang === "en" ? "/" : `/${board.lang}`;
  return `/play/${board.date}${langQuery(board.lang, "?")}`;
}

export function leaderboardHref(board: Board): string {
  return `/leaderboard?date=${board.date}${langQuery(board.lang, "&")}`;
}
