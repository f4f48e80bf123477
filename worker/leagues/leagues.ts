// Leagues: a named group of players (up to MAX_MEMBERS; a player in up to MAX_LEAGUES) with its
// own tables of one language's daily board, chosen when the league is made (English unless
// told). Every read is by board key (shared/game/puzzle-key.ts): a French league reads "2026-11-25-fr".
//
// - A day's table: every member, ranked among the members whose ranked round of the day is
//   verified (ties share a rank, like the global board); a round under fair-play review is shown
//   as such and not ranked; members who have not played are listed last. Each with their streak.
// - The week's standings (Monday to Sunday, UTC): daily rank points. On each day, a member whose
//   verified ranked round ranks r among the N members who played gets N - r + 1 points (the
//   day's winner N, the last 1, ties the same); the week's points are the sum. A day with a rich
//   board weighs no more than a poor one, and a missed day costs that day's points only.
// - Days whose rounds have left D1 (retention.ts) are read from league_results, written when the
//   day's rounds were folded into the player summaries: the same table before and after.
// A membership is on the member's shard with their name, rounds, kept results and summary; the
// league's row on the league's (leagues/league-shards.ts): each read is one query per shard, merged here.
import { type LanguageCode, addDays, dayStart, todayUtc } from "#engine";
import { puzzleKey } from "#game/puzzle-key.ts";
import type { Db } from "../db/client.ts";
import { leagueMemberRounds } from "./member-shards.ts";
import { dayPhases, deleteLeague, isBoardBetween, updateLeague, writeLeagueResults } from "./queries.ts";
import { leagueDb, leaguesResultsEverywhere, longestLeagueMember } from "./league-shards.ts";
import { lastRunsByPlayer, summaryByPlayer } from "../players/sharded-summaries.ts";
import { MAX_SHARDS, type ShardEnv, bucketOfPlayer, dbForPlayer } from "../db/shards.ts";
import type { League } from "../db/schema.ts";
import { parseFlags, reviewReason } from "../results/fair-play.ts";
import { defaultName } from "../players/names.ts";
import { dayNumber } from "../players/player-summary.ts";

export const MAX_MEMBERS = 500;
export const MAX_LEAGUES = 20;

/** No 0/O, 1/I. 16 characters of 32: 80 random bits, so an invite cannot be guessed. */
const CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const CODE_LENGTH = 16;
export const LEAGUE_CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

export function newLeagueCode(): string {
  // 256 is a multiple of 32: every character equally likely.
  return [...crypto.getRandomValues(new Uint8Array(CODE_LENGTH))].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join("");
}

/**
 * A fresh code (an invite or an embed key) that hashes to the league's shard at every allowed
 * shard count, so a look-up by code asks one shard (leagues/league-shards.ts). Every allowed N divides
 * MAX_SHARDS, which divides BUCKETS: a bucket equal to the league id's modulo MAX_SHARDS gives the
 * same shard at any N. About MAX_SHARDS draws; the code keeps 76 of its 80 random bits.
 */
export function newLeagueCodeFor(leagueId: string): string {
  const wanted = bucketOfPlayer(leagueId) % MAX_SHARDS;
  for (;;) {
    const code = newLeagueCode();
    if (bucketOfPlayer(code) % MAX_SHARDS === wanted) return code;
  }
}

/** Retention phases after which every ranked round of the day is in league_results. */
const FOLDED_PHASES = new Set(["unranked", "leagues", "finish", "archived"]);

export type EntryStatus = "ranked" | "review" | "not-played";

export interface TableEntry {
  /** Only for members looking at their own league (the owner removes members by it). */
  playerId?: string;
  name: string;
  rank: number | null;
  status: EntryStatus;
  /** Still playing: the round has not ended yet (its score may grow). */
  playing: boolean;
  score: number | null;
  words: number | null;
  streak: number;
  /** Why a round is under review (status "review"). */
  reason?: string;
  you: boolean;
}

export interface WeekEntry {
  playerId?: string;
  name: string;
  rank: number;
  points: number;
  /** Days of the week with a verified ranked round. */
  days: number;
  you: boolean;
}

export interface LeagueTables {
  date: string;
  table: TableEntry[];
  week: { from: string; to: string; standings: WeekEntry[] };
}

interface Member {
  playerId: string;
  name: string;
  joinedAt: number;
}

interface DayResult {
  roundId: string;
  score: number;
  words: number;
  verified: boolean;
  flags: string;
  endsAt: number | null;
}

/** Monday of the UTC week holding the date. */
export function weekStart(date: string): string {
  const weekday = new Date(dayStart(date)).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

interface LeagueReads {
  /** The members with a players row, by player id. */
  members: Member[];
  /** Every membership of the league, a players row or not (what a league's size says). */
  size: number;
  /** Board key to player to their ranked result of the board. */
  days: Map<string, Map<string, DayResult>>;
  streaks: Map<string, number>;
}

/**
 * Members, their ranked results of the language's boards from `from` to `to` (per board, per
 * player) and their streaks on `today`. Each board from D1's rounds while they are there, from
 * league_results once the day has been folded. Shard 0 (`db`) gives the days' phases and every
 * shard its members with their names and ranked rounds in D1; then the shards their members'
 * kept results (when a day of the range was folded) and summaries' last runs.
 */
async function readLeague(env: ShardEnv, db: Db, leagueId: string, from: string, to: string, lang: LanguageCode, today: string): Promise<LeagueReads> {
  const [phases, live] = await Promise.all([dayPhases(db, from, to, lang), leagueMemberRounds(env, leagueId)]);
  const folded = (board: string) => FOLDED_PHASES.has(phases.get(board) ?? "");
  const anyFolded = [...phases.keys()].some(folded);
  // Only members with a players row are listed, as the single database's join left the others out; all count.
  const joined = new Map<string, { name: string | null; joinedAt: number }>();
  for (const row of live) if (row.known) joined.set(row.playerId, { name: row.name, joinedAt: row.joinedAt });
  const size = new Set(live.map((row) => row.playerId)).size;
  // By player id: the tables' sorts keep this order among ties, as they always have.
  const ids = [...joined.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const [kept, lastRuns] = await Promise.all([anyFolded ? leaguesResultsEverywhere(env, [leagueId], from, to, lang) : Promise.resolve([]), lastRunsByPlayer(env, ids)]);
  const names = new Map([...joined].map(([id, m]) => [id, m.name]));
  const members = ids.map((playerId) => ({ playerId, name: names.get(playerId) ?? defaultName(playerId), joinedAt: joined.get(playerId)!.joinedAt }));
  const days = new Map<string, Map<string, DayResult>>();
  const add = (board: string, playerId: string, result: DayResult) => {
    const day = days.get(board) ?? new Map<string, DayResult>();
    day.set(playerId, result);
    days.set(board, day);
  };
  const played = new Map<string, Set<number>>();
  for (const row of live) {
    if (!row.known || row.date === null || row.roundId === null) continue;
    played.set(row.playerId, (played.get(row.playerId) ?? new Set()).add(dayNumber(row.date)));
    if (!isBoardBetween(row.date, from, to, lang) || folded(row.date)) continue;
    add(row.date, row.playerId, { roundId: row.roundId, score: row.score ?? 0, words: row.words ?? 0, verified: row.verified ?? true, flags: row.flags ?? "", endsAt: row.endsAt });
  }
  for (const row of kept) {
    if (!folded(row.date) || !names.has(row.playerId)) continue;
    add(row.date, row.playerId, { roundId: row.roundId, score: row.score, words: row.words, verified: row.verified, flags: row.flags, endsAt: null });
  }
  const streaks = new Map(members.map((m) => [m.playerId, streakOf(played.get(m.playerId) ?? new Set(), lastRuns.get(m.playerId) ?? null, today)]));
  return { members, size, days, streaks };
}

/** A current streak: consecutive ranked days (ranked rounds in D1, or the summary's last run) ending today or yesterday. */
function streakOf(days: ReadonlySet<number>, run: [number, number] | null, today: string): number {
  const played = (d: number) => days.has(d) || (run !== null && d >= run[0] && d < run[0] + run[1]);
  const todayNumber = dayNumber(today);
  let day = played(todayNumber) ? todayNumber : todayNumber - 1;
  let streak = 0;
  while (played(day)) {
    streak++;
    day--;
  }
  return streak;
}

/** The rank of each verified result among the day's verified results (1 + how many scored more). */
function ranksOf(day: ReadonlyMap<string, DayResult>): Map<string, number> {
  const scores = [...day.values()].filter((r) => r.verified).map((r) => r.score);
  const out = new Map<string, number>();
  for (const [playerId, result] of day) if (result.verified) out.set(playerId, 1 + scores.filter((s) => s > result.score).length);
  return out;
}

const STATUS_ORDER: Record<EntryStatus, number> = { ranked: 0, review: 1, "not-played": 2 };

function dayTable(members: readonly Member[], day: ReadonlyMap<string, DayResult>, streaks: ReadonlyMap<string, number>, viewer: Viewer, now: number): TableEntry[] {
  const ranks = ranksOf(day);
  const entries = members.map((m): TableEntry => {
    const result = day.get(m.playerId);
    const status: EntryStatus = result === undefined ? "not-played" : result.verified ? "ranked" : "review";
    return {
      ...(viewer.member ? { playerId: m.playerId } : {}),
      name: m.name,
      rank: ranks.get(m.playerId) ?? null,
      status,
      playing: result?.endsAt != null && result.endsAt > now,
      score: result?.score ?? null,
      words: result?.words ?? null,
      streak: streaks.get(m.playerId) ?? 0,
      ...(status === "review" ? { reason: reviewReason(parseFlags(result!.flags)) } : {}),
      you: m.playerId === viewer.playerId,
    };
  });
  return entries.sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status] || (a.rank ?? 0) - (b.rank ?? 0) || a.name.localeCompare(b.name));
}

/** Daily rank points summed over the days given (see the header). */
export function weekStandings(members: readonly Member[], days: ReadonlyMap<string, ReadonlyMap<string, DayResult>>, viewer: Viewer): WeekEntry[] {
  const points = new Map<string, { points: number; days: number }>(members.map((m) => [m.playerId, { points: 0, days: 0 }]));
  for (const day of days.values()) {
    const ranks = ranksOf(day);
    const played = ranks.size;
    for (const [playerId, rank] of ranks) {
      const tally = points.get(playerId);
      if (tally === undefined) continue;
      tally.points += played - rank + 1;
      tally.days += 1;
    }
  }
  const sorted = members
    .map((m) => ({ member: m, ...points.get(m.playerId)! }))
    .sort((a, b) => b.points - a.points || b.days - a.days || a.member.name.localeCompare(b.member.name));
  return sorted.map((s) => ({
    ...(viewer.member ? { playerId: s.member.playerId } : {}),
    name: s.member.name,
    rank: 1 + sorted.filter((o) => o.points > s.points).length,
    points: s.points,
    days: s.days,
    you: s.member.playerId === viewer.playerId,
  }));
}

export interface Viewer {
  playerId: string | undefined;
  member: boolean;
}

/**
 * The day's table and the standings of its week so far (Monday to the day), of the league's
 * language's daily boards. A few rows read per member and day of the week, and per member for
 * streaks (a day with a ranked round of any language counts, as on the stats page).
 */
export async function leagueTables(env: ShardEnv, db: Db, league: Pick<League, "id" | "lang">, date: string, viewer: Viewer, now: number): Promise<LeagueTables> {
  return (await leagueView(env, db, league, date, viewer, now)).tables;
}

/** The league's tables (leagueTables) and its number of members, from the same reads. */
export async function leagueView(env: ShardEnv, db: Db, league: Pick<League, "id" | "lang">, date: string, viewer: Viewer, now: number): Promise<{ tables: LeagueTables; members: number }> {
  const from = weekStart(date);
  const { members, size, days, streaks } = await readLeague(env, db, league.id, from, date, league.lang, todayUtc(now));
  const tables = {
    date,
    table: dayTable(members, days.get(puzzleKey(date, league.lang)) ?? new Map(), streaks, viewer, now),
    week: { from, to: addDays(from, 6), standings: weekStandings(members, days, viewer) },
  };
  return { tables, members: size };
}

/**
 * A player's ranked days already folded into their summary, copied into league_results (on their
 * shard) when they join a league (only players in a league have results written there): the
 * recent days they played before joining show in the league's past days too.
 */
export async function keepPastResults(env: ShardEnv, playerId: string): Promise<void> {
  const stored = await summaryByPlayer(env, playerId);
  if (stored === undefined) return;
  const rows = stored.summary.days
    .filter(([, ranked]) => ranked === 1)
    .map(([date, , score, words, verified, flags, roundId]) => ({ playerId, date, roundId, score, words, verified: verified === 1, flags }));
  await writeLeagueResults(dbForPlayer(env, playerId), rows);
}

/**
 * After the owner's membership went (they left, or deleted their account): the member who joined
 * first inherits the league; with no member left the league is deleted. The new owner, or null.
 */
export async function passOnLeague(env: ShardEnv, leagueId: string): Promise<string | null> {
  const home = leagueDb(env, leagueId);
  // The members are on every shard.
  const heir = await longestLeagueMember(env, leagueId);
  if (heir === undefined) {
    await deleteLeague(home, leagueId);
    return null;
  }
  await updateLeague(home, leagueId, { ownerId: heir });
  return heir;
}
