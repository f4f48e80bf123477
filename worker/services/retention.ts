// How a day leaves D1, so that D1 holds a bounded window of days and its size stops growing.
//
// 1. Settling. Receipts of a ranked round sync until the day's sync deadline (results.ts). After
//    it, the upkeep sends a settle probe for the day through the sync queue itself: the consumer
//    takes it only after the messages ahead of it (a backlog delays the probe too). The day is
//    settled once the probe was taken, none of its messages is being retried (the consumer counts
//    them per day) and none waits in the dead-letter store: never by the clock alone.
// 2. Archiving, in steps across upkeep runs (resumable; each step a bounded amount of work): the
//    ranked rounds in leaderboard order go to R2 in chunks (day-archive.ts), every round of the
//    day is folded into its player's summary (player-summary.ts), then day.json (histogram,
//    finder counts, chunk index) is written, and the day's rounds and aggregates are deleted.
//    With the fold, the ranked results of players in a league go to league_results, kept for
//    good: a league's past days read from there once the day's rounds are folded.
//    Settled answers are then served from R2, the same bytes as D1 gave.
//    A Sunday's board then awards "league week won" to the week's winners, a page of the
//    language's leagues a step (league-weeks.ts), before the rows leave D1.
import type { Db } from "../db/client.ts";
import { shardedFinders, shardedHistogram } from "../db/fan-out.ts";
import { allShards, shardCount } from "../db/shards.ts";
import {
  type ArchivingRound,
  type DayState,
  dayState,
  daysInProgress,
  deleteDayAggregates,
  deleteDayRounds,
  inLeagues,
  roundsInOrder,
  strandedCount,
  updateDayState,
} from "../db/queries/retention.ts";
import { writeLeagueResults } from "../db/queries/leagues.ts";
import { summariesByPlayer, writeSummariesByPlayer } from "../db/sharded-summaries.ts";
import type { ArchiveChunks } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { DELETE_ROWS, archivePagesPerRun } from "./archive-pace.ts";
import { type ArchivedDay, CHUNK_ROWS, type ListName, chunkKey, dayKey, keyOf, toArchivedRow, writeJson } from "./day-archive.ts";
import { ranksOf } from "./found-set.ts";
import { emptySummary, foldDay } from "./player-summary.ts";
import { endsLeagueWeek, leagueWeekStep } from "./league-weeks.ts";
import { type Puzzle, getPuzzle } from "./puzzles.ts";
import { syncDeadline } from "./results.ts";
import { decodeCursor } from "./standings.ts";

/** The message the upkeep sends through the sync queue once a day's syncs are over. */
export interface SettleProbe {
  kind: "settle-probe";
  date: string;
}

/** A probe not taken within this long is sent again (it may have been lost). */
const PROBE_RESEND_MS = 2 * 3600_000;

// ---- settling

/** Whether nothing of the day can still change: its probe was taken, nothing retries, nothing is stranded. */
export async function isDaySettled(db: Db, date: string, state?: DayState): Promise<boolean> {
  const day = state ?? (await dayState(db, date));
  if (day === undefined || day.probeSeenAt === null) return false;
  if (day.settledAt !== null) return true;
  return day.retrying === 0 && (await strandedCount(db, date)) === 0;
}

/** Days whose sync deadline has passed, oldest first, among those with a stored puzzle and not archived. */
async function daysPastDeadline(db: Db, now: number): Promise<string[]> {
  const rows = await db.query.puzzles.findMany({ columns: { date: true }, orderBy: (p, { asc }) => [asc(p.date)] });
  const archived = new Set((await db.query.dayStates.findMany({ columns: { date: true, archivedAt: true } })).filter((d) => d.archivedAt !== null).map((d) => d.date));
  return rows.map((r) => r.date).filter((date) => !archived.has(date) && syncDeadline(date) < now);
}

/** Sends the settle probe of every day past its deadline that has none out (or one lost). */
export async function sendProbes(env: Env, db: Db, now: number): Promise<string[]> {
  const sent: string[] = [];
  for (const date of await daysPastDeadline(db, now)) {
    const state = await dayState(db, date);
    if (state?.probeSeenAt != null) continue;
    if (state?.probeSentAt != null && now - state.probeSentAt < PROBE_RESEND_MS) continue;
    await env.SYNC_QUEUE.send({ kind: "settle-probe", date } satisfies SettleProbe);
    await updateDayState(db, date, { probeSentAt: now });
    sent.push(date);
  }
  return sent;
}

/** The consumer took the day's probe: every message sent before it has been taken too. */
export async function probeSeen(db: Db, date: string, now: number): Promise<void> {
  await updateDayState(db, date, { probeSeenAt: now });
}

// ---- archiving

interface StepBudget {
  /** Pages of rounds (or deletes) left in this run. */
  pages: number;
  /** Rounds per page and per archived chunk. */
  chunkRows: number;
}

/** Folds rounds of the day into their players' summaries (one read and one batch of writes on each shard involved). */
async function foldIntoSummaries(env: Env, db: Db, puzzle: Puzzle, date: string, rounds: readonly ArchivingRound[]): Promise<void> {
  const ids = [...new Set(rounds.map((r) => r.playerId))];
  const stored = await summariesByPlayer(env, ids);
  const changed = new Map<string, { summary: ReturnType<typeof emptySummary>; throughDate: string }>();
  for (const round of rounds) {
    const current = changed.get(round.playerId) ?? stored.get(round.playerId) ?? { summary: emptySummary(), throughDate: "" };
    // Days are folded in date order: a later day already in means this one is too.
    if (current.throughDate > date) continue;
    const found = ranksOf(round.found).flatMap((rank) => (puzzle.words[rank] ? [{ word: puzzle.words[rank].word, points: puzzle.words[rank].points, common: puzzle.words[rank].common }] : []));
    const board = { commonWords: puzzle.totals.commonWords, commonPoints: puzzle.totals.commonPoints };
    const summary = foldDay(current.summary, { roundId: round.roundId, date, ranked: round.ranked, score: round.score, words: round.words, verified: round.verified, flags: round.flags, found, board });
    changed.set(round.playerId, { summary, throughDate: date });
  }
  await writeSummariesByPlayer(env, changed);
  await keepLeagueResults(db, date, rounds);
}

/** The ranked results of the players (among these rounds') who are in a league. */
async function keepLeagueResults(db: Db, date: string, rounds: readonly ArchivingRound[]): Promise<void> {
  const ranked = rounds.filter((r) => r.ranked);
  if (ranked.length === 0) return;
  const members = await inLeagues(db, [...new Set(ranked.map((r) => r.playerId))]);
  await writeLeagueResults(
    db,
    ranked.filter((r) => members.has(r.playerId)).map((r) => ({ playerId: r.playerId, date, roundId: r.roundId, score: r.score, words: r.words, verified: r.verified, flags: r.flags })),
  );
}

const NEXT_PHASE: Record<string, string> = { verified: "review", review: "unranked", unranked: "leagues", leagues: "finish" };

/** One step of the day's archiving; true when the day is archived. */
async function archiveStep(env: Env, db: Db, state: DayState, budget: StepBudget, now: number): Promise<boolean> {
  const date = state.date;
  const phase = state.phase ?? "verified";
  if (phase === "archived") return true;
  const puzzle = await getPuzzle(env, db, date, { now });
  const after = state.cursor === null ? undefined : (decodeCursor(state.cursor) ?? undefined);
  if (phase === "verified" || phase === "review" || phase === "unranked") {
    const rows = await roundsInOrder(db, date, phase !== "unranked", phase !== "review", budget.chunkRows, after);
    const chunks: ArchiveChunks = { verified: [...state.chunks.verified], review: [...state.chunks.review] };
    if (phase !== "unranked" && rows.length > 0) {
      const list: ListName = phase;
      await writeJson(env.ARCHIVE, chunkKey(date, list, chunks[list].length), rows.map(toArchivedRow));
      chunks[list].push({ last: keyOf(rows[rows.length - 1]), count: rows.length });
    }
    await foldIntoSummaries(env, db, puzzle, date, rows);
    budget.pages -= 1;
    const done = rows.length < budget.chunkRows;
    await updateDayState(db, date, {
      phase: done ? NEXT_PHASE[phase] : phase,
      cursor: done ? null : keyOf(rows[rows.length - 1]),
      chunks,
    });
    return false;
  }
  if (phase === "leagues") {
    // Every other board (not a Sunday's) goes straight on: no read, no budget spent.
    if (endsLeagueWeek(date)) budget.pages -= 1;
    const last = await leagueWeekStep(env, db, date, state.cursor ?? "");
    await updateDayState(db, date, last === null ? { phase: NEXT_PHASE.leagues, cursor: null } : { cursor: last });
    return false;
  }
  // finish: the day's summary object, then the rows leave D1.
  if (state.cursor === null) {
    const [histogram, finders] = await Promise.all([shardedHistogram(allShards(env), date), shardedFinders(allShards(env), date)]);
    const day: ArchivedDay = { date, settledAt: state.settledAt ?? now, histogram, finders: [...finders].sort((a, b) => a[0] - b[0]), chunks: state.chunks };
    await writeJson(env.ARCHIVE, dayKey(date), day);
    await updateDayState(db, date, { cursor: "deleting" });
  }
  while (budget.pages > 0) {
    budget.pages -= 1;
    if ((await deleteDayRounds(db, date, DELETE_ROWS)) < DELETE_ROWS) {
      await deleteDayAggregates(db, date);
      await updateDayState(db, date, { phase: "archived", cursor: null, archivedAt: now });
      return true;
    }
  }
  return false;
}

export interface RetentionOptions {
  /** Steps in this run: each reads or deletes one page of rounds (archivePagesPerRun, the every-minute run's budget at this many shards). */
  pages?: number;
  chunkRows?: number;
}

/**
 * Settles and archives what it can within `pages` steps, oldest day first (a day is archived
 * only after every earlier day, so summaries fold days in order). The dates archived.
 */
export async function retainSettledDays(env: Env, db: Db, now: number, options: RetentionOptions = {}): Promise<string[]> {
  const archived: string[] = [];
  const budget: StepBudget = { pages: options.pages ?? archivePagesPerRun(shardCount(env)), chunkRows: options.chunkRows ?? CHUNK_ROWS };
  const days: DayState[] = [];
  // Settle in date order, up to the first day that is not settled yet.
  for (const listed of await daysInProgress(db)) {
    if (listed.probeSeenAt === null || syncDeadline(listed.date) >= now) break;
    if (listed.settledAt === null) {
      if (!(await isDaySettled(db, listed.date, listed))) break;
      await updateDayState(db, listed.date, { settledAt: now, phase: "verified" });
    }
    days.push(listed);
  }
  // Then archive the settled days, oldest first, as far as the budget goes.
  for (const day of days) {
    let state = await dayState(db, day.date);
    while (state !== undefined && budget.pages > 0) {
      if (await archiveStep(env, db, state, budget, now)) {
        archived.push(state.date);
        break;
      }
      state = await dayState(db, state.date);
    }
    if (budget.pages <= 0) break;
  }
  return archived;
}
