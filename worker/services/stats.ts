// A player's record: puzzles played (ranked), the current streak of consecutive days, best score,
// and the history of rounds.
import { streakOf } from "../../shared/calendar.ts";
import type { RoomResultRow, Round } from "../db/schema.ts";

export interface PlayerStats {
  played: number;
  streak: number;
  bestScore: number;
  history: { date: string; ranked: boolean; score: number; words: number }[];
}

export function statsOf(rounds: readonly Pick<Round, "puzzleDate" | "ranked" | "score" | "words">[], today: string): PlayerStats {
  const ranked = rounds.filter((r) => r.ranked);
  return {
    played: ranked.length,
    streak: streakOf(ranked.map((r) => r.puzzleDate), today),
    bestScore: ranked.reduce((best, r) => Math.max(best, r.score), 0),
    history: rounds.map((r) => ({ date: r.puzzleDate, ranked: r.ranked, score: r.score, words: r.words })),
  };
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
