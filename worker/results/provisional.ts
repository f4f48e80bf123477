// Provisional top places: the fair-play rules (fair-play.ts) judge one round, and a script that
// stays just under every threshold still passes them. What it cannot fake cheaply is a history,
// so a top-TOP_PLACES place on the global board is shown as "provisional" unless its player has a
// confirmed record: at least CONFIRMING_DAYS verified ranked days before this one, and a score no
// more than MAX_JUMP times their best of those days (a jump far past one's own past is what a
// script switched on after a few quiet days looks like). Provisional changes nothing but the mark:
// the round stays ranked and counted, nobody is blocked from playing, and a player's later days
// confirm their later places.
//
// A passkey does not confirm on its own: a script can register passkeys too (this project's own
// browser tests do it with a virtual authenticator); it proves "the same account", not "a person".
// The history is read from before the day only, so a day's marks never change once it is settled.
//
// Pure rules (their numbers are in shared/game/fair-play-rules.ts, which the /how-to-play page prints);
// player-past.ts reads the history.

// The thresholds live in shared/ (the /how-to-play page prints them).
import { TOP_PLACES, CONFIRMING_DAYS, MAX_JUMP, JUMP_FLOOR } from "#game/fair-play-rules.ts";

export { TOP_PLACES, CONFIRMING_DAYS, MAX_JUMP, JUMP_FLOOR };

// "picks": the round's words pick like a solver (word-choice.ts), whatever the player's record;
// it comes first, since it says something about the round and not only about the account.
export type ProvisionalReason = "picks" | "new" | "jump";

export interface PlayerPast {
  /** Verified ranked days before the day in question. */
  days: number;
  /** The best score of those days. */
  best: number;
}

export function provisionalReason(score: number, past: PlayerPast, solverLike = false): ProvisionalReason | null {
  if (solverLike) return "picks";
  if (past.days < CONFIRMING_DAYS) return "new";
  if (score > JUMP_FLOOR && score > MAX_JUMP * past.best) return "jump";
  return null;
}

export const PROVISIONAL_REASONS: Record<ProvisionalReason, string> = {
  picks: "words picked like a solver's: far more points per word and far more rare words than the day's players pick",
  new: `a top-${TOP_PLACES} place from a player with fewer than ${CONFIRMING_DAYS} earlier verified days`,
  jump: `more than ${MAX_JUMP} times the player's best earlier score`,
};
