// A player's whole history in one compact value, folded in day by day as days leave D1
// (archive/retention.ts): ranked days played as runs of consecutive days (so played, streaks
// and the calendar need no rounds however long the history), totals for averages, the best
// score, the last rounds played with their results (stats' history, your standing on an archived
// day), and the ten best words ever found. Stats are this summary plus the rounds still in D1.
import { dayStart, utcDate } from "#engine";
import { keyDate } from "#game/puzzle-key.ts";
import type { PlayerSummaryData } from "../db/schema.ts";
import type { DayResult } from "./day-result.ts";
import { type Earned, achievementsOf, foldAchievements, mergeAchievements } from "./achievements.ts";
import { walkStreak } from "#game/streak-freeze.ts";

/**
 * Rounds kept with their results (the stats' history, your standing on an archived day): the last
 * 30, so a summary stays about 2 KB whatever the player's history, and D1's size is bounded by
 * its players, not by the days played. Played, streaks, totals and best words cover everything.
 */
export const RECENT_ROUNDS = 30;
const BEST_WORDS = 10;
const DAY_MS = 86_400_000;

/** A board's day as a number (boards of one day in several languages are one day of a streak). */
export const dayNumber = (key: string) => Math.round(dayStart(keyDate(key)) / DAY_MS);
const dateOf = (day: number) => utcDate(day * DAY_MS);

export function emptySummary(): PlayerSummaryData {
  return { runs: [], ranked: 0, totalPoints: 0, totalWords: 0, bestScore: 0, days: [], bestWords: [] };
}

/** Best words first: more points, then longer, then alphabetical. */
function byBest(a: [string, number, string], b: [string, number, string]): number {
  return b[1] - a[1] || b[0].length - a[0].length || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

export function bestWordsOf(current: readonly [string, number, string][], result: DayResult): [string, number, string][] {
  if (!result.ranked) return [...current];
  const merged = new Map(current.map((w) => [w[0], w]));
  for (const f of result.found) if (!merged.has(f.word)) merged.set(f.word, [f.word, f.points, result.date]);
  return [...merged.values()].sort(byBest).slice(0, BEST_WORDS);
}

/** Adds a ranked day to runs of consecutive days (kept sorted; days may come in any order). */
export function addDay(runs: readonly [number, number][], day: number): [number, number][] {
  const days = new Set<number>();
  for (const [first, length] of runs) for (let d = first; d < first + length; d++) days.add(d);
  if (days.has(day)) return runs.map((r) => [...r] as [number, number]);
  days.add(day);
  return runsOf(days);
}

function runsOf(days: Iterable<number>): [number, number][] {
  const sorted = [...days].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (const d of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && last[0] + last[1] === d) last[1] += 1;
    else out.push([d, 1]);
  }
  return out;
}

function daysOf(runs: readonly [number, number][]): Set<number> {
  return new Set(runs.flatMap(([first, length]) => Array.from({ length }, (_, i) => first + i)));
}

type SummaryDay = PlayerSummaryData["days"][number];

/** The recent rounds' order: newest board first, a day's ranked round before its unranked one. */
const newestFirst = (a: SummaryDay, b: SummaryDay) => (a[0] < b[0] ? 1 : a[0] > b[0] ? -1 : b[1] - a[1]);

/** Folds a day's round into the summary; folding the same (date, ranked) again changes nothing. */
export function foldDay(summary: PlayerSummaryData, result: DayResult): PlayerSummaryData {
  const ranked = result.ranked ? 1 : 0;
  if (summary.days.some(([date, r]) => date === result.date && r === ranked)) return summary;
  const entry: SummaryDay = [result.date, ranked, result.score, result.words, result.verified ? 1 : 0, result.flags, result.roundId];
  const days = [...summary.days, entry].sort(newestFirst).slice(0, RECENT_ROUNDS);
  if (!result.ranked) return { ...summary, days };
  return {
    ...foldAchievements(summary, result),
    runs: addDay(summary.runs, dayNumber(result.date)),
    ranked: summary.ranked + 1,
    totalPoints: summary.totalPoints + result.score,
    totalWords: summary.totalWords + result.words,
    bestScore: Math.max(summary.bestScore, result.score),
    days,
    bestWords: bestWordsOf(summary.bestWords, result),
  };
}

export interface SummaryMerge {
  summary: PlayerSummaryData;
  /** Ranked boards of the merged history that joined (counted in the totals). */
  moved: number;
  /** Ranked boards both players had played: the receiving player's round counts, the other not. */
  kept: number;
}

/**
 * `from`'s archived history joined to `into`'s, for a passkey sign-in that merges this browser's
 * anonymous player (players/identity-merge.ts): each ranked board `into` did not play adds to its
 * days, streak, totals and best words; a board both played keeps `into`'s. `intoBoards` are
 * `into`'s ranked boards still in D1. A summary lists the boards of its recent days only, so when
 * both played a day older than that (which boards, unknown) nothing merges: null, rather than a
 * total that might count a board twice.
 */
export function mergeSummaries(into: PlayerSummaryData, from: PlayerSummaryData, intoBoards: readonly string[]): SummaryMerge | null {
  const intoArchived = daysOf(into.runs);
  const intoDays = new Set([...intoArchived, ...intoBoards.map(dayNumber)]);
  // The recent rounds list every board of the days after the oldest one they hold (of every day
  // while they hold fewer than RECENT_ROUNDS).
  const listedAfter = (s: PlayerSummaryData) => (s.days.length < RECENT_ROUNDS ? -Infinity : dayNumber(s.days[s.days.length - 1]![0]));
  const fromDays = daysOf(from.runs);
  for (const day of fromDays) {
    if (!intoDays.has(day)) continue;
    const intoListed = !intoArchived.has(day) || day > listedAfter(into);
    if (!intoListed || day <= listedAfter(from)) return null;
  }
  const intoRanked = new Set([...into.days.filter(([, r]) => r === 1).map(([key]) => key), ...intoBoards]);
  const fromRanked = from.days.filter(([, r]) => r === 1);
  const kept = fromRanked.filter(([key]) => intoRanked.has(key));
  const keptBoards = new Set(kept.map(([key]) => key));
  const joined = fromRanked.filter(([key]) => !keptBoards.has(key));
  // from's best may be a board left out: then the best of the boards that joined (a lower bound).
  const fromBest = kept.some(([, , score]) => score === from.bestScore) ? Math.max(0, ...joined.map(([, , score]) => score)) : from.bestScore;
  const listed = new Set(into.days.map(([key, r]) => `${key} ${r}`));
  const days = [...into.days, ...from.days.filter(([key, r]) => !listed.has(`${key} ${r}`) && !(r === 1 && keptBoards.has(key)))].sort(newestFirst).slice(0, RECENT_ROUNDS);
  const words = new Map(into.bestWords.map((w) => [w[0], w]));
  for (const w of from.bestWords) if (!keptBoards.has(w[2]) && !words.has(w[0])) words.set(w[0], w);
  const sum = (rows: readonly SummaryDay[], column: 2 | 3) => rows.reduce((total, row) => total + row[column], 0);
  return {
    summary: {
      ...mergeAchievements(into, from),
      runs: runsOf([...intoArchived, ...fromDays]),
      ranked: into.ranked + from.ranked - kept.length,
      totalPoints: into.totalPoints + from.totalPoints - sum(kept, 2),
      totalWords: into.totalWords + from.totalWords - sum(kept, 3),
      bestScore: Math.max(into.bestScore, fromBest),
      days,
      bestWords: [...words.values()].sort(byBest).slice(0, BEST_WORDS),
    },
    moved: from.ranked - kept.length,
    kept: kept.length,
  };
}

export interface PlayerStats {
  played: number;
  streak: number;
  bestStreak: number;
  bestScore: number;
  /** Mean ranked score, to one decimal (0 before the first ranked round). */
  averageScore: number;
  totalPoints: number;
  totalWords: number;
  /** The last rounds played (RECENT_ROUNDS, and all still in D1), newest first (ranked before unranked on a day). */
  history: { date: string; ranked: boolean; score: number; words: number }[];
  bestWords: { word: string; points: number; date: string }[];
  /** Streak freezes banked now (shared/game/streak-freeze.ts). */
  freezes: number;
  /** Days a freeze kept the streak going, newest first (YYYY-MM-DD). */
  frozenDates: string[];
  /** Every ranked day played, oldest first (YYYY-MM-DD): the streak calendar. */
  playedDates: string[];
  /** Achievements earned, each with the day it was earned. */
  achievements: Earned;
}

/**
 * Stats from the summary (days that left D1) and the rounds still in D1 (`recent`, each with the
 * words it found): the summary with the recent days folded in, so it is right for any history.
 */
export function statsOf(summary: PlayerSummaryData, recent: readonly DayResult[], today: string, roomsWon: readonly number[] = []): PlayerStats {
  const all = [...recent].sort((a, b) => (a.date < b.date ? -1 : 1)).reduce(foldDay, summary);
  const played = [...daysOf(all.runs)];
  // A streak lives on while its last day is today or yesterday, or a banked freeze covered the gap.
  const walk = walkStreak(played, dayNumber(today));
  return {
    played: all.ranked,
    streak: walk.streak,
    bestStreak: walk.bestStreak,
    bestScore: all.bestScore,
    averageScore: all.ranked === 0 ? 0 : Math.round((10 * all.totalPoints) / all.ranked) / 10,
    totalPoints: all.totalPoints,
    totalWords: all.totalWords,
    history: all.days.map(([date, ranked, score, words]) => ({ date, ranked: ranked === 1, score, words })),
    bestWords: all.bestWords.map(([word, points, date]) => ({ word, points, date })),
    freezes: walk.freezes,
    frozenDates: walk.frozen.map(dateOf).reverse(),
    playedDates: rankedDates(all),
    achievements: achievementsOf(all, walk, played, roomsWon),
  };
}

/** The player's round of a day as the summary keeps it (the last RECENT_ROUNDS rounds). */
export function roundOfDay(summary: PlayerSummaryData, date: string, ranked: boolean): Omit<DayResult, "found"> | undefined {
  const entry = summary.days.find(([d, r]) => d === date && r === (ranked ? 1 : 0));
  if (entry === undefined) return undefined;
  const [, , score, words, verified, flags, roundId] = entry;
  return { roundId, date, ranked, score, words, verified: verified === 1, flags };
}

/** Every ranked day played, oldest first (for a calendar), from the runs. */
export function rankedDates(summary: PlayerSummaryData): string[] {
  return summary.runs.flatMap(([first, length]) => Array.from({ length }, (_, i) => dateOf(first + i)));
}
