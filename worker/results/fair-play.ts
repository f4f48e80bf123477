// Fair play: is a ranked round plausible for a human? Anyone can solve the public board with the
// shipped CLI, so keeping the solution secret protects nothing; instead every ranked round is
// judged from what the server saw of it. A round that fails any rule below is "under review": it
// is kept and shown to its player, but listed apart from the leaderboard and never counted in
// ranks, percentiles or the "found by X%" shares.
//
// Every rule only looks at things that can only grow as a round goes on (its words, their judging
// times), so a verdict, once "unverified", stays so: the writer can judge a round again at each
// sync and withdraw its contribution from the day's aggregates the moment it fails.
//
// What each rule protects against, and why its threshold sits where it does:
//
// - PACE: more than MAX_WORDS_PER_WINDOW words judged within one PACE_WINDOW_MS window. Each word
//   is a press, a drag through three or more tiles and a release (or typing it and Enter). The
//   fastest typists sustain about 3 five-letter words a second copying known text; finding words on
//   a board is far slower, and genre players peak near one word a second for a few seconds. Two
//   words a second kept up for ten seconds is beyond a person and trivial for a script that
//   replays a solver's output. Judging times are the server's (signed into each receipt): a word's
//   arrival, or for a batched word the time the client says it was found, at most
//   MAX_WORD_AGE_MS (rounds/rounds.ts) before its arrival, so a client cannot spread its words
//   out afterwards beyond that.
// - SUSTAINED PACE: more than MAX_WORDS_PER_MINUTE words judged within one SUSTAINED_WINDOW_MS
//   (60-second) window. PACE alone let a script take 19 words every 10 seconds for a whole round
//   (1.9 a second: 113 words and the top place in a 60-second round, issue 18). People do not keep
//   up their best ten seconds: a strong player's fastest minute is well under one word a second.
// - SWEEP: at least MAX_SOLUTION_SHARE of the solution's words, on a board with at least
//   MIN_WORDS_FOR_SHARE words. A daily board has a few hundred words from a 274k-word list, most
//   of them obscure; strong human players find a fraction in three minutes. A bot that paces
//   itself like a human still gives itself away by finding nearly everything.
// - RARE SWEEP: at least MAX_RARE_SHARE of the board's rare words (not in the common-word list,
//   or found by under RARE_FINDER_SHARE of the day's verified players once there are
//   MIN_PLAYERS_FOR_FINDER_SHARE of them), with at least MIN_RARE_WORDS rare words on the board.
//   People find mostly everyday words; a solver finds the rarest as easily as the commonest.
//
// Being new is not suspicious: no rule looks at the player's age or history. The leaderboard may
// show a player's streak as context, but the rules alone decide.

// The thresholds live in shared/ (the /how-to-play page prints them).
import { PACE_BUCKET_MS, PACE_WINDOW_MS, MAX_WORDS_PER_WINDOW, SUSTAINED_WINDOW_MS, MAX_WORDS_PER_MINUTE, MAX_SOLUTION_SHARE, MIN_WORDS_FOR_SHARE, MAX_RARE_SHARE, MIN_RARE_WORDS, RARE_FINDER_SHARE, MIN_PLAYERS_FOR_FINDER_SHARE } from "#game/fair-play-rules.ts";

export { PACE_BUCKET_MS, PACE_WINDOW_MS, MAX_WORDS_PER_WINDOW, SUSTAINED_WINDOW_MS, MAX_WORDS_PER_MINUTE, MAX_SOLUTION_SHARE, MIN_WORDS_FOR_SHARE, MAX_RARE_SHARE, MIN_RARE_WORDS, RARE_FINDER_SHARE, MIN_PLAYERS_FOR_FINDER_SHARE };

/**
 * "confirmed": a moderator looked at the round and confirmed it (moderation/review.ts); the
 * rules above never set it. "cleared" (a moderator's "this is a person") is a marker, not a
 * failure: a round carrying it is not judged again.
 */
export type FairPlayFlag = "pace" | "sustained" | "sweep" | "rare-sweep" | "confirmed";
export const CLEARED = "cleared";

export interface SolutionWordFacts {
  /** In the lexicon's common-word list. */
  common: boolean;
  /** How many verified ranked rounds of the day found the word (the writer's aggregate). */
  finders: number;
}

export interface RoundEvidence {
  /** Words judged in each PACE_BUCKET_MS of the round, from its start (see paceOf). */
  pace: readonly number[];
  /** Indexes into `solution` of the words the round found. */
  found: readonly number[];
  /** The day's solution, in the order the indexes refer to. */
  solution: readonly SolutionWordFacts[];
  /** Verified ranked rounds of the day so far (for the finder shares). */
  players: number;
}

export interface FairPlayVerdict {
  verified: boolean;
  flags: FairPlayFlag[];
}

/** Words per PACE_BUCKET_MS since the round's start, from the server's judging times. */
export function paceOf(startedAt: number, judgedAt: readonly number[]): number[] {
  const pace: number[] = [];
  for (const at of judgedAt) {
    const bucket = Math.max(0, Math.floor((at - startedAt) / PACE_BUCKET_MS));
    while (pace.length <= bucket) pace.push(0);
    pace[bucket]++;
  }
  return pace;
}

/** The most words in any `buckets` adjacent pace buckets (2: a 10-second window; 12: a minute). */
export function peakWindow(pace: readonly number[], buckets = PACE_WINDOW_MS / PACE_BUCKET_MS): number {
  let sum = 0;
  let peak = 0;
  for (let i = 0; i < pace.length; i++) {
    sum += pace[i] - (i >= buckets ? pace[i - buckets] : 0);
    peak = Math.max(peak, sum);
  }
  return peak;
}

function isRare(word: SolutionWordFacts, players: number): boolean {
  if (!word.common) return true;
  return players >= MIN_PLAYERS_FOR_FINDER_SHARE && word.finders / players < RARE_FINDER_SHARE;
}

export function judgeRound(evidence: RoundEvidence): FairPlayVerdict {
  const flags: FairPlayFlag[] = [];
  if (peakWindow(evidence.pace) > MAX_WORDS_PER_WINDOW) flags.push("pace");
  if (peakWindow(evidence.pace, SUSTAINED_WINDOW_MS / PACE_BUCKET_MS) > MAX_WORDS_PER_MINUTE) flags.push("sustained");

  const total = evidence.solution.length;
  if (total >= MIN_WORDS_FOR_SHARE && evidence.found.length >= MAX_SOLUTION_SHARE * total) flags.push("sweep");

  let rare = 0;
  for (const word of evidence.solution) if (isRare(word, evidence.players)) rare++;
  let rareFound = 0;
  for (const i of evidence.found) {
    const word = evidence.solution[i];
    if (word !== undefined && isRare(word, evidence.players)) rareFound++;
  }
  if (rare >= MIN_RARE_WORDS && rareFound >= MAX_RARE_SHARE * rare) flags.push("rare-sweep");

  return { verified: flags.length === 0, flags };
}

/** Each rule in plain words, for the player whose round it put under review. */
export const FLAG_REASONS: Record<FairPlayFlag, string> = {
  pace: `more than ${MAX_WORDS_PER_WINDOW} words within ${PACE_WINDOW_MS / 1000} seconds, faster than anyone can trace words`,
  sustained: `more than ${MAX_WORDS_PER_MINUTE} words within one minute, a pace no one keeps up`,
  sweep: `at least ${Math.round(MAX_SOLUTION_SHARE * 100)}% of every word on the board`,
  "rare-sweep": `at least ${Math.round(MAX_RARE_SHARE * 100)}% of the board's rare words, which people almost never find`,
  confirmed: "words picked the way a solver picks them: a moderator looked at the round and took it out of the ranks",
};

/** Why a round is under review, in one sentence (flags as stored: comma-separated). */
export function reviewReason(flags: readonly FairPlayFlag[]): string {
  const known = flags.filter((f): f is FairPlayFlag => f in FLAG_REASONS);
  if (known.length === 0) return "";
  return `Under review: this round found ${known.map((f) => FLAG_REASONS[f]).join("; and ")}. It is kept and shown to you, but not ranked.`;
}

/** A round's stored flags column (comma-separated) as flags. */
export function parseFlags(text: string): FairPlayFlag[] {
  return text === "" ? [] : (text.split(",").filter((f) => f !== CLEARED) as FairPlayFlag[]);
}

/** Whether a moderator cleared the round: the rules no longer judge it. */
export function isCleared(text: string): boolean {
  return text.split(",").includes(CLEARED);
}
