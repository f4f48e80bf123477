// A player's record: puzzles played (ranked), the current and best streaks of consecutive days,
// best and average score, totals, the history of rounds and the best words found.
import { longestStreakOf, streakOf } from "../../shared/calendar.ts";
import type { FoundWord } from "../../shared/index.ts";
import type { RoomResultRow, Round } from "../db/schema.ts";
import { type FoundBits, ranksOf } from "./found-set.ts";

/** How many best words the stats list. */
export const BEST_WORDS = 10;

export interface BestWord {
  word: string;
  points: number;
  date: string;
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
  history: { date: string; ranked: boolean; score: number; words: number }[];
  bestWords: BestWord[];
}

export function statsOf(
  rounds: readonly Pick<Round, "puzzleDate" | "ranked" | "score" | "words">[],
  today: string,
  bestWords: BestWord[] = [],
): PlayerStats {
  const ranked = rounds.filter((r) => r.ranked);
  const totalPoints = ranked.reduce((sum, r) => sum + r.score, 0);
  return {
    played: ranked.length,
    streak: streakOf(ranked.map((r) => r.puzzleDate), today),
    bestStreak: longestStreakOf(ranked.map((r) => r.puzzleDate)),
    bestScore: ranked.reduce((best, r) => Math.max(best, r.score), 0),
    averageScore: ranked.length === 0 ? 0 : Math.round((totalPoints / ranked.length) * 10) / 10,
    totalPoints,
    totalWords: ranked.reduce((sum, r) => sum + r.words, 0),
    history: rounds.map((r) => ({ date: r.puzzleDate, ranked: r.ranked, score: r.score, words: r.words })),
    bestWords,
  };
}

/**
 * The best words of some ranked rounds (each with its found bitset over the day's alphabetical
 * solution): most points first, then longest, then earliest found; a word found on two days
 * counts once, at its first day.
 */
export function bestWordsOf(rounds: readonly { date: string; found: FoundBits; solution: readonly FoundWord[] }[], limit = BEST_WORDS): BestWord[] {
  const first = new Map<string, BestWord>();
  for (const round of [...rounds].sort((a, b) => a.date.localeCompare(b.date))) {
    for (const rank of ranksOf(round.found)) {
      const w = round.solution[rank];
      if (w && !first.has(w.word)) first.set(w.word, { word: w.word, points: w.points, date: round.date });
    }
  }
  return [...first.values()]
    .sort((a, b) => b.points - a.points || b.word.length - a.word.length || a.date.localeCompare(b.date) || a.word.localeCompare(b.word))
    .slice(0, limit);
}

/** Rounds played in live rooms, newest first: where the player finished among how many. */
export function roomHistoryOf(rows: readonly RoomResultRow[]) {
  return rows.map((r) => ({
    room: r.roomCode,
    round: r.round,
    finishedAt: new Date(r.finishedAt).toISOString(),
    name: r.name,
    score: r.score,
    words: r.words,
    struck: r.struck,
    rank: r.rank,
    players: r.players,
    size: r.size,
    rules: r.rules,
  }));
}
