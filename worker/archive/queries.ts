// The queries of retention (archive/retention.ts): a day's state on its way out of D1, its
// rounds read in leaderboard order in big pages, the player summaries they fold into, the
// stranded syncs of the dead-letter queue, and the deletes that leave a bounded window.
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type PlayerSummaryData, dayStates, leagueMembers, playerSummaries, players, rounds, scoreHistogram, strandedSyncs, wordFinders } from "../db/schema.ts";
import type { PageCursor } from "../results/queries.ts";

export type DayState = typeof dayStates.$inferSelect;

export async function dayState(db: Db, date: string): Promise<DayState | undefined> {
  return db.query.dayStates.findFirst({ where: eq(dayStates.date, date) });
}

/** Creates the day's state row if missing and applies `patch`. */
export async function updateDayState(db: Db, date: string, patch: Partial<Omit<DayState, "date">>): Promise<void> {
  await db.insert(dayStates).values({ date, ...patch }).onConflictDoUpdate({ target: dayStates.date, set: patch });
}

/** Adds `delta` to the day's count of messages being retried by the queue. */
export async function addRetrying(db: Db, date: string, delta: number): Promise<void> {
  await db
    .insert(dayStates)
    .values({ date, retrying: Math.max(0, delta) })
    .onConflictDoUpdate({ target: dayStates.date, set: { retrying: sql`max(0, ${dayStates.retrying} + ${delta})` } });
}

/** Days whose probe went out but that are not archived yet, oldest first (shard 0's days, not a shard's progress rows). */
export async function daysInProgress(db: Db): Promise<DayState[]> {
  return db
    .select()
    .from(dayStates)
    .where(and(sql`${dayStates.archivedAt} is null`, sql`instr(${dayStates.date}, ${PROGRESS_MARK}) = 0`))
    .orderBy(asc(dayStates.date))
    .limit(30);
}

/**
 * A shard's own progress in archiving a day is a day_states row of that shard keyed by the day and
 * this mark ("2026-11-25#archiving"): on shard 0 the day's own row holds the global state (settling,
 * the league-week step, day.json, archived), which the leagues read (dayPhases), so the shard's
 * part needs a row of its own, and every shard keys it alike. A board key never holds "#".
 */
const PROGRESS_MARK = "#archiving";
export const progressKey = (date: string) => `${date}${PROGRESS_MARK}`;

/** The shard's progress rows of these days (one query). */
export async function progressOf(db: Db, dates: readonly string[]): Promise<Map<string, DayState>> {
  if (dates.length === 0) return new Map();
  // One query for any number of days (a backlog may pass D1's 100 bound parameters): the shard
  // holds a progress row only for the days it is archiving, a few rows.
  const wanted = new Set(dates);
  const rows = await db.select().from(dayStates).where(sql`instr(${dayStates.date}, ${PROGRESS_MARK}) > 0`);
  return new Map(rows.map((row) => [row.date.slice(0, -PROGRESS_MARK.length), row] as const).filter(([date]) => wanted.has(date)));
}

export async function deleteProgress(db: Db, date: string): Promise<void> {
  await db.delete(dayStates).where(eq(dayStates.date, progressKey(date)));
}

export interface ArchivingRound {
  roundId: string;
  playerId: string;
  name: string | null;
  /** A deleted player's round (its stand-in's): archived, but folded into no summary. */
  deleted: boolean;
  ranked: boolean;
  score: number;
  words: number;
  startedAt: number;
  verified: boolean;
  flags: string;
  found: Uint8Array;
}

/**
 * A page of the day's rounds of one kind (ranked verified, ranked under review, unranked) in
 * leaderboard order after `after`: a range of the leaderboard index, however many rounds the day has.
 */
export async function roundsInOrder(db: Db, date: string, ranked: boolean, verified: boolean, limit: number, after?: PageCursor): Promise<ArchivingRound[]> {
  const position =
    after === undefined
      ? undefined
      : or(lt(rounds.score, after.score), and(eq(rounds.score, after.score), sql`(${rounds.startedAt}, ${rounds.id}) > (${after.startedAt}, ${after.roundId})`));
  return db
    .select({
      roundId: rounds.id,
      playerId: rounds.playerId,
      name: players.name,
      deleted: sql<boolean>`${players.deletedAt} is not null`.mapWith(Boolean),
      ranked: rounds.ranked,
      score: rounds.score,
      words: rounds.words,
      startedAt: rounds.startedAt,
      verified: rounds.verified,
      flags: rounds.flags,
      found: rounds.found,
    })
    .from(rounds)
    .innerJoin(players, eq(players.id, rounds.playerId))
    .where(and(eq(rounds.puzzleDate, date), eq(rounds.ranked, ranked), eq(rounds.verified, verified), position))
    .orderBy(desc(rounds.score), asc(rounds.startedAt), asc(rounds.id))
    .limit(limit);
}

export interface StoredSummary {
  summary: PlayerSummaryData;
  throughDate: string;
}

/**
 * Ids as one bound parameter, a JSON array read by json_each: an archiving page's thousand
 * players in one query rather than ten of 100 parameters (each query is a subrequest, and a run
 * of the archiving has 1,000).
 */
const idsIn = (ids: readonly string[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

/** The summaries of the players (one query). */
export async function summariesOf(db: Db, playerIds: readonly string[]): Promise<Map<string, StoredSummary>> {
  const out = new Map<string, StoredSummary>();
  if (playerIds.length === 0) return out;
  const rows = await db.select().from(playerSummaries).where(inArray(playerSummaries.playerId, idsIn(playerIds)));
  for (const row of rows) out.set(row.playerId, { summary: row.summary, throughDate: row.throughDate });
  return out;
}

/** The last run of ranked days ([first day number, length]) in each of the players' summaries that has one (one query). */
export async function lastRunsOf(db: Db, playerIds: readonly string[]): Promise<Map<string, [number, number]>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db
    .select({ playerId: playerSummaries.playerId, lastRun: sql<string | null>`json_extract(${playerSummaries.summary}, '$.runs[#-1]')` })
    .from(playerSummaries)
    .where(inArray(playerSummaries.playerId, idsIn(playerIds)));
  return new Map(rows.flatMap((r) => (r.lastRun === null ? [] : [[r.playerId, JSON.parse(r.lastRun) as [number, number]] as const])));
}

/** Which of the players are in a league (one query). */
export async function inLeagues(db: Db, playerIds: readonly string[]): Promise<Set<string>> {
  if (playerIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ playerId: leagueMembers.playerId }).from(leagueMembers).where(inArray(leagueMembers.playerId, idsIn(playerIds)));
  return new Set(rows.map((r) => r.playerId));
}

export async function summaryOf(db: Db, playerId: string): Promise<StoredSummary | undefined> {
  return (await summariesOf(db, [playerId])).get(playerId);
}

/**
 * Bytes of summaries per statement: each statement takes its rows as one JSON parameter (D1 takes
 * strings of up to 2 MB), so a page's thousand summaries are written by two or three statements,
 * not thirty of 33 rows (D1's 100 bound parameters): a run of the archiving stays under 1,000 D1
 * statements however D1 counts a batch.
 */
const SUMMARY_BYTES_PER_STATEMENT = 1_000_000;

/** Writes the summaries, each stored as the text JSON.stringify gives (as the json column does). */
export async function writeSummaries(db: Db, summaries: ReadonlyMap<string, StoredSummary>): Promise<void> {
  const groups: [string, string, string][][] = [];
  const encoder = new TextEncoder();
  let bytes = Infinity;
  for (const [playerId, s] of summaries) {
    const row: [string, string, string] = [playerId, JSON.stringify(s.summary), s.throughDate];
    // As it travels: escaped inside the JSON array, in UTF-8.
    const size = encoder.encode(JSON.stringify(row)).length + 1;
    if (bytes + size > SUMMARY_BYTES_PER_STATEMENT) {
      groups.push([]);
      bytes = 0;
    }
    groups[groups.length - 1].push(row);
    bytes += size;
  }
  if (groups.length === 0) return;
  const d1 = db.$client;
  await d1.batch(groups.map((rows) => d1.prepare(UPSERT_SUMMARIES).bind(JSON.stringify(rows))));
}

/** Rows [player_id, summary, through_date] of a JSON array, inserted or replacing the stored ones. */
const UPSERT_SUMMARIES = `insert into player_summaries (player_id, summary, through_date)
  select value ->> 0, value ->> 1, value ->> 2 from json_each(?) where true
  on conflict (player_id) do update set summary = excluded.summary, through_date = excluded.through_date`;

/** Deletes up to `limit` of the day's rounds; the number deleted (0: none left). */
export async function deleteDayRounds(db: Db, date: string, limit: number): Promise<number> {
  const result = await db.run(sql`delete from ${rounds} where ${rounds.id} in (select ${rounds.id} from ${rounds} where ${rounds.puzzleDate} = ${date} limit ${limit})`);
  return result.meta.changes ?? 0;
}

export async function deleteDayAggregates(db: Db, date: string): Promise<void> {
  await db.batch([db.delete(scoreHistogram).where(eq(scoreHistogram.puzzleDate, date)), db.delete(wordFinders).where(eq(wordFinders.puzzleDate, date))]);
}

// ---- the dead-letter queue's store

export async function strandSyncs(db: Db, messages: readonly { date: string; body: string }[], now: number): Promise<void> {
  for (let i = 0; i < messages.length; i += 25) {
    await db.insert(strandedSyncs).values(messages.slice(i, i + 25).map((m) => ({ puzzleDate: m.date, body: m.body, strandedAt: now })));
  }
}

export async function strandedBatch(db: Db, limit: number): Promise<(typeof strandedSyncs.$inferSelect)[]> {
  return db.select().from(strandedSyncs).orderBy(asc(strandedSyncs.id)).limit(limit);
}

export async function strandedCount(db: Db, date: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)` }).from(strandedSyncs).where(eq(strandedSyncs.puzzleDate, date));
  return row?.n ?? 0;
}

export async function removeStranded(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(strandedSyncs).where(inArray(strandedSyncs.id, [...ids]));
}

export async function countReplay(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.update(strandedSyncs).set({ replays: sql`${strandedSyncs.replays} + 1` }).where(inArray(strandedSyncs.id, [...ids]));
}
