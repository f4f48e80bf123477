// The achievements: their ids in the order shown, and what each needs. The worker decides who has
// earned which (worker/players/achievements.ts); the pages name them in the page's language
// (site/src/i18n, `comeback.achievements`).
export const ACHIEVEMENTS = [
  "first-round",
  "rank-great",
  "rank-genius",
  "all-everyday",
  "long-word",
  "streak-7",
  "streak-30",
  "streak-100",
  "days-100",
  "every-language",
  "league-week",
  "room-win",
] as const;

export type AchievementId = (typeof ACHIEVEMENTS)[number];

/** The rank index (shared/game/ranks.ts RANKS) of "Great" and of "Genius". */
export const GREAT_RANK = 6;
export const GENIUS_RANK = 8;
/** Letters of a long word. */
export const LONG_WORD = 8;

export function isAchievementId(id: string): id is AchievementId {
  return (ACHIEVEMENTS as readonly string[]).includes(id);
}
