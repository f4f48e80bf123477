// The rank ladder: a player's points as a share of the points of the board's common words
// (a fair yardstick: every common word is one a good player might know).

export interface Rank {
  name: string;
  /** Minimum share of the common-words points, 0..1. */
  at: number;
}

export const RANKS: readonly Rank[] = [
  { name: "Warm-up", at: 0 },
  { name: "Good start", at: 0.05 },
  { name: "Moving up", at: 0.1 },
  { name: "Good", at: 0.2 },
  { name: "Solid", at: 0.3 },
  { name: "Nice", at: 0.4 },
  { name: "Great", at: 0.5 },
  { name: "Amazing", at: 0.65 },
  { name: "Genius", at: 0.8 },
  { name: "Lexicon", at: 1 },
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
