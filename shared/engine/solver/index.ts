// Solving a board: every word of the lexicon traceable on it under the rules.
import type { Board } from "../board.ts";
import type { Lexicon } from "../lexicon/lexicon.ts";
import type { Rules } from "../rules.ts";
import { CompactSolution } from "./compact.ts";
import { type Solution, type Totals, solutionOf } from "./objects.ts";
import { search, searchTotals } from "./search.ts";

export { CompactSolution } from "./compact.ts";
export { type ByteOutput, writeWords } from "./word-bytes.ts";
export type { FoundWord, Solution, Totals } from "./objects.ts";

/** Totals only: no paths, order or strings are built, which makes it the fastest way to score a board. */
export function solveTotals(board: Board, lexicon: Lexicon, rules: Rules): Totals {
  return searchTotals(board, lexicon, rules);
}

/** Every word with one path each, alphabetically, as flat arrays; strings and objects on demand. */
export function solveCompact(board: Board, lexicon: Lexicon, rules: Rules): CompactSolution {
  return new CompactSolution(board, lexicon, search(board, lexicon, rules, true), rules);
}

/**
 * Every word of the lexicon traceable on the board under the rules, with one path each, as
 * objects (built straight from the search: the same as solveCompact(...).toSolution()).
 */
export function solve(board: Board, lexicon: Lexicon, rules: Rules): Solution {
  return solutionOf(board, lexicon, rules, search(board, lexicon, rules, true));
}
