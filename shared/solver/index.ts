// Solving a board: every word of the lexicon traceable on it under the rules.
import type { Board } from "../board.ts";
import type { Lexicon } from "../lexicon/lexicon.ts";
import type { Rules } from "../rules.ts";
import { CompactSolution, type Solution, type Totals } from "./compact.ts";
import { search } from "./search.ts";

export { CompactSolution } from "./compact.ts";
export type { FoundWord, Solution, Totals } from "./compact.ts";

/** Totals only: no paths, order or strings are built, which makes it the fastest way to score a board. */
export function solveTotals(board: Board, lexicon: Lexicon, rules: Rules): Totals {
  const found = search(board, lexicon, rules, false);
  const totals: Totals = { words: found.count, points: 0, commonWords: 0, commonPoints: 0 };
  for (let i = 0; i < found.count; i++) {
    const points = rules.points(found.letters[i]);
    totals.points += points;
    if (found.common[i] !== 0) {
      totals.commonWords++;
      totals.commonPoints += points;
    }
  }
  return totals;
}

/** Every word with one path each, alphabetically, as flat arrays; strings and objects on demand. */
export function solveCompact(board: Board, lexicon: Lexicon, rules: Rules): CompactSolution {
  return new CompactSolution(board, lexicon, search(board, lexicon, rules, true), rules);
}

/** Every word of the lexicon traceable on the board under the rules, with one path each. */
export function solve(board: Board, lexicon: Lexicon, rules: Rules): Solution {
  return solveCompact(board, lexicon, rules).toSolution();
}
