// The queries of leagues (leagues/leagues.ts), each on one shard; leagues/league-shards.ts says which
// shard holds what and fans out. A league's row and its removals are on the league's shard; a
// membership (league_members) and a member's kept results (league_results) on the member's shard,
// beside their players row and rounds. So on each shard a league's table is one read of its
// members there (one range of league_members' primary key) joined with their ranked rounds (the
// rounds' unique (player, day, ranked) index), or, for days that left D1, league_results'
// (player, day) key: every read is a few rows per member, however many players the day had.
import { type SQL, and, asc, between, eq, gt, inArray, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { LanguageCode } from "#engine";
import { puzzleKey } from "#game/puzzle-key.ts";
import type { Db } from "../db/client.ts";
import { type League, dayStates, leagueMembers, leagueRemovals, leagueResults, leagues, players, rounds } from "../db/schema.ts";

/**
 * Ids as one bound parameter, a JSON array read by json_each: a league's 500 members in one query
 * (D1 binds at most 100 parameters).
 */
const idsIn = (ids: readonly string[]) => sql`(select value from json_each(${JSON.stringify(ids)}))`;

export async function leagueByCode(db: Db, code: string): Promise<League | undefined> {
  return db.query.leagues.findFirst({ where: eq(leagues.code, code) });
}

export async function leagueByEmbedKey(db: Db, key: string): Promise<League | undefined> {
  return db.query.leagues.findFirst({ where: eq(leagues.embedKey, key) });
}

/** Whether the owner removed this player (and has not invited them again). */
export async function wasRemoved(db: Db, leagueId: string, playerId: string): Promise<boolean> {
  const row = await db.select({ one: sql<number>`1` }).from(leagueRemovals).where(and(eq(leagueRemovals.leagueId, leagueId), eq(leagueRemovals.playerId, playerId))).get();
  return row !== undefined;
}

/** Keeps the owner's removal of the player (on the league's shard; the membership goes on the player's: deleteMember). */
export async function addRemoval(db: Db, leagueId: string, playerId: string, now: number): Promise<void> {
  await db
    .insert(leagueRemovals)
    .values({ leagueId, playerId, removedAt: now })
    .onConflictDoUpdate({ target: [leagueRemovals.leagueId, leagueRemovals.playerId], set: { removedAt: now } });
}

/** The owner invites a removed player again. False when that player was not removed. */
export async function liftRemoval(db: Db, leagueId: string, playerId: string): Promise<boolean> {
  const lifted = await db
    .delete(leagueRemovals)
    .where(and(eq(leagueRemovals.leagueId, leagueId), eq(leagueRemovals.playerId, playerId)))
    .returning({ playerId: leagueRemovals.playerId });
  return lifted.length > 0;
}

/** The players the owner removed, most recent first (their names are on their shards: memberNames). */
export async function removalsOf(db: Db, leagueId: string) {
  return db
    .select({ playerId: leagueRemovals.playerId, removedAt: leagueRemovals.removedAt })
    .from(leagueRemovals)
    .where(eq(leagueRemovals.leagueId, leagueId))
    .orderBy(sql`${leagueRemovals.removedAt} desc`)
    .limit(500);
}

export async function isMember(db: Db, leagueId: string, playerId: string): Promise<boolean> {
  const row = await db.select({ one: sql<number>`1` }).from(leagueMembers).where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.playerId, playerId))).get();
  return row !== undefined;
}

export async function memberCount(db: Db, leagueId: string): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(leagueMembers).where(eq(leagueMembers.leagueId, leagueId)).get();
  return row?.n ?? 0;
}

/** The members on this shard of each of these leagues (leagues without any here are absent). */
export async function memberCounts(db: Db, leagueIds: readonly string[]): Promise<Map<string, number>> {
  if (leagueIds.length === 0) return new Map();
  const rows = await db
    .select({ leagueId: leagueMembers.leagueId, n: sql<number>`count(*)` })
    .from(leagueMembers)
    .where(inArray(leagueMembers.leagueId, idsIn(leagueIds)))
    .groupBy(leagueMembers.leagueId);
  return new Map(rows.map((r) => [r.leagueId, r.n]));
}

export async function leagueCountOf(db: Db, playerId: string): Promise<number> {
  const row = await db.select({ n: sql<number>`count(*)` }).from(leagueMembers).where(eq(leagueMembers.playerId, playerId)).get();
  return row?.n ?? 0;
}

/**
 * Adds the player (on their shard) to the league while they are in fewer than `maxLeagues`
 * leagues: one statement, so two joins at once cannot pass the limit. The league's member limit
 * counts every shard and is checked before (leagues/league-shards.ts). False when nothing was added
 * (too many leagues, or already a member).
 */
export async function addMember(db: Db, leagueId: string, playerId: string, now: number, maxLeagues: number): Promise<boolean> {
  const result = await db.run(sql`insert or ignore into ${leagueMembers} (league_id, player_id, joined_at)
    select ${leagueId}, ${playerId}, ${now}
    where (select count(*) from ${leagueMembers} where player_id = ${playerId}) < ${maxLeagues}`);
  return (result.meta.changes ?? 0) > 0;
}

/** The league's row, on the league's shard (its owner joins apart, on theirs: addMember). */
export async function insertLeague(db: Db, league: League): Promise<void> {
  await db.insert(leagues).values(league);
}

export async function leagueById(db: Db, leagueId: string): Promise<League | undefined> {
  return db.query.leagues.findFirst({ where: eq(leagues.id, leagueId) });
}

/** These leagues' rows (those of them on this shard). */
export async function leaguesByIds(db: Db, leagueIds: readonly string[]): Promise<League[]> {
  if (leagueIds.length === 0) return [];
  return db.select().from(leagues).where(inArray(leagues.id, idsIn(leagueIds)));
}

/** False when the player was not a member. */
export async function deleteMember(db: Db, leagueId: string, playerId: string): Promise<boolean> {
  const gone = await db
    .delete(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.playerId, playerId)))
    .returning({ playerId: leagueMembers.playerId });
  return gone.length > 0;
}

/** The member on this shard who joined first (ties: the smaller id), or undefined when none is here. */
export async function longestMember(db: Db, leagueId: string): Promise<{ playerId: string; joinedAt: number } | undefined> {
  return db
    .select({ playerId: leagueMembers.playerId, joinedAt: leagueMembers.joinedAt })
    .from(leagueMembers)
    .where(eq(leagueMembers.leagueId, leagueId))
    .orderBy(asc(leagueMembers.joinedAt), asc(leagueMembers.playerId))
    .limit(1)
    .get();
}

export async function updateLeague(db: Db, leagueId: string, patch: Partial<Pick<League, "name" | "code" | "ownerId" | "embedKey">>): Promise<void> {
  await db.update(leagues).set(patch).where(eq(leagues.id, leagueId));
}

/** The league's row and its removals (both on the league's shard), in one transaction. */
export async function deleteLeague(db: Db, leagueId: string): Promise<void> {
  await db.batch([db.delete(leagueRemovals).where(eq(leagueRemovals.leagueId, leagueId)), db.delete(leagues).where(eq(leagues.id, leagueId))]);
}

/** The player's memberships (at most 20; on the player's shard), oldest first. */
export async function membershipsOf(db: Db, playerId: string): Promise<{ leagueId: string; joinedAt: number }[]> {
  return db
    .select({ leagueId: leagueMembers.leagueId, joinedAt: leagueMembers.joinedAt })
    .from(leagueMembers)
    .where(eq(leagueMembers.playerId, playerId))
    .orderBy(asc(leagueMembers.joinedAt), asc(leagueMembers.leagueId));
}

/** A member of a shard with one of their ranked rounds still in D1 (null round fields: none). */
export interface MemberRoundRow {
  playerId: string;
  joinedAt: number;
  /** False for a membership whose player has no players row here (counted as a member, never listed). */
  known: boolean;
  name: string | null;
  date: string | null;
  roundId: string | null;
  score: number | null;
  words: number | null;
  verified: boolean | null;
  flags: string | null;
  endsAt: number | null;
}

/**
 * The league's members on this shard with every ranked round of theirs still in D1, of any
 * language and day: one row per member and round, one with null round fields for a member without
 * any (and `known` false when they have no players row here). One read gives the league's count of
 * members there, their names, their rounds of the table's week (isBoardBetween picks them) and
 * their streaks' recent days. A query builder, so a test can run the very statement and read D1's
 * `rows_read`.
 */
export function leagueMemberRoundsQuery(db: Db, leagueId: string) {
  return db
    .select({
      playerId: leagueMembers.playerId,
      joinedAt: leagueMembers.joinedAt,
      known: sql<boolean>`${players.id} is not null`.mapWith(Boolean),
      name: players.name,
      date: rounds.puzzleDate,
      roundId: rounds.id,
      score: rounds.score,
      words: rounds.words,
      verified: rounds.verified,
      flags: rounds.flags,
      endsAt: rounds.endsAt,
    })
    .from(leagueMembers)
    .leftJoin(players, eq(players.id, leagueMembers.playerId))
    .leftJoin(rounds, and(eq(rounds.playerId, leagueMembers.playerId), eq(rounds.ranked, true)))
    .where(eq(leagueMembers.leagueId, leagueId));
}

/** The names of those of these players who have a players row on this shard (null: no name chosen). */
export async function namesOf(db: Db, playerIds: readonly string[]): Promise<Map<string, string | null>> {
  if (playerIds.length === 0) return new Map();
  const rows = await db.select({ id: players.id, name: players.name }).from(players).where(inArray(players.id, idsIn(playerIds)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * One language's boards from one day to another: the key range (what the index reads) narrowed
 * to the language, since other languages' keys sort between its days ("2026-11-24-fr" lies
 * between "2026-11-24" and "2026-11-25").
 */
function boardsBetween(column: SQLiteColumn, from: string, to: string, lang: LanguageCode): SQL {
  const ofLanguage = lang === "en" ? sql`length(${column}) = 10` : sql`substr(${column}, 12) = ${lang}`;
  return and(between(column, puzzleKey(from, lang), puzzleKey(to, lang)), ofLanguage)!;
}

/** The same test as boardsBetween on a board key read from D1 (keys are ASCII: JS and SQLite compare them alike). */
export function isBoardBetween(key: string, from: string, to: string, lang: LanguageCode): boolean {
  const ofLanguage = lang === "en" ? key.length === 10 : key.slice(11) === lang;
  return key >= puzzleKey(from, lang) && key <= puzzleKey(to, lang) && ofLanguage;
}

/** The retention phase of each board of the language in the range that has one (one row per board). */
export async function dayPhases(db: Db, from: string, to: string, lang: LanguageCode): Promise<Map<string, string | null>> {
  const rows = await db.select({ date: dayStates.date, phase: dayStates.phase }).from(dayStates).where(boardsBetween(dayStates.date, from, to, lang));
  return new Map(rows.map((r) => [r.date, r.phase]));
}

export type LeagueResultRow = typeof leagueResults.$inferInsert;

/** Seven parameters a row: 14 rows a statement stay under D1's 100 bound parameters. */
const RESULTS_PER_STATEMENT = 14;

/** Writes day results; one already stored for the player and day is kept (a fold repeated changes nothing). */
export async function writeLeagueResults(db: Db, rows: readonly LeagueResultRow[]): Promise<void> {
  const statements = [];
  for (let i = 0; i < rows.length; i += RESULTS_PER_STATEMENT) {
    statements.push(db.insert(leagueResults).values(rows.slice(i, i + RESULTS_PER_STATEMENT)).onConflictDoNothing());
  }
  const [first, ...rest] = statements;
  if (first !== undefined) await db.batch([first, ...rest]);
}

/** The league's members on this shard who have a players row here, with their names (null: none chosen), first joined first (ties: by id). */
export async function membersOf(db: Db, leagueId: string): Promise<{ playerId: string; joinedAt: number; name: string | null }[]> {
  return db
    .select({ playerId: leagueMembers.playerId, joinedAt: leagueMembers.joinedAt, name: players.name })
    .from(leagueMembers)
    .innerJoin(players, eq(players.id, leagueMembers.playerId))
    .where(eq(leagueMembers.leagueId, leagueId))
    .orderBy(asc(leagueMembers.joinedAt), asc(leagueMembers.playerId));
}

/** A page of this shard's leagues that play the language's boards, by id after `after` (a week's awards go through them all). */
export async function leaguesOfLanguage(db: Db, lang: LanguageCode, after: string, limit: number): Promise<string[]> {
  const rows = await db.select({ id: leagues.id }).from(leagues).where(and(eq(leagues.lang, lang), gt(leagues.id, after))).orderBy(asc(leagues.id)).limit(limit);
  return rows.map((r) => r.id);
}

/** The kept results (league_results) of these leagues' members on this shard, on the language's boards from `from` to `to`. */
export function leaguesResultsQuery(db: Db, leagueIds: readonly string[], from: string, to: string, lang: LanguageCode) {
  return db
    .select({
      leagueId: leagueMembers.leagueId,
      playerId: leagueMembers.playerId,
      joinedAt: leagueMembers.joinedAt,
      date: leagueResults.date,
      roundId: leagueResults.roundId,
      score: leagueResults.score,
      words: leagueResults.words,
      verified: leagueResults.verified,
      flags: leagueResults.flags,
    })
    .from(leagueMembers)
    .innerJoin(leagueResults, and(eq(leagueResults.playerId, leagueMembers.playerId), boardsBetween(leagueResults.date, from, to, lang)))
    .where(inArray(leagueMembers.leagueId, [...leagueIds]));
}
