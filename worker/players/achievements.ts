// Who has earned which achievement (shared/game/achievements.ts), and on which day. A round's own
// achievements (a rank, every everyday word, a long word, a language) are kept in the player's
// summary when the round is folded in (player-summary.ts), so they outlive the round's row;
// streaks and days played are worked out again from the runs of days the summary keeps; a room
// won comes from the room results D1 keeps (400 days).
import { GENIUS_RANK, GREAT_RANK, LONG_WORD, type AchievementId } from "#game/achievements.ts";
import { LANGUAGE_CODES, utcDate } from "#engine";
import { rankIndex } from "#game/ranks.ts";
import { keyDate, keyLanguage } from "#game/puzzle-key.ts";
import type { PlayerSummaryData } from "../db/schema.ts";
import type { DayResult } from "./day-result.ts";
import type { StreakWalk } from "#game/streak-freeze.ts";

const DAY_MS = 86_400_000;
export type Earned = Partial<Record<AchievementId, string>>;

/** The achievements one ranked round earns by itself. */
export function roundAchievements(result: DayResult): AchievementId[] {
  if (!result.ranked) return [];
  const ids: AchievementId[] = ["first-round"];
  if (result.found.some((f) => [...f.word].length >= LONG_WORD)) ids.push("long-word");
  if (result.board !== undefined) {
    const common = result.found.filter((f) => f.common === true);
    const rank = rankIndex(common.reduce((sum, f) => sum + f.points, 0), result.board.commonPoints);
    if (rank >= GREAT_RANK) ids.push("rank-great");
    if (rank >= GENIUS_RANK) ids.push("rank-genius");
    if (result.board.commonWords > 0 && common.length >= result.board.commonWords) ids.push("all-everyday");
  }
  return ids;
}

/** `earned` with `ids` added on `date` (an earlier day already kept stays). */
export function withEarned(earned: Earned | undefined, ids: readonly AchievementId[], date: string): Earned {
  const out: Earned = { ...earned };
  for (const id of ids) if (out[id] === undefined || out[id] > date) out[id] = date;
  return out;
}

/** Folds a round's achievements and language into the summary's kept ones. */
export function foldAchievements(summary: PlayerSummaryData, result: DayResult): Pick<PlayerSummaryData, "earned" | "languages"> {
  if (!result.ranked) return { earned: summary.earned, languages: summary.languages };
  const date = keyDate(result.date);
  const languages = { ...summary.languages };
  const lang = keyLanguage(result.date);
  if (languages[lang] === undefined || languages[lang] > date) languages[lang] = date;
  const ids = roundAchievements(result);
  let earned = withEarned(summary.earned, ids, date);
  if (LANGUAGE_CODES.every((code) => languages[code] !== undefined)) {
    earned = withEarned(earned, ["every-language"], LANGUAGE_CODES.map((code) => languages[code]!).sort().at(-1)!);
  }
  return { earned, languages };
}

/** Two players' kept achievements and languages together (the passkey merge): each at its earliest day. */
export function mergeAchievements(a: PlayerSummaryData, b: PlayerSummaryData): Pick<PlayerSummaryData, "earned" | "languages"> {
  let earned: Earned = { ...a.earned };
  for (const [id, date] of Object.entries(b.earned ?? {})) if (date !== undefined) earned = withEarned(earned, [id as AchievementId], date);
  const languages = { ...a.languages };
  for (const [lang, date] of Object.entries(b.languages ?? {})) {
    if (date !== undefined && (languages[lang] === undefined || languages[lang] > date)) languages[lang] = date;
  }
  if (LANGUAGE_CODES.every((code) => languages[code] !== undefined)) {
    earned = withEarned(earned, ["every-language"], LANGUAGE_CODES.map((code) => languages[code]!).sort().at(-1)!);
  }
  return { earned, languages };
}

const STREAKS: [AchievementId, number][] = [
  ["streak-7", 7],
  ["streak-30", 30],
  ["streak-100", 100],
];

/** Every achievement earned, with its day: the kept ones, the streaks', days played and rooms won. */
export function achievementsOf(summary: PlayerSummaryData, walk: StreakWalk, playedDays: readonly number[], roomsWon: readonly number[]): Earned {
  let earned: Earned = { ...summary.earned };
  for (const [id, length] of STREAKS) {
    const day = walk.reachedOn[length - 1];
    if (day !== undefined) earned = withEarned(earned, [id], utcDate(day * DAY_MS));
  }
  const hundredth = [...playedDays].sort((a, b) => a - b)[99];
  if (hundredth !== undefined) earned = withEarned(earned, ["days-100"], utcDate(hundredth * DAY_MS));
  if (roomsWon.length > 0) earned = withEarned(earned, ["room-win"], utcDate(Math.min(...roomsWon)));
  return earned;
}
