// One day's ranked round as a player's summary folds it in: what the summary (player-summary.ts)
// and the achievements (achievements.ts) both read, apart so that neither imports the other.
/** One round of a day, as folded into (or read beside) the summary. */
export interface DayResult {
  roundId: string;
  date: string;
  ranked: boolean;
  score: number;
  words: number;
  verified: boolean;
  flags: string;
  /** The words found with their points (for the best words), and whether each is an everyday word. */
  found: readonly { word: string; points: number; common?: boolean }[];
  /** The board's everyday words and their points (for the rank and every-everyday achievements). */
  board?: { commonWords: number; commonPoints: number };
}
