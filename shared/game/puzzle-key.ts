// Which daily board: a day and a language. Its key is the day for English (every English board
// stored so far keeps its key) and the day with the language's code after a hyphen for the others:
// "2026-11-25", "2026-11-25-fr". The key names the board in the API (`/api/puzzles/2026-11-25-fr`),
// in D1 (every table keyed by a puzzle date) and in R2, so each language has its own rounds,
// leaderboard, aggregates and archive with no column added; keys sort by day first. `today-fr`
// asks for today's French board.
import { ENGLISH, type LanguageCode, isIsoDate, isLanguageCode } from "../engine/index.ts";

export interface PuzzleDay {
  /** The UTC day, YYYY-MM-DD (or "today" where a request may say so). */
  date: string;
  lang: LanguageCode;
}

const KEY = /^(today|\d{4}-\d{2}-\d{2})(?:-([a-z]{2}))?$/;

/** The key of a day's board in a language. */
export function puzzleKey(date: string, lang: LanguageCode = ENGLISH.code): string {
  return lang === ENGLISH.code ? date : `${date}-${lang}`;
}

/**
 * The day and language of a key or a request's day ("today", "today-fr", "2026-11-25-de"), or
 * null when it is neither. English is never written out: "2026-11-25-en" is not a key, so each
 * board has exactly one.
 */
export function parsePuzzleKey(text: string): PuzzleDay | null {
  const m = KEY.exec(text);
  if (m === null) return null;
  const [, date, code] = m;
  if (date !== "today" && !isIsoDate(date)) return null;
  if (code === undefined) return { date, lang: ENGLISH.code };
  if (code === ENGLISH.code || !isLanguageCode(code)) return null;
  return { date, lang: code };
}

/** The day of a stored key (its first ten characters). */
export function keyDate(key: string): string {
  return key.slice(0, 10);
}

/** The language of a stored key. */
export function keyLanguage(key: string): LanguageCode {
  return parsePuzzleKey(key)?.lang ?? ENGLISH.code;
}

/** A stored board's key (a real day, not "today"). */
export function isPuzzleKey(text: string): boolean {
  const day = parsePuzzleKey(text);
  return day !== null && day.date !== "today";
}
