import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Board, DICE, type Rules, RULES, buildLexicon, Lexicon, solve, solveCompact, solveTotals, checkWord, writeWords } from "../../shared/engine/index.ts";
import { englishLexicon } from "./lexicon-fixture.ts";

/**
 * The oracle: deliberately simple. For every dictionary word, try every start tile and walk the
 * grid recursively, comparing face strings and using a Set of visited "r,c" keys. Nothing is
 * shared with the solver (no trie, no neighbour table, no typed arrays).
 */
function oracle(board: Board, dictionary: string[], rules: Rules): Set<string> {
  const face = (r: number, c: number) => board.faces[r * board.cols + c];
  const canTrace = (word: string, r: number, c: number, at: number, seen: Set<string>): boolean => {
    const f = face(r, c);
    if (f === "" || seen.has(`${r},${c}`) || word.slice(at, at + f.length) !== f) return false;
    if (at + f.length === word.length) return true;
    seen.add(`${r},${c}`);
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if ((dr || dc) && rr >= 0 && rr < board.rows && cc >= 0 && cc < board.cols && canTrace(word, rr, cc, at + f.length, seen)) return true;
      }
    }
    seen.delete(`${r},${c}`);
    return false;
  };
  const result = new Set<string>();
  for (const word of dictionary) {
    if (word.length < rules.minLength || word.length > rules.maxLength) continue;
    outer: for (let r = 0; r < board.rows; r++) {
      for (let c = 0; c < board.cols; c++) {
        if (canTrace(word, r, c, 0, new Set())) {
          result.add(word);
          break outer;
        }
      }
    }
  }
  return result;
}

const allDice = [...DICE.classic, ...DICE.new, ...DICE.big, ...DICE.superbig];
const english = englishLexicon();
// A few thousand real words (every 60th), so boards have plenty of hits and misses.
const sample = [...english.words()].filter((_, i) => i % 60 === 0);

const boardArb = fc
  .record({ rows: fc.integer({ min: 2, max: 6 }), cols: fc.integer({ min: 2, max: 6 }) })
  .chain(({ rows, cols }) =>
    fc.record({
      rows: fc.constant(rows),
      cols: fc.constant(cols),
      faces: fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.constantFrom(...allDice).chain((die) => fc.constantFrom(...die)) },
          { weight: 2, arbitrary: fc.constantFrom(..."etaoinsrhl") },
        ),
        { minLength: rows * cols, maxLength: rows * cols },
      ),
    }),
  );
const rulesArb = fc.constantFrom(RULES.classic, RULES.big, RULES.cs106, RULES.open);

describe("solver against a brute-force oracle", () => {
  it("finds exactly the oracle's words, each with a valid path, on random boards", () => {
    fc.assert(
      fc.property(boardArb, rulesArb, fc.array(fc.stringMatching(/^[a-z]{1,5}$/), { maxLength: 40 }), (board, rules, extra) => {
        const dictionary = [...new Set([...sample, ...extra])];
        const lexicon = Lexicon.fromBytes(buildLexicon(dictionary));
        const expected = oracle(board, dictionary, rules);
        const result = solve(board, lexicon, rules);
        expect(result.words.map((w) => w.word)).toEqual([...expected].sort());
        // The compact form, the totals and the words as bytes come from the same search.
        expect(solveCompact(board, lexicon, rules).toSolution()).toEqual(result);
        expect(solveTotals(board, lexicon, rules)).toEqual(result.totals);
        const bytes = { buffer: new Uint8Array(0), at: 0, reserve: (n: number) => void (bytes.buffer = new Uint8Array(n)) };
        writeWords(board, lexicon, rules, bytes);
        expect(new TextDecoder().decode(bytes.buffer)).toBe(result.words.map((w) => `${w.word}\n`).join(""));
        for (const w of result.words) {
          // Each reported path must itself spell the word along neighbours (checked independently).
          const keys = w.path.map(([r, c]) => `${r},${c}`);
          expect(new Set(keys).size).toBe(keys.length);
          expect(w.path.map(([r, c]) => board.faces[r * board.cols + c]).join("")).toBe(w.word);
          w.path.slice(1).forEach(([r, c], i) => {
            expect(Math.max(Math.abs(r - w.path[i][0]), Math.abs(c - w.path[i][1]))).toBe(1);
          });
          // And the one-word check must agree with the solver.
          expect(checkWord(board, lexicon, rules, w.word).accepted).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  }, 120_000); // 150 lexicon builds and oracle runs: seconds alone, longer beside other suites
});
