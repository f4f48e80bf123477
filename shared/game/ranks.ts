// The rank ladder: a player's points as a share of the points of the board's common words
// (a fair yardstick: every common word is one a good player might know).

export interface Rank {
  /** How the site's catalogues name it (site/src/i18n: `rankNames[key]`). */
  key: RankKey;
  /** Its English name (the CLI, the share text, the English catalogue). */
  name: string;
  /** Minimum share of the common-words points, 0..1. */
  at: number;
}

export type RankKey = "warm-up" | "good-start" | "moving-up" | "good" | "solid" | "nice" | "great" | "amazing" | "genius" | "lexicon";

export const RANKS: readonly Rank[] = [
  { key: "warm-up", name: "Warm-up", at: 0 },
  { key: "good-start", name: "Good start", at: 0.05 },
  { key: "moving-up", name: "Moving up", at: 0.1 },
  { key: "good", name: "Good", at: 0.2 },
  { key: "solid", name: "Solid", at: 0.3 },
  { key: "nice", name: "Nice", at: 0.4 },
  { key: "great", name: "Great", at: 0.5 },
  { key: "amazing", name: "Amazing", at: 0.65 },
  { key: "genius", name: "Genius", at: 0.8 },
  { key: "lexicon", name: "Lexicon", at: 1 },
];

export function rankIndex(points: number, commonPoints: number): number {
  const share = commonPoints > 0 ? points / commonPoints : 0;
  let index = 0;
  RANKS.forEach((rank, i) => {
    if (share >= rank.at) index = i;
  });
  return index;
}

export function rankFor(points: number, commonPoints: number): Rank {
  return RANKS[rankIndex(points, commonPoints)];
}

/** Points still needed for the next rank, or null at the top. */
export function pointsToNext(points: number, commonPoints: number): number | null {
  const next = RANKS[rankIndex(points, commonPoints) + 1];
  return next ? Math.max(1, Math.ceil(next.at * commonPoints) - points) : null;
}
