// Review by people. The fair-play rules (fair-play.ts) and the provisional marks (provisional.ts)
// only point at rounds; moderators decide. A moderator is a player whose id is in the
// MODERATOR_IDS secret (comma-separated) and who has a passkey (so the role is tied to a key held
// on a device, not only to a bearer token in some browser's storage).
//
// The day's queue: the rounds that risk the most (review-risk.ts: the rules' marks, reports, a
// round near every rule at once, weighed against the player's record and place), riskiest first,
// each with its evidence (pace over time, words with their points, points per word, word
// lengths, rare share, the player's earlier days). A new person's ordinary top place is not in
// it (it is still marked provisional on the board). Two decisions:
// - confirm: the round leaves the ranks (verified false, the "confirmed" flag, its contribution
//   withdrawn from the day's aggregates); its player is told why (FLAG_REASONS.confirmed);
// - clear: the mark goes (a flagged round is verified again and counted; a provisional place loses
//   its mark; the rules no longer judge the round).
// Every decision is kept in the audit log (moderation_log).
import type { Db } from "../db/client.ts";
import { countPasskeys } from "../passkeys/queries.ts";
import { type ShardEnv, allShards, dbForPlayer, homeDb, shardOfPlayer } from "../db/shards.ts";
import { type DayDeltas, type RoundUpdate, writeMerge } from "../results/merge-store.ts";
import { shardedLeaderboardPage } from "../results/fan-out.ts";
import {
  type ReviewRound,
  earlierRounds,
  flaggedRounds,
  recordDecision,
  reportCounts,
  reportedRounds,
  reviewRound,
  reviewRounds,
  reviewsOf,
} from "./queries.ts";
import type { Env } from "../env.ts";
import { DomainError } from "../domain-error.ts";
import { CLEARED, type FairPlayFlag, isCleared, parseFlags, reviewReason } from "../results/fair-play.ts";
import { ranksOf } from "../results/found-set.ts";
import { defaultName } from "../players/names.ts";
import { pastOf } from "../players/player-past.ts";
import { TOP_PLACES, provisionalReason } from "../results/provisional.ts";
import type { Puzzle } from "../puzzles/puzzles.ts";
import { PACE_BUCKET_MS } from "../results/fair-play.ts";
import { dayShapeBounds, shapeOfFound } from "../results/word-choice-marks.ts";
import { bestPoints, picksLikeASolver } from "../results/word-choice.ts";
import { BOARD_PLACES, roundRisk } from "./review-risk.ts";
import { isolateCache } from "../isolate-memory.ts";

const QUEUE_LIMIT = 50;
/** An evasion of a whole rule's worth (review-risk.ts: one measure at its threshold, or several near theirs) is named as a reason of its own. */
const NEAR_LIMITS = 1;
const EARLIER_DAYS = 14;

export function moderatorIds(env: Env): Set<string> {
  return new Set((env.MODERATOR_IDS ?? "").split(/[\s,]+/).filter((id) => id !== ""));
}

/** 403 unless the player is a moderator who has a passkey. */
export async function requireModeratorRole(env: Env, playerId: string): Promise<void> {
  if (!moderatorIds(env).has(playerId)) throw new DomainError("forbidden", "only moderators can review rounds");
  if ((await countPasskeys(dbForPlayer(env, playerId), playerId)) === 0) throw new DomainError("passkey-required", "moderators sign in with a passkey: add one on the Stats page, then come back");
}

// Why a round is in the queue: the rules put it under review ("flagged"), its words pick like a
// solver's, players reported it, it came near every rule at once ("near-limits": review-risk.ts's
// evasion), or it holds a provisional top place (shown, but never a reason alone).
export type QueueReason = "flagged" | "provisional" | "solver-like" | "reported" | "near-limits";

/** What a reviewer sees of one round. */
function evidenceOf(round: ReviewRound, puzzle: Puzzle) {
  const found = ranksOf(round.found).map((rank) => puzzle.words[rank]).filter((w) => w !== undefined);
  const points = found.reduce((sum, w) => sum + w.points, 0);
  const lengths = found.map((w) => w.word.length);
  const rare = found.filter((w) => !w.common).length;
  return {
    // Words judged in each 5-second stretch of the round, from its start (the server's times).
    pace: { bucketSeconds: PACE_BUCKET_MS / 1000, words: [...round.pace] },
    // The words found, longest first, with their points (a round keeps its found set, not the order).
    words: found.map((w) => ({ word: w.word, points: w.points, common: w.common })).sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word)),
    pointsPerWord: found.length === 0 ? 0 : Math.round((points / found.length) * 100) / 100,
    meanLength: lengths.length === 0 ? 0 : Math.round((lengths.reduce((a, b) => a + b, 0) / lengths.length) * 100) / 100,
    rareShare: found.length === 0 ? 0 : Math.round((rare / found.length) * 100) / 100,
    solutionWords: puzzle.words.length,
  };
}

/**
 * The day's queue, riskiest first (review-risk.ts), with each round's evidence. Its candidates are
 * bounded at any number of players: the flagged and the reported rounds (QUEUE_LIMIT of each) and
 * the day's best BOARD_PLACES verified rounds; each is queued when its risk reaches QUEUE_RISK.
 * Rounds are on their players' shards: every shard is asked.
 */
/** A candidate round the queue holds (review-risk.ts says queued), with what its risk was made of. */
interface QueuedRound {
  round: ReviewRound;
  risk: number;
  evasion: number;
  flags: FairPlayFlag[];
  solverLike: boolean;
  past: { days: number; best: number };
  /** Its place on the day's board (null: not ranked, under review). */
  place: number | null;
  reports: number;
}

/**
 * The day's queued rounds, not yet decided: the candidates (flagged, reported, the board's best
 * BOARD_PLACES) weighed by review-risk.ts. Both the moderators' queue and the board's marks read it.
 */
async function queuedRounds(env: ShardEnv, puzzle: Puzzle): Promise<QueuedRound[]> {
  const date = puzzle.key;
  const home = homeDb(env);
  const shards = allShards(env);
  const [flagged, reported, best, bounds] = await Promise.all([
    flaggedRoundIds(shards, date),
    reportedRounds(home, date, QUEUE_LIMIT),
    shardedLeaderboardPage(shards, date, BOARD_PLACES),
    dayShapeBounds(shards, puzzle),
  ]);
  const places = new Map(best.map((row, i) => [row.roundId, i + 1]));
  const ids = [...new Set([...flagged, ...reported.map((r) => r.roundId), ...best.map((r) => r.roundId)])];
  // Reports carry only round ids: every shard is asked for the rounds (each answers for its own).
  const [rows, reviews, reports] = await Promise.all([Promise.all(shards.map((db) => reviewRounds(db, ids))).then((parts) => parts.flat()), reviewsOf(home, ids), reportCounts(home, ids)]);
  // Decided rounds leave the queue: a confirmed one is out of the ranks, a cleared one keeps its place.
  const open = rows.filter((round) => round.ranked && !reviews.has(round.id) && !isCleared(round.flags) && !parseFlags(round.flags).includes("confirmed"));
  const pasts = await pastOf(env, open.map((round) => round.playerId), date);
  const boardBest = bestPoints(puzzle.words);
  const queued: QueuedRound[] = [];
  for (const round of open) {
    const flags = parseFlags(round.flags);
    const shape = shapeOfFound(round.found, puzzle, boardBest);
    const solverLike = round.verified && picksLikeASolver(shape, bounds);
    const past = pasts.get(round.playerId) ?? { days: 0, best: 0 };
    const place = round.verified ? (places.get(round.id) ?? BOARD_PLACES + 1) : null;
    const reportCount = reports.get(round.id) ?? 0;
    const { risk, evasion, queued: isQueued } = roundRisk({ pace: [...round.pace], shape, bounds, solutionWords: puzzle.words.length, score: round.score, flags, solverLike, past, reports: reportCount, place });
    if (isQueued) queued.push({ round, risk, evasion, flags, solverLike, past, place, reports: reportCount });
  }
  return queued;
}

export async function reviewQueue(env: ShardEnv, puzzle: Puzzle) {
  const date = puzzle.key;
  const items = [];
  for (const { round, risk, evasion, flags, solverLike, past, place, reports } of await queuedRounds(env, puzzle)) {
    const provisional = place !== null && place <= TOP_PLACES ? provisionalReason(round.score, past, solverLike) : null;
    const why: QueueReason[] = [];
    if (flags.length > 0) why.push("flagged");
    if (solverLike) why.push("solver-like");
    if (reports > 0) why.push("reported");
    if (evasion >= NEAR_LIMITS) why.push("near-limits");
    if (provisional !== null) why.push("provisional");
    const earlier = await earlierRounds(dbForPlayer(env, round.playerId), round.playerId, date, EARLIER_DAYS);
    items.push({
      roundId: round.id,
      playerId: round.playerId,
      name: round.name ?? defaultName(round.playerId),
      score: round.score,
      words: round.words,
      verified: round.verified,
      risk,
      why,
      flags,
      reason: reviewReason(flags),
      provisional,
      reports,
      startedAt: new Date(round.startedAt).toISOString(),
      evidence: { ...evidenceOf(round, puzzle), evasion },
      earlier,
    });
  }
  items.sort((a, b) => b.risk - a.risk || b.score - a.score || a.roundId.localeCompare(b.roundId));
  return items.slice(0, QUEUE_LIMIT);
}

/** How long an isolate keeps a day's queued places for the board's marks: a board page is built every few seconds. */
export const BOARD_MARKS_MS = 30_000;
const boardMarks = isolateCache<string, { at: number; ids: Promise<ReadonlySet<string>> }>();

/**
 * The rounds on the day's board (its best BOARD_PLACES) that wait in the moderators' queue: the
 * board marks them until a moderator decides. Kept BOARD_MARKS_MS per isolate (a decision shows
 * within that).
 */
export function queuedOnBoard(env: ShardEnv, puzzle: Puzzle, now = Date.now()): Promise<ReadonlySet<string>> {
  const kept = boardMarks.get(puzzle.key);
  if (kept !== undefined && now - kept.at < BOARD_MARKS_MS) return kept.ids;
  const ids = queuedRounds(env, puzzle).then((queued) => new Set(queued.filter((q) => q.place !== null && q.place <= BOARD_PLACES).map((q) => q.round.id)));
  boardMarks.set(puzzle.key, { at: now, ids });
  // A failed read is not kept: the next page tries again.
  ids.catch(() => boardMarks.delete(puzzle.key));
  if (boardMarks.size > 8) boardMarks.delete(boardMarks.keys().next().value!);
  return ids;
}

/** Forgets the board's marks of a day in this isolate (a decision was just taken here). */
export function forgetBoardMarks(date: string): void {
  boardMarks.delete(date);
}

/** The day's flagged rounds over every shard, best first, at most QUEUE_LIMIT. */
async function flaggedRoundIds(shards: readonly Db[], date: string): Promise<string[]> {
  const parts = await Promise.all(shards.map((db) => flaggedRounds(db, date, QUEUE_LIMIT)));
  return parts
    .flat()
    .sort((a, b) => b.score - a.score)
    .slice(0, QUEUE_LIMIT)
    .map((r) => r.id);
}

/**
 * A round by id and the shard that holds it. A round id names no shard, so every shard is asked
 * (a rare path: a report, a decision); with rows left twice by a move that stopped half-way, the
 * one on its player's shard is the round.
 */
export async function findRound(env: ShardEnv, roundId: string): Promise<{ round: ReviewRound; db: Db } | undefined> {
  const shards = allShards(env);
  const found = await Promise.all(shards.map((db) => reviewRound(db, roundId)));
  const n = shards.length;
  const at = found.findIndex((round, i) => round !== undefined && shardOfPlayer(round.playerId, n) === i);
  const index = at !== -1 ? at : found.findIndex((round) => round !== undefined);
  return index === -1 ? undefined : { round: found[index]!, db: shards[index]! };
}

/**
 * A moderator's decision on a ranked round of a day still in D1, applied on the round's shard with
 * the same write as a sync's merge (compare-and-set on the found set, the day's counts of that
 * shard moved with it), then kept with its audit line on shard 0.
 */
export async function decide(env: ShardEnv, puzzle: Puzzle, roundId: string, moderatorId: string, decision: "confirmed" | "cleared", note: string, now: number): Promise<{ verified: boolean }> {
  const found = await findRound(env, roundId);
  const round = found?.round;
  if (found === undefined || round === undefined || round.puzzleDate !== puzzle.key) throw new DomainError("not-found", "no ranked round with this id on this day (a settled day's rounds may have left the database)");
  if (!round.ranked) throw new DomainError("invalid-request", "only ranked rounds are reviewed");
  const flags = parseFlags(round.flags).filter((f) => f !== "confirmed");
  const verified = decision === "cleared";
  const update: RoundUpdate = {
    roundId,
    expected: round.found,
    found: round.found,
    score: round.score,
    words: round.words,
    pace: round.pace,
    verified,
    flags: decision === "confirmed" ? [...flags, "confirmed"].join(",") : CLEARED,
  };
  const days = new Map<string, DayDeltas>();
  if (round.verified !== verified) {
    // Leaving the ranks takes its score and finds out of the day's aggregates; coming back puts them in.
    const sign = verified ? 1 : -1;
    const finders = new Map(ranksOf(round.found).map((rank) => [rank, sign]));
    days.set(round.puzzleDate, { finders, histogram: new Map([[round.score, sign]]) });
  }
  await writeMerge(found.db, [update], days);
  await recordDecision(homeDb(env), { roundId, puzzleDate: round.puzzleDate, moderatorId, decision, note, at: now });
  forgetBoardMarks(round.puzzleDate);
  return { verified };
}
