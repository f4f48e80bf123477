import { type Board, type Path, cellOf, neighbours } from "./board.ts";
import type { Lexicon } from "./lexicon/lexicon.ts";
import type { Rules } from "./rules.ts";

/** What judging a word asks of a word list: a Lexicon, or a precomputed board's DayWords (day-words.ts). */
export type WordList = Pick<Lexicon, "has" | "isCommon" | "spells"> & {
  /** Knows only one board's words: a word it lacks that cannot be traced may be a word elsewhere. */
  readonly boardOnly?: boolean;
};

export type Reason = "too-short" | "not-a-word" | "not-on-board" | "duplicate";

export type Verdict =
  | { accepted: true; word: string; path: Path; points: number; common: boolean }
  | { accepted: false; word: string; reason: Reason };

const LETTERS = /^[a-z]+$/;

/**
 * Lowercases and trims a player's word; null when it has anything but letters a-z, or, given a
 * lexicon, anything but that lexicon's letters (a language's typed word is folded first: see
 * languages.ts).
 */
export function normalizeWord(word: string, lexicon?: WordList): string | null {
  const w = word.trim().toLowerCase();
  if (lexicon === undefined) return LETTERS.test(w) ? w : null;
  return w !== "" && lexicon.spells(w) ? w : null;
}

/**
 * Dictionary-free check (a 'findWord'): can this string be traced on the board, tile by tile
 * through neighbours, each tile once? Each tile's face must match the next letters (a `qu` face
 * matches "qu" only, never a bare "q"). Returns one path, or null.
 */
export function traceWord(board: Board, word: string): Path | null {
  const w = word.toLowerCase();
  if (w.length === 0) return null;
  const { start, list } = neighbours(board.rows, board.cols);
  const faces = board.faces;
  const used = new Uint8Array(faces.length);
  const tiles: number[] = [];

  const matchFrom = (t: number, at: number): boolean => {
    const face = faces[t];
    if (face.length === 0 || !w.startsWith(face, at)) return false;
    const next = at + face.length;
    tiles.push(t);
    if (next === w.length) return true;
    used[t] = 1;
    for (let k = start[t]; k < start[t + 1]; k++) {
      const u = list[k];
      if (used[u] === 0 && matchFrom(u, next)) return true;
    }
    used[t] = 0;
    tiles.pop();
    return false;
  };

  for (let t = 0; t < faces.length; t++) {
    if (matchFrom(t, 0)) return tiles.map((tile) => cellOf(board, tile));
  }
  return null;
}

/**
 * Judges one word a player submits: too short, not in the lexicon, not traceable on the board,
 * already found, or accepted with its path and points. `found` holds the words already accepted.
 */
export function checkWord(
  board: Board,
  lexicon: WordList,
  rules: Rules,
  word: string,
  found?: ReadonlySet<string>,
): Verdict {
  const w = normalizeWord(word, lexicon);
  if (w === null) return { accepted: false, word: word.trim().toLowerCase(), reason: "not-a-word" };
  if (w.length < rules.minLength) return { accepted: false, word: w, reason: "too-short" };
  if (w.length > rules.maxLength) return { accepted: false, word: w, reason: "not-a-word" };
  if (!lexicon.has(w)) {
    // A board's own list cannot tell a word off the board from a non-word: what cannot be traced here is "not on the board".
    const offBoard = lexicon.boardOnly === true && traceWord(board, w) === null;
    return { accepted: false, word: w, reason: offBoard ? "not-on-board" : "not-a-word" };
  }
  if (found?.has(w)) return { accepted: false, word: w, reason: "duplicate" };
  const path = traceWord(board, w);
  if (path === null) return { accepted: false, word: w, reason: "not-on-board" };
  return { accepted: true, word: w, path, points: rules.points(w.length), common: lexicon.isCommon(w) };
}
