// The numbers of the fair-play rules, which the Worker enforces (worker/results/fair-play.ts,
// provisional.ts, word-choice.ts explain them) and the /how-to-play page prints: written once,
// here, so the page can never state a rule the server does not apply.

// The fair-play thresholds (fair-play.ts).
export const PACE_BUCKET_MS = 5_000;
/** Two adjacent buckets: every pair of them is a real 10-second window. */
export const PACE_WINDOW_MS = 2 * PACE_BUCKET_MS;
export const MAX_WORDS_PER_WINDOW = 20;
/** Twelve adjacent buckets: a minute. */
export const SUSTAINED_WINDOW_MS = 12 * PACE_BUCKET_MS;
export const MAX_WORDS_PER_MINUTE = 45;
export const MAX_SOLUTION_SHARE = 0.75;
export const MIN_WORDS_FOR_SHARE = 40;
export const MAX_RARE_SHARE = 0.6;
export const MIN_RARE_WORDS = 20;
export const RARE_FINDER_SHARE = 0.01;
export const MIN_PLAYERS_FOR_FINDER_SHARE = 200;

// Provisional top places (provisional.ts).
export const TOP_PLACES = 10;
export const CONFIRMING_DAYS = 3;
export const MAX_JUMP = 2;
/** Below this a doubling means little (10 points one day, 25 the next is just a better day). */
export const JUMP_FLOOR = 40;

// The word-choice shape (word-choice.ts).
export const MIN_SHAPE_WORDS = 20;
/** Points at least this share of the board's best words in the same number. */
export const BEST_PICK_FLOOR = 0.9;
/** At least this share of the round's words rare... */
export const RARE_SHARE_FLOOR = 0.5;
/**
 * ...or, on a board with fewer rare words, this share of the board's own rare share: a script that
 * takes the best words under the sweep rules (75 % of the words, 60 % of the rare ones) has 0.8 of
 * it, so a board half rare (0.53 seen) cannot hide it under the fixed floor.
 */
export const RARE_SHARE_OF_BOARD = 0.75;
/** Below this many verified rounds of the day, the floors alone decide. */
export const MIN_SHAPE_SAMPLE = 100;
