// The English of the share text, which is English wherever it is posted (a French player's result
// read in an English feed): kept apart from the English catalogue, so that a French, Spanish or
// German page loads its own catalogue and no other (messages.ts). en.ts says the same from here.
import { topPercent } from "./catalogue.ts";

/** The hints' names in the share text. */
export const SHARE_HINT_NAMES = { grid: "word counts", starts: "first two letters" } as const;

/** Where a player stands among the day's players: a lone player is the first, a small field gets no percentage. */
export function sharePlace(rank: number, total: number): string {
  return total <= 1 ? "first player today" : total < 10 ? `#${rank} of ${total} players` : `#${rank} of ${total} · top ${topPercent(rank, total)}%`;
}
