// What a player's stats read besides their summary (players/player-summary.ts): the rounds still
// in D1 as day results (with the words they found, for the best words), and the rooms played.
import type { Db } from "../db/client.ts";
import type { RoomResultRow, Round } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { ranksOf } from "../results/found-set.ts";
import type { DayResult } from "./day-result.ts";
import { getPuzzles } from "../puzzles/puzzles.ts";

type StoredRound = Pick<Round, "id" | "puzzleDate" | "ranked" | "score" | "words" | "found" | "verified" | "flags">;

/** The rounds (read on the player's shard) as day results, each with its found words and their points; `db` is shard 0, which holds every puzzle. */
export async function recentResults(env: Env, db: Db, rounds: readonly StoredRound[]): Promise<DayResult[]> {
  const dates = [...new Set(rounds.map((r) => r.puzzleDate))];
  const puzzles = new Map<string, Awaited<ReturnType<typeof getPuzzles>>[number]>();
  for (let i = 0; i < dates.length; i += 100) for (const p of await getPuzzles(env, db, dates.slice(i, i + 100))) puzzles.set(p.key, p);
  return rounds.map((r) => {
    const puzzle = puzzles.get(r.puzzleDate);
    const words = puzzle?.words ?? [];
    const found = ranksOf(r.found).flatMap((rank) => (words[rank] ? [{ word: words[rank].word, points: words[rank].points, common: words[rank].common }] : []));
    const board = puzzle === undefined ? undefined : { commonWords: puzzle.totals.commonWords, commonPoints: puzzle.totals.commonPoints };
    return { roundId: r.id, date: r.puzzleDate, ranked: r.ranked, score: r.score, words: r.words, verified: r.verified, flags: r.flags, found, board };
  });
}
/** When the player won a live room's round against at least one other player (ms, for the room-win achievement). */
export function roomsWonOf(rows: readonly RoomResultRow[]): number[] {
  return rows.filter((r) => r.rank === 1 && r.players >= 2).map((r) => r.finishedAt);
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
