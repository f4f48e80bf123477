// A room's judging and scoring as pure functions: a word is judged against the board's full
// solution (computed once per round by the engine), and at the end the players' lists are compared
// as in the boxed game (a word found by two or more players is struck from every list).
import { type Board, type FoundWord, type Lexicon, type Reason, type Rules, checkWord, compareLists, normalizeWord } from "#engine";

export interface SolutionIndex {
  board: Board;
  byWord: ReadonlyMap<string, FoundWord>;
  words: readonly FoundWord[];
}

export function indexSolution(board: Board, words: readonly FoundWord[]): SolutionIndex {
  return { board, words, byWord: new Map(words.map((w) => [w.word, w])) };
}

export type WordJudgement = { accepted: true; word: string; points: number } | { accepted: false; word: string; reason: Reason };

/**
 * One word a player sends: accepted (in the board's solution, not yet on their list) or why not,
 * the reasons checked in the daily game's order (shared/engine/check.ts checkWord, which the daily round
 * judges a miss with too): too short, not a word, already found, not on the board. A word that is
 * neither a word nor on the board is "not a word" in both.
 */
export function judgeWord(
  raw: string,
  solution: SolutionIndex,
  lexicon: Lexicon,
  rules: Rules,
  found: ReadonlySet<string>,
  normalize: (raw: string) => string | null = normalizeWord,
): WordJudgement {
  // As the room's language spells it (a French room takes "élève" as "eleve").
  const word = normalize(raw);
  if (word === null) return { accepted: false, word: raw.trim().toLowerCase().slice(0, 40), reason: "not-a-word" };
  const hit = solution.byWord.get(word);
  if (hit !== undefined && !found.has(word)) return { accepted: true, word, points: hit.points };
  const verdict = checkWord(solution.board, lexicon, rules, word, found);
  // A word the engine accepts but the solution lacks cannot happen (the solution is the engine's);
  // were it to, the solution is the authority, as for the daily round.
  return { accepted: false, word, reason: verdict.accepted ? "not-a-word" : verdict.reason };
}

export interface RoundPlayer {
  seatId: string;
  name: string;
  playerId: string | null;
  words: readonly string[];
}

export interface ResultWord {
  word: string;
  points: number;
  struck: boolean;
}

export interface PlayerResultRow {
  seatId: string;
  name: string;
  playerId: string | null;
  score: number;
  /** 1-based; players with equal scores share a rank. */
  rank: number;
  words: ResultWord[];
}

export interface RoundResults {
  players: PlayerResultRow[];
  /** Words of the solution no player found, best first (common, then points, then a-z). */
  missed: { word: string; points: number; common: boolean }[];
  totals: { words: number; points: number };
}

/** The round's results: the engine's multi-player comparison, ranks, and the words nobody found. */
export function scoreRound(players: readonly RoundPlayer[], solution: SolutionIndex, rules: Rules): RoundResults {
  const compared = compareLists(
    players.map((p) => p.words),
    rules,
  ).players;
  const rows = players.map((p, i) => ({
    seatId: p.seatId,
    name: p.name,
    playerId: p.playerId,
    score: compared[i].score,
    rank: 0,
    words: [...compared[i].words].sort((a, b) => a.word.localeCompare(b.word)),
  }));
  rows.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
  rows.forEach((row, i) => (row.rank = i > 0 && rows[i - 1].score === row.score ? rows[i - 1].rank : i + 1));
  const found = new Set(players.flatMap((p) => p.words));
  const missed = solution.words
    .filter((w) => !found.has(w.word))
    .map((w) => ({ word: w.word, points: w.points, common: w.common }))
    .sort((a, b) => Number(b.common) - Number(a.common) || b.points - a.points || a.word.localeCompare(b.word));
  const totals = solution.words.reduce((t, w) => ({ words: t.words + 1, points: t.points + w.points }), { words: 0, points: 0 });
  return { players: rows, missed, totals };
}
