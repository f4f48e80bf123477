// What a round risks, for the moderators' queue (moderation.ts): a round is queued for what it
// did, weighed against who played it, so that a new person's ordinary round is not a moderator's
// work and a script written to stay under every published threshold is.
//
// What it did:
// - the rules' marks: a round the fair-play rules put under review (fair-play.ts), or whose words
//   pick like a solver (word-choice.ts), is queued whoever played it;
// - players' reports: a reported round is always queued (a person asked), and each distinct
//   reporter adds REPORT_RISK, up to MAX_REPORTS of them: little, since a rival's report costs
//   nothing and says less than the round's own conduct;
// - its nearness: each rule's measure over its threshold (1: at it). People come near one rule at
//   a time (a fast typist, a good eye for long words); a script tuned to pass them all comes near
//   all of them at once, and that is what it cannot hide. Each measure past NEAR_FROM of its
//   threshold adds up to 1 ("evasion", 0 to 7). One measure has no rule of its own: evenness.
//   People find words in bursts (a 5-second stretch of the round holds a few, the next none: the
//   counts vary at least as much as their mean, like random arrivals); a script that paces itself
//   with a timer finds the same number in every stretch. Evenness is 1 minus that spread (the
//   counts' variance over their mean, from the first word's stretch to the last's), counted for
//   rounds of MIN_SHAPE_WORDS words or more, and twice: a clock is the surest tell of a script.
// Who played it: a player with a record (CONFIRMING_DAYS verified days, as provisional.ts counts
// them) weighs half; a score far past the player's own best (provisional's "jump") adds JUMP_RISK.
// Where it stands: outside the day's top BOARD_PLACES, or already out of the ranks (the rules
// put it under review: a moderator can only give a person back a place there), a round takes
// nothing much from anyone, and its conduct weighs half.
//
// Measured on a simulated day (docs/fair-play.md, test/worker/review-queue-day.test.ts).
import { MAX_SOLUTION_SHARE, MAX_WORDS_PER_MINUTE, MAX_WORDS_PER_WINDOW, MIN_WORDS_FOR_SHARE, PACE_BUCKET_MS, SUSTAINED_WINDOW_MS } from "#game/fair-play-rules.ts";
import { type FairPlayFlag, peakWindow } from "../results/fair-play.ts";
import { CONFIRMING_DAYS, type PlayerPast, provisionalReason } from "../results/provisional.ts";
import { MIN_SHAPE_WORDS, type ShapeBounds, type WordChoiceShape } from "../results/word-choice.ts";

/** A round at or above this risk is in the queue. */
export const QUEUE_RISK = 1;
export const RULE_RISK = 1;
export const SOLVER_LIKE_RISK = 3;
export const REPORT_RISK = 0.5;
export const MAX_REPORTS = 3;
export const JUMP_RISK = 1;
/** A measure adds to the evasion from this share of its threshold (0 below, 1 at the threshold). */
export const NEAR_FROM = 0.6;
/** The places a round takes from people on the day's board. */
export const BOARD_PLACES = 100;

export interface RiskFacts {
  /** Words judged per PACE_BUCKET_MS, from the round's start. */
  pace: readonly number[];
  shape: WordChoiceShape;
  /** The day's word-choice bounds (word-choice.ts's shapeBounds). */
  bounds: ShapeBounds;
  solutionWords: number;
  score: number;
  /** The rules' marks (under review), "confirmed" aside. */
  flags: readonly FairPlayFlag[];
  solverLike: boolean;
  past: PlayerPast;
  /** Distinct players who reported it. */
  reports: number;
  /** Its place among the day's verified rounds (1: first), null when not ranked there. */
  place: number | null;
}

/** Each rule's measure for the round over its threshold: 1 at the threshold. */
export interface Nearness {
  pace: number;
  sustained: number;
  sweep: number;
  bestPick: number;
  rareShare: number;
  even: number;
}

/** 1 minus the spread of the words per stretch (variance over mean) between the first word and the last, from 0. */
export function evennessOf(pace: readonly number[]): number {
  const first = pace.findIndex((n) => n > 0);
  let last = pace.length - 1;
  while (last >= 0 && pace[last] === 0) last--;
  if (first === -1 || last - first < 2) return 0;
  const stretch = pace.slice(first, last + 1);
  const mean = stretch.reduce((a, b) => a + b, 0) / stretch.length;
  const variance = stretch.reduce((a, n) => a + (n - mean) ** 2, 0) / stretch.length;
  return Math.max(0, 1 - variance / mean);
}

export function nearnessOf(facts: Pick<RiskFacts, "pace" | "shape" | "bounds" | "solutionWords">): Nearness {
  const { pace, shape, bounds, solutionWords } = facts;
  const shaped = shape.words >= MIN_SHAPE_WORDS;
  return {
    pace: peakWindow(pace) / MAX_WORDS_PER_WINDOW,
    sustained: peakWindow(pace, SUSTAINED_WINDOW_MS / PACE_BUCKET_MS) / MAX_WORDS_PER_MINUTE,
    sweep: solutionWords >= MIN_WORDS_FOR_SHARE ? shape.words / (MAX_SOLUTION_SHARE * solutionWords) : 0,
    bestPick: shaped && bounds.bestPick > 0 ? shape.bestPick / bounds.bestPick : 0,
    rareShare: shaped && bounds.rareShare > 0 ? shape.rareShare / bounds.rareShare : 0,
    even: shaped ? evennessOf(pace) : 0,
  };
}

/** How near the round kept to every rule at once: 0 (nowhere near) to 7 (at every threshold, like clockwork). */
export function evasionOf(nearness: Nearness): number {
  const near = (n: number) => Math.min(1, Math.max(0, (n - NEAR_FROM) / (1 - NEAR_FROM)));
  const { even, ...rules } = nearness;
  return Object.values(rules).reduce((sum, n) => sum + near(n), 2 * near(even));
}

export interface RoundRisk {
  risk: number;
  evasion: number;
  queued: boolean;
}

export function roundRisk(facts: RiskFacts): RoundRisk {
  // Nothing synced: nothing to rank, nothing to review.
  if (facts.shape.words === 0) return { risk: 0, evasion: 0, queued: false };
  const evasion = evasionOf(nearnessOf(facts));
  const marked = (facts.flags.length > 0 ? RULE_RISK : 0) + (facts.solverLike ? SOLVER_LIKE_RISK : 0);
  const reports = Math.min(MAX_REPORTS, facts.reports) * REPORT_RISK;
  const record = facts.past.days >= CONFIRMING_DAYS ? 0.5 : 1;
  const jump = provisionalReason(facts.score, facts.past) === "jump" ? JUMP_RISK : 0;
  const onBoard = facts.place !== null && facts.place <= BOARD_PLACES ? 1 : 0.5;
  const risk = marked + reports + (evasion * record + jump) * onBoard;
  return { risk: Math.round(risk * 100) / 100, evasion: Math.round(evasion * 100) / 100, queued: risk >= QUEUE_RISK || facts.reports > 0 };
}
