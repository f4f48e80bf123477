// Rounds and words. A round is one row in D1, written when it starts. A word never touches D1:
// it is judged from the day's solution (cached per isolate), and an accepted word gets a signed
// receipt at once; the client keeps its receipts and syncs them in batches (rounds/sync-producer.ts).
// Nothing a client says about points or score is used.
import { LANGUAGES, type Reason, checkWord } from "#engine";
import type { Db } from "../db/client.ts";
import { homeDb } from "../db/shards.ts";
import { findPlayer } from "../players/queries.ts";
import { startOrResumeRound } from "./queries.ts";
import type { Round } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { DEFAULT_ROUND_SECONDS, GRACE_MS } from "#game/round.ts";
import { DomainError } from "../domain-error.ts";
import { keyDate } from "#game/puzzle-key.ts";
import { lexiconOf } from "../puzzles/engine.ts";
import { ranksOf } from "../results/found-set.ts";
import { type Puzzle, getPuzzle, storePuzzleOn } from "../puzzles/puzzles.ts";
import { type RoundTicket, issueReceipt, issueTicket } from "./tickets-and-receipts.ts";

/** The length of a ranked round: the ROUND_SECONDS var (short rounds for browser tests), else 3 minutes. */
export function roundMs(env: Pick<Env, "ROUND_SECONDS">): number {
  const seconds = Number(env.ROUND_SECONDS ?? DEFAULT_ROUND_SECONDS);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 24 * 3600) {
    throw new DomainError("unavailable", `the server's ROUND_SECONDS is not a whole number of seconds (1-86400): ${env.ROUND_SECONDS}`);
  }
  return seconds * 1000;
}

export type WordReason = Reason | "late";

export type WordResult =
  | { accepted: true; word: string; points: number; receipt: string }
  | { accepted: false; reason: WordReason; word: string; points: 0 };

export interface RoundView {
  roundId: string;
  /** The board's key: its day, and its language unless English (`2026-11-25-fr`). */
  date: string;
  ranked: boolean;
  startedAt: string;
  /** Null for an unranked round: no time limit. */
  endsAt: string | null;
  /** Carried by the round's words and syncs: proves the round without a database read. */
  ticket: string;
  /** What the server has stored so far (syncs reach it within seconds). */
  score: number;
  found: number;
  /** The stored words, alphabetical. */
  words: string[];
  /** The server's clock when it answered: the page times the round from it, not the device's clock. */
  serverTime: string;
}

export function ticketOf(round: Round): RoundTicket {
  return { roundId: round.id, playerId: round.playerId, date: round.puzzleDate, ranked: round.ranked, endsAt: round.endsAt };
}

export async function roundView(env: Env, round: Round, puzzle: Puzzle, now: number): Promise<RoundView> {
  return {
    roundId: round.id,
    date: round.puzzleDate,
    ranked: round.ranked,
    startedAt: new Date(round.startedAt).toISOString(),
    endsAt: round.endsAt === null ? null : new Date(round.endsAt).toISOString(),
    ticket: await issueTicket(env, ticketOf(round)),
    score: round.score,
    found: round.words,
    words: ranksOf(round.found).flatMap((rank) => puzzle.words[rank]?.word ?? []),
    serverTime: new Date(now).toISOString(),
  };
}

/**
 * The player's round for the day, on the player's shard (`db`): ranked (timed) when the day is today,
 * unranked and untimed for a past day. Asking again returns the same round. One D1 batch; the
 * day's row and the player are checked only when it fails on their foreign key (the first round
 * of the day on that shard brings the day's row there).
 */
export async function startRound(env: Env, db: Db, playerId: string, date: string, today: string, now: number): Promise<{ round: Round; created: boolean; puzzle: Puzzle }> {
  const start = () => insertRound(db, playerId, date, today, now, roundMs(env));
  let started: Awaited<ReturnType<typeof start>>;
  try {
    started = await start();
  } catch (error) {
    if (!/FOREIGN KEY constraint failed/.test(String(error))) throw error;
    await storePuzzleOn(env, db, date, now);
    if ((await findPlayer(db, playerId)) === undefined) throw new DomainError("unauthorized", "this player does not exist");
    started = await start();
  }
  return { ...started, puzzle: await getPuzzle(env, homeDb(env), date, { now }) };
}

async function insertRound(db: Db, playerId: string, date: string, today: string, now: number, roundLength: number): Promise<{ round: Round; created: boolean }> {
  const ranked = keyDate(date) === today;
  const id = crypto.randomUUID();
  const round = await startOrResumeRound(db, {
    id,
    playerId,
    puzzleDate: date,
    ranked,
    startedAt: now,
    endsAt: ranked ? now + roundLength : null,
    found: new Uint8Array(0),
    score: 0,
    words: 0,
    pace: new Uint8Array(0),
    verified: true,
    flags: "",
  });
  return { round, created: round.id === id };
}

export function isOver(round: { endsAt: number | null }, now: number, grace = 0): boolean {
  return round.endsAt !== null && now > round.endsAt + grace;
}

/** Why a word that is not in the solution does not count. */
function rejection(puzzle: Puzzle, word: string): Reason {
  const verdict = checkWord(puzzle.board, lexiconOf(puzzle.lang), puzzle.rules, word);
  // A word the current lexicon accepts but the stored solution lacks (a newer lexicon than the
  // day's) does not count: the stored solution is the authority.
  return verdict.accepted ? "not-a-word" : verdict.reason;
}

/**
 * Judges one word of the ticket's round: a word of the solution, while the round is open (plus
 * its grace), is accepted with a receipt. Reads and writes nothing: sending a word again just
 * gets another receipt for it, and the sync merges them into one.
 */
export async function judgeWord(env: Env, ticket: RoundTicket, puzzle: Puzzle, typed: string, now: number, foundAt = now): Promise<WordResult> {
  // As the board's language spells it: "élève" is the French "eleve", "schön" the German "schoen".
  const word = LANGUAGES[puzzle.lang].normalize(typed);
  if (word === null) return { accepted: false, reason: "not-a-word", word: typed.trim().toLowerCase(), points: 0 };
  const entry = puzzle.byWord.get(word);
  const late = isOver(ticket, now, GRACE_MS);
  if (entry !== undefined && !late) {
    return { accepted: true, word, points: entry.points, receipt: await issueReceipt(env, ticket.roundId, word, foundAt) };
  }
  return { accepted: false, reason: late ? "late" : rejection(puzzle, word), word, points: 0 };
}

/**
 * How far back the server dates a batched word: the site waits up to MAX_BATCH_DELAY_MS
 * (shared/game/round.ts) before it sends, and a retry may add to that; a word said to be older is
 * dated this far back. Lateness is judged by arrival, so an age never moves a word that arrives
 * after the round's end (plus grace) into the round. An age can only spread a client's words
 * back in time by this much, which a script can do anyway by pacing its requests in real time
 * (the round lasts as long for it); a script that sends its words at once, ages or not, is still
 * caught by the pace rules (fair-play.ts).
 */
export const MAX_WORD_AGE_MS = 60_000;

export interface BatchedWord {
  word: string;
  /** How long ago the client found it (ms, by its own clock: a duration, not a time). */
  age?: number;
}

/**
 * Judges a batch of words of the ticket's round, in order, one verdict each. Lateness is judged
 * by the batch's arrival (the server's clock); an accepted word's receipt is dated when the client
 * found it, at most MAX_WORD_AGE_MS before the arrival, so the pace rules (fair-play.ts) see when
 * words were found, not when the batch left. A word twice in a batch gets two receipts, merged
 * into one by the sync like any repeated word.
 */
export async function judgeWords(env: Env, ticket: RoundTicket, puzzle: Puzzle, words: readonly BatchedWord[], now: number): Promise<WordResult[]> {
  return Promise.all(words.map(({ word, age = 0 }) => judgeWord(env, ticket, puzzle, word, now, now - Math.min(Math.max(0, age), MAX_WORD_AGE_MS))));
}
