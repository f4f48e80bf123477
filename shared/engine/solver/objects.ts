// The solution as objects (what solve() returns), built straight from a search's found words.
import { type Board, type Cell, type Path, cellOf } from "../board.ts";
import type { Lexicon } from "../lexicon/lexicon.ts";
import type { Rules } from "../rules.ts";
import { ENTRY_SIZE, type FoundWords, LETTERS, PATH_END, RECORD } from "./found-words.ts";

export interface FoundWord {
  word: string;
  path: Path;
  points: number;
  common: boolean;
}

export interface Totals {
  words: number;
  points: number;
  commonWords: number;
  commonPoints: number;
}

export interface Solution {
  /** Every word once, alphabetically, each with one path. */
  words: FoundWord[];
  totals: Totals;
  /** Word count per length in letters. */
  byLength: Record<number, number>;
}

/** One frozen cell per tile, shared by every path through it. */
export function frozenCells(board: Board): readonly Cell[] {
  return board.faces.map((_, t) => Object.freeze(cellOf(board, t)) as Cell);
}

/** The found words as objects, alphabetically, with their totals and counts by length. */
export function solutionOf(board: Board, lexicon: Lexicon, rules: Rules, found: FoundWords): Solution {
  const order = found.alphabeticalOrder(lexicon.wordCount);
  const { entries, tiles } = found;
  const { faces } = board;
  const graph = lexicon.graph;
  const cells = frozenCells(board);
  const words: FoundWord[] = new Array(found.count);
  const totals: Totals = { words: found.count, points: 0, commonWords: 0, commonPoints: 0 };
  const byLength: Record<number, number> = {};
  for (let j = 0; j < found.count; j++) {
    const at = ENTRY_SIZE * order[j];
    const from = at === 0 ? 0 : entries[at - ENTRY_SIZE + PATH_END];
    const path: Path = new Array(entries[at + PATH_END] - from);
    let word = "";
    for (let k = 0; k < path.length; k++) {
      const t = tiles[from + k];
      word += faces[t];
      path[k] = cells[t];
    }
    const letters = entries[at + LETTERS];
    const points = rules.points(letters);
    const common = graph.endsCommonWord(entries[at + RECORD]);
    words[j] = { word, path, points, common };
    totals.points += points;
    if (common) {
      totals.commonWords++;
      totals.commonPoints += points;
    }
    byLength[letters] = (byLength[letters] ?? 0) + 1;
  }
  return { words, totals, byLength };
}
