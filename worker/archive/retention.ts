// How a day leaves D1, so that D1 holds a bounded window of days and its size stops growing.
//
// 1. Settling. Receipts of a ranked round sync until the day's sync deadline (results.ts). After
//    it, the upkeep sends a settle probe for the day through the sync queue itself: the consumer
//    takes it only after the messages ahead of it (a backlog delays the probe too). The day is
//    settled once the probe was taken, none of its messages is being retried (the consumer counts
//    them per day) and none waits in the dead-letter store: never by the clock alone. Settling is
//    global: the day's row on shard 0 (day_states).
// 2. Archiving, in steps across runs (resumable; each step a bounded amount of work). Every shard
//    archives its own rounds (its players' rounds, with their summaries on the same shard), each
//    shard in runs of its own (archive-tick.ts), its progress in its own day_states row
//    (progressKey): the ranked rounds in leaderboard order go to R2 in chunks of that shard
//    (day-archive.ts), every round of the day is folded into its player's summary
//    (player-summary.ts), and the ranked results of players in a league go to league_results on
//    the same shard (a player's memberships live there), kept for good: a league's past days read
//    from there once the day is past its shards' folding (the day's phase on shard 0 "leagues" and on).
//    Once every shard has written its part, the global steps on shard 0: a Sunday's board awards
//    "league week won" to the week's winners, a page of the language's leagues a step
//    (league-weeks.ts); then day.json (the histogram and finder counts summed over every shard,
//    every shard's chunk index) is written. Then each shard deletes its rounds and partial counts
//    of the day, and once all have, the day is archived. Settled answers are then served from
//    R2, the same bytes as D1 gave.
import { type Db, database } from "../db/client.ts";
import { shardedFinders, shardedHistogram } from "../results/fan-out.ts";
import { allShards, homeDb, shardCount, shardD1 } from "../db/shards.ts";
import {
  type ArchivingRound,
  type DayState,
  dayState,
  daysInProgress,
  deleteDayAggregates,
  deleteDayRounds,
  deleteProgress,
  inLeagues,
  progressKey,
  progressOf,
  roundsInOrder,
  strandedCount,
  updateDayState,
} from "./queries.ts";
import { writeLeagueResults } from "../leagues/queries.ts";
import { summariesByPlayer, writeSummariesByPlayer } from "../players/sharded-summaries.ts";
import type { ArchiveChunks } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { DELETE_ROWS, archivePagesPerRun, leagueStepsPerRun } from "./archive-pace.ts";
import { type ArchivedDay, CHUNK_ROWS, type ListName, chunkKey, dayKey, keyOf, toArchivedRow, writeJson } from "./day-archive.ts";
import { ranksOf } from "../results/found-set.ts";
import { emptySummary, foldDay } from "../players/player-summary.ts";
import { endsLeagueWeek, leagueWeekStep } from "../leagues/league-weeks.ts";
import { type Puzzle, getPuzzle } from "../puzzles/puzzles.ts";
import { syncDeadline } from "../results/sync-window.ts";
import { decodeCursor } from "../results/standings.ts";

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
  /** Pages of rounds (or deletes, or league-week steps) left in this run. */
  pages: number;
  /** Rounds per page and per archived chunk. */
  chunkRows: number;
}

/** Folds rounds of the day into their players' summaries (one read and one batch of writes on each shard involved: the rounds' own shard, `db`). */
async function foldIntoSummaries(env: Env, db: Db, puzzle: Puzzle, date: string, archived: readonly ArchivingRound[]): Promise<void> {
  // A deleted player's rounds stay in the day's ranks, and nowhere else (players/account-deletion.ts).
  const rounds = archived.filter((r) => !r.deleted);
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

/** The ranked results of the players (among these rounds') who are in a league: their memberships and kept results are on their shard, the rounds' (`db`). */
async function keepLeagueResults(db: Db, date: string, rounds: readonly ArchivingRound[]): Promise<void> {
  const ranked = rounds.filter((r) => r.ranked);
  if (ranked.length === 0) return;
  const members = await inLeagues(db, [...new Set(ranked.map((r) => r.playerId))]);
  await writeLeagueResults(
    db,
    ranked.filter((r) => members.has(r.playerId)).map((r) => ({ playerId: r.playerId, date, roundId: r.roundId, score: r.score, words: r.words, verified: r.verified, flags: r.flags })),
  );
}

// ---- a shard's part of a day

/** A shard's part of a day: its lists written and folded in turn, then "written"; after day.json, "deleted". */
type ShardPhase = "verified" | "review" | "unranked" | "written" | "deleted";

interface ShardProgress {
  phase: ShardPhase;
  /** Where the phase goes on (a leaderboard cursor). */
  cursor: string | null;
  /** The shard's chunks written so far. */
  chunks: ArchiveChunks;
}

const NEXT_SHARD_PHASE = { verified: "review", review: "unranked", unranked: "written" } as const;
const WRITING = new Set(["verified", "review", "unranked"]);

/** The day's global row says day.json is out: the shards may delete their rows of the day. */
const mayDelete = (day: DayState) => (day.phase === "finish" && day.cursor === "deleting") || day.phase === "archived";

/**
 * The shard's progress in the day, from its own row. Shard 0 without a row of its own takes up
 * a day that the archiving of one database left half-way (its progress was the day's row).
 */
function shardProgress(shard: number, day: DayState, own: DayState | undefined): ShardProgress {
  if (own !== undefined) return { phase: (own.phase ?? "verified") as ShardPhase, cursor: own.cursor, chunks: own.chunks };
  if (shard === 0 && day.phase !== null) {
    if (WRITING.has(day.phase)) return { phase: day.phase as ShardPhase, cursor: day.cursor, chunks: day.chunks };
    if (day.phase === "leagues" || day.phase === "finish") return { phase: "written", cursor: null, chunks: day.chunks };
  }
  return { phase: "verified", cursor: null, chunks: { verified: [], review: [] } };
}

/** One page of the shard's rounds of the day: written to R2 (ranked lists), folded, the progress kept. */
async function writePage(env: Env, home: Db, db: Db, shard: number, date: string, progress: ShardProgress, budget: StepBudget, now: number): Promise<ShardProgress> {
  const phase = progress.phase as keyof typeof NEXT_SHARD_PHASE;
  const puzzle = await getPuzzle(env, home, date, { now });
  const after = progress.cursor === null ? undefined : (decodeCursor(progress.cursor) ?? undefined);
  const rows = await roundsInOrder(db, date, phase !== "unranked", phase !== "review", budget.chunkRows, after);
  const chunks: ArchiveChunks = { verified: [...progress.chunks.verified], review: [...progress.chunks.review] };
  if (phase !== "unranked" && rows.length > 0) {
    const list: ListName = phase;
    await writeJson(env.ARCHIVE, chunkKey(date, list, chunks[list].length, shard), rows.map(toArchivedRow));
    chunks[list].push({ last: keyOf(rows[rows.length - 1]), count: rows.length });
  }
  await foldIntoSummaries(env, db, puzzle, date, rows);
  budget.pages -= 1;
  const done = rows.length < budget.chunkRows;
  const next: ShardProgress = { phase: done ? NEXT_SHARD_PHASE[phase] : phase, cursor: done ? null : keyOf(rows[rows.length - 1]), chunks };
  await updateDayState(db, progressKey(date), next);
  return next;
}

/** One page of deletes of the shard's rows of the day; the last one takes its partial counts too. */
async function deletePage(db: Db, date: string, progress: ShardProgress, budget: StepBudget, now: number): Promise<ShardProgress> {
  budget.pages -= 1;
  if ((await deleteDayRounds(db, date, DELETE_ROWS)) === DELETE_ROWS) return progress;
  await deleteDayAggregates(db, date);
  await updateDayState(db, progressKey(date), { phase: "deleted", cursor: null, chunks: progress.chunks, archivedAt: now });
  return { ...progress, phase: "deleted", cursor: null };
}

/**
 * A slice of shard `shard`'s archiving within `pages` pages: its part of the settled days, oldest
 * first. A day the shard has written waits for day.json before its deletes, and the shard goes on
 * with the next day meanwhile (its players' summaries have the day already). The pages spent.
 */
export async function archiveShardSlice(env: Env, shard: number, now: number, options: RetentionOptions = {}): Promise<number> {
  const budget: StepBudget = { pages: options.pages ?? archivePagesPerRun(), chunkRows: options.chunkRows ?? CHUNK_ROWS };
  const start = budget.pages;
  const home = homeDb(env);
  const db = database(shardD1(env, shard));
  const days = (await daysInProgress(home)).filter((day) => day.settledAt !== null);
  const own = await progressOf(db, days.map((day) => day.date));
  for (const day of days) {
    let progress = shardProgress(shard, day, own.get(day.date));
    while (budget.pages > 0 && progress.phase !== "deleted" && !(progress.phase === "written" && !mayDelete(day))) {
      progress = progress.phase === "written" ? await deletePage(db, day.date, progress, budget, now) : await writePage(env, home, db, shard, day.date, progress, budget, now);
    }
    if (budget.pages <= 0) break;
  }
  return start - budget.pages;
}

// ---- the day's global steps, on shard 0

/** Every shard's progress in these days (one query on each, whatever the number of days). */
async function progressOfShards(env: Env, days: readonly DayState[]): Promise<(day: DayState) => ShardProgress[]> {
  const own = await Promise.all(allShards(env).map((db) => progressOf(db, days.map((day) => day.date))));
  return (day) => own.map((rows, shard) => shardProgress(shard, day, rows.get(day.date)));
}

/**
 * One global step of the day once every shard has written its part (`shards`: their progress);
 * the day's state after it, or null when it waits (for the shards, or for the next run's budget).
 */
async function globalStep(env: Env, home: Db, day: DayState, shards: readonly ShardProgress[], budget: StepBudget, now: number): Promise<DayState | null> {
  const date = day.date;
  if (shards.some((p) => WRITING.has(p.phase))) return null;
  if (day.phase === null || WRITING.has(day.phase)) {
    // Every ranked round of the day is in league_results from here on (leagues/leagues.ts reads this phase).
    await updateDayState(home, date, { phase: "leagues", cursor: null });
  } else if (day.phase === "leagues") {
    if (budget.pages <= 0) return null;
    // Every other board (not a Sunday's) goes straight on: no read, no budget spent.
    if (endsLeagueWeek(date)) budget.pages -= 1;
    const last = await leagueWeekStep(env, date, day.cursor ?? "");
    await updateDayState(home, date, last === null ? { phase: "finish", cursor: null } : { cursor: last });
  } else if (day.phase === "finish" && day.cursor === null) {
    // Reads every shard: counted like a league step, so a backlog of days stays within the run's queries.
    if (budget.pages <= 0) return null;
    budget.pages -= 1;
    const all = allShards(env);
    const [histogram, finders] = await Promise.all([shardedHistogram(all, date), shardedFinders(all, date)]);
    const archived: ArchivedDay = { date, settledAt: day.settledAt ?? now, histogram, finders: [...finders].sort((a, b) => a[0] - b[0]), shards: shards.map((p) => p.chunks) };
    await writeJson(env.ARCHIVE, dayKey(date), archived);
    await updateDayState(home, date, { cursor: "deleting" });
  } else if (mayDelete(day) && day.phase !== "archived") {
    if (shards.some((p) => p.phase !== "deleted")) return null;
    await updateDayState(home, date, { phase: "archived", cursor: null, archivedAt: now });
    // The shards' progress rows are done with (their chunks are in day.json).
    await Promise.all(allShards(env).map((db) => deleteProgress(db, date)));
  } else {
    return null;
  }
  return (await dayState(home, date)) ?? null;
}

export interface ArchivingRun {
  /** The days archived by this run. */
  archived: string[];
  /** Whether settled days wait for their shards' slices. */
  pending: boolean;
  /** Whether this run changed any day's state. */
  advanced: boolean;
}

/**
 * Settles what it can, then takes the settled days' global steps (shard 0) as far as the shards'
 * parts allow, oldest day first (a day's global steps come after every earlier day's, up to its
 * day.json; a backlog of days goes through in a few runs, not a run a day).
 */
export async function coordinateArchiving(env: Env, home: Db, now: number, options: RetentionOptions = {}): Promise<ArchivingRun> {
  const run: ArchivingRun = { archived: [], pending: false, advanced: false };
  const budget: StepBudget = { pages: options.pages ?? leagueStepsPerRun(shardCount(env)), chunkRows: options.chunkRows ?? CHUNK_ROWS };
  const days: DayState[] = [];
  // Settle in date order, up to the first day that is not settled yet.
  for (const listed of await daysInProgress(home)) {
    if (listed.probeSeenAt === null || syncDeadline(listed.date) >= now) break;
    if (listed.settledAt === null) {
      if (!(await isDaySettled(home, listed.date, listed))) break;
      await updateDayState(home, listed.date, { settledAt: now, phase: "verified" });
      run.advanced = true;
    }
    days.push(listed);
  }
  run.pending = days.length > 0;
  if (options.pages === 0) return run;
  // The shards' parts move only in their own runs: read once for this run.
  const progressIn = await progressOfShards(env, days);
  for (const listed of days) {
    let day: DayState | null = (await dayState(home, listed.date)) ?? null;
    const shards = day === null ? [] : progressIn(day);
    while (day !== null && day.phase !== "archived") {
      const next = await globalStep(env, home, day, shards, budget, now);
      if (next === null) break;
      day = next;
      run.advanced = true;
    }
    if (day?.phase === "archived") run.archived.push(listed.date);
    // A day's global steps (its league week, its day.json) come after every earlier day's; its
    // shards' deletes need not be done for the next day's.
    else if (day === null || !mayDelete(day)) break;
  }
  run.pending = days.length > run.archived.length;
  return run;
}

export interface RetentionOptions {
  /** Steps in this run (or in each shard's slice): each reads or deletes one page of rounds, or a league-week step. */
  pages?: number;
  chunkRows?: number;
}

/**
 * Settles and archives what it can in one go: the global steps and every shard's slice in turn,
 * again while anything moves (tests, and a deployment too small to need the archive queue; the
 * cron's runs share the work out: archive-tick.ts). The dates archived.
 */
export async function retainSettledDays(env: Env, home: Db, now: number, options: RetentionOptions = {}): Promise<string[]> {
  const archived: string[] = [];
  for (;;) {
    const run = await coordinateArchiving(env, home, now, options);
    archived.push(...run.archived);
    if (!run.pending || options.pages === 0) return archived;
    let spent = 0;
    for (let shard = 0; shard < shardCount(env); shard++) spent += await archiveShardSlice(env, shard, now, options);
    if (spent === 0 && !run.advanced) return archived;
  }
}
