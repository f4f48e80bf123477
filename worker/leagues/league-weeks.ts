// The "league week won" achievement (shared/game/achievements.ts "league-week"). Awarded by retention
// (retention.ts, its "leagues" phase) when a language's Sunday board has been folded: by then every
// ranked result of that week's boards is in league_results, and the week's standings are final.
// The winners' summaries keep it with the Sunday's date, so it outlives the league itself (a
// member who leaves, a league deleted) and comes through the passkey merge with the others.
//
// A week is won by the first of the week's standings (leagues/leagues.ts weekStandings: daily
// rank points) with at least one other member who scored points that week; ties for first all
// win. A week alone in a league is not won. A page of leagues is read from every shard (their rows
// on the leagues' shards), then each shard's members of those leagues with their kept results
// (a membership and its member's results share a shard; ranks need no names), and the awards go
// to the winners' summaries on their shards.
import { dayStart } from "#engine";
import { keyDate, keyLanguage } from "#game/puzzle-key.ts";
import { leaguesOfLanguageEverywhere, leaguesResultsEverywhere } from "./league-shards.ts";
import { summariesByPlayer, writeSummariesByPlayer } from "../players/sharded-summaries.ts";
import type { ShardEnv } from "../db/shards.ts";
import { withEarned } from "../players/achievements.ts";
import { weekStandings, weekStart } from "./leagues.ts";
import { emptySummary } from "../players/player-summary.ts";

/** Leagues read per retention step (each a few rows per member and day of the week). */
export const LEAGUES_PER_STEP = 50;

/** Is the board's day a Sunday (the last day of a league's week)? */
export function endsLeagueWeek(board: string): boolean {
  return new Date(dayStart(keyDate(board))).getUTCDay() === 0;
}

type WeekDay = { roundId: string; score: number; words: number; verified: boolean; flags: string; endsAt: null };

/** The players who won the week ending on the Sunday board `sunday`, in any of these leagues. */
export async function weekWinners(env: ShardEnv, sunday: string, leagueIds: readonly string[]): Promise<Set<string>> {
  const date = keyDate(sunday);
  const rows = await leaguesResultsEverywhere(env, leagueIds, weekStart(date), date, keyLanguage(sunday));
  const byLeague = new Map<string, { members: Map<string, { playerId: string; name: string; joinedAt: number }>; days: Map<string, Map<string, WeekDay>> }>();
  for (const row of rows) {
    let league = byLeague.get(row.leagueId);
    if (league === undefined) byLeague.set(row.leagueId, (league = { members: new Map(), days: new Map() }));
    league.members.set(row.playerId, { playerId: row.playerId, name: row.playerId, joinedAt: row.joinedAt });
    const day = league.days.get(row.date) ?? new Map<string, WeekDay>();
    day.set(row.playerId, { roundId: row.roundId, score: row.score, words: row.words, verified: row.verified, flags: row.flags, endsAt: null });
    league.days.set(row.date, day);
  }
  const winners = new Set<string>();
  for (const { members, days } of byLeague.values()) {
    const standings = weekStandings([...members.values()], days, { playerId: undefined, member: true });
    if (standings.filter((s) => s.points > 0).length < 2) continue;
    for (const s of standings) if (s.rank === 1 && s.playerId !== undefined) winners.add(s.playerId);
  }
  return winners;
}

/** Keeps "league-week" (on the Sunday) in the winners' summaries; a day already kept stays. */
export async function awardLeagueWeek(env: ShardEnv, sunday: string, winners: ReadonlySet<string>): Promise<void> {
  if (winners.size === 0) return;
  const date = keyDate(sunday);
  const stored = await summariesByPlayer(env, [...winners]);
  const changed = new Map<string, { summary: ReturnType<typeof emptySummary>; throughDate: string }>();
  for (const playerId of winners) {
    const current = stored.get(playerId) ?? { summary: emptySummary(), throughDate: "" };
    if (current.summary.earned?.["league-week"] !== undefined && current.summary.earned["league-week"] <= date) continue;
    changed.set(playerId, { ...current, summary: { ...current.summary, earned: withEarned(current.summary.earned, ["league-week"], date) } });
  }
  await writeSummariesByPlayer(env, changed);
}

/**
 * One step of the awards for a folded board: a page of the language's leagues after `after` (by
 * id). Null when every league has been gone through (or the board does not end a week), else the
 * last league id read, to go on from.
 */
export async function leagueWeekStep(env: ShardEnv, board: string, after: string): Promise<string | null> {
  if (!endsLeagueWeek(board)) return null;
  const ids = await leaguesOfLanguageEverywhere(env, keyLanguage(board), after, LEAGUES_PER_STEP);
  await awardLeagueWeek(env, board, await weekWinners(env, board, ids));
  return ids.length < LEAGUES_PER_STEP ? null : ids[ids.length - 1];
}
