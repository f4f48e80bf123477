import { type Board, type Path, cellOf } from "../board.ts";
import type { Lexicon } from "../lexicon/lexicon.ts";
import type { Rules } from "../rules.ts";
import { ENTRY_SIZE, type FoundWords, LETTERS, PATH_END, RANK, RECORD } from "./found-words.ts";
import { type FoundWord, type Solution, type Totals, frozenCells } from "./objects.ts";

/**
 * A board's solution in flat form, words in alphabetical order: word i has rank `rank(i)` in the
 * lexicon (ascending with i), `letters(i)` letters and `points(i)` points, and its path is
 * `pathLength(i)` tiles, `tile(i, 0)` first (row-major tile indexes). Strings, cells, objects,
 * points and totals are made only when asked for, so solving costs little more than searching.
 * All the numbers live in one Int32Array (one allocation per board, cheap to keep); the lexicon
 * and rules it was solved with stay referenced.
 */
export class CompactSolution {
  readonly count: number;
  readonly board: Board;
  readonly lexicon: Lexicon;
  readonly rules: Rules;
  /**
   * Sections of `count` numbers each: ranks, letters, the word graph records the words end at
   * (which tell whether they are common), path starts and path ends in the tiles section, which
   * follows with every path's tiles.
   */
  private readonly data: Int32Array;
  private readonly summed: Totals;

  constructor(board: Board, lexicon: Lexicon, found: FoundWords, rules: Rules) {
    const n = found.count;
    this.count = n;
    this.board = board;
    this.lexicon = lexicon;
    this.rules = rules;
    const data = (this.data = new Int32Array(SECTIONS * n + found.pathStart(n)));
    const order = found.alphabeticalOrder(lexicon.wordCount);
    const { entries } = found;
    const tiles = SECTIONS * n;
    for (let j = 0; j < n; j++) {
      const at = ENTRY_SIZE * order[j];
      data[j] = entries[at + RANK];
      data[n + j] = entries[at + LETTERS];
      data[2 * n + j] = entries[at + RECORD];
      data[3 * n + j] = tiles + (at === 0 ? 0 : entries[at - ENTRY_SIZE + PATH_END]);
      data[4 * n + j] = tiles + entries[at + PATH_END];
    }
    // The paths stay in the order they were found, copied in one go; each word points into them.
    data.set(found.tiles.subarray(0, found.pathStart(n)), tiles);
    this.summed = { words: n, points: found.points, commonWords: found.commonWords, commonPoints: found.commonPoints };
  }

  /** Word count and points, all words and common ones (summed by the search). */
  get totals(): Totals {
    return this.summed;
  }

  /** Word i's alphabetical rank in the lexicon. */
  rank(i: number): number {
    return this.data[i];
  }

  /** Word i's length in letters (a Qu face counts two). */
  letters(i: number): number {
    return this.data[this.count + i];
  }

  points(i: number): number {
    return this.rules.points(this.data[this.count + i]);
  }

  isCommon(i: number): boolean {
    return this.lexicon.graph.endsCommonWord(this.data[2 * this.count + i]);
  }

  /** How many tiles word i's path has. */
  pathLength(i: number): number {
    return this.data[4 * this.count + i] - this.data[3 * this.count + i];
  }

  /** The k-th tile (row-major index) of word i's path. */
  tile(i: number, k: number): number {
    return this.data[this.data[3 * this.count + i] + k];
  }

  /** The ranks of all the words, ascending (a view, not a copy). */
  get ranks(): Int32Array {
    return this.data.subarray(0, this.count);
  }

  /** Word i, spelled from the faces along its path. */
  word(i: number): string {
    const { faces } = this.board;
    const { data, count } = this;
    let word = "";
    for (let k = data[3 * count + i], end = data[4 * count + i]; k < end; k++) word += faces[data[k]];
    return word;
  }

  /** Word i's path as [row, col] cells. */
  path(i: number): Path {
    const { data, count } = this;
    const path: Path = [];
    for (let k = data[3 * count + i], end = data[4 * count + i]; k < end; k++) path.push(cellOf(this.board, data[k]));
    return path;
  }

  /**
   * Writes word i's letters as ASCII bytes into `out` from `at` (for output written as bytes,
   * with no string per word); returns where the word ends. `out` must have room for letters(i).
   * Faces of the letters a-z only: writeWords() spells a language's own letters in UTF-8.
   */
  spellInto(i: number, out: Uint8Array, at: number): number {
    const { faces } = this.board;
    const { data, count } = this;
    for (let k = data[3 * count + i], end = data[4 * count + i]; k < end; k++) {
      const face = faces[data[k]];
      for (let c = 0; c < face.length; c++) out[at++] = face.charCodeAt(c);
    }
    return at;
  }

  /** The index of `word` (lowercase) in this solution, or -1: a lexicon lookup and a binary search. */
  indexOf(word: string): number {
    const rank = this.lexicon.rank(word);
    if (rank < 0) return -1;
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.data[mid];
      if (at === rank) return mid;
      if (at < rank) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** Word count per length in letters. */
  byLength(): Record<number, number> {
    const counts: Record<number, number> = {};
    const { data, count } = this;
    for (let i = count; i < 2 * count; i++) counts[data[i]] = (counts[data[i]] ?? 0) + 1;
    return counts;
  }

  /** The solution as objects: every word with its string, path of cells, points and common flag. */
  toSolution(): Solution {
    const { faces } = this.board;
    const { data, count } = this;
    const cells = frozenCells(this.board);
    const words: FoundWord[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const from = data[3 * count + i];
      const path: Path = new Array(data[4 * count + i] - from);
      let word = "";
      for (let k = 0; k < path.length; k++) {
        const t = data[from + k];
        word += faces[t];
        path[k] = cells[t];
      }
      words[i] = { word, path, points: this.points(i), common: this.isCommon(i) };
    }
    return { words, totals: { ...this.totals }, byLength: this.byLength() };
  }

  /**
   * The words as the JSON text of `toSolution().words` (the same characters JSON.stringify
   * gives), written straight from the numbers: [{"word", "path": [[row, col], ...], "points",
   * "common"}, ...].
   */
  wordsJson(): string {
    const { faces, cols } = this.board;
    const { data, count } = this;
    let out = "[";
    for (let i = 0; i < count; i++) {
      let word = "";
      let path = "";
      for (let k = data[3 * count + i], end = data[4 * count + i]; k < end; k++) {
        const t = data[k];
        word += faces[t];
        path += `${path === "" ? "" : ","}[${Math.floor(t / cols)},${t % cols}]`;
      }
      // Faces are letters (a-z, or a language's own such as ñ), which JSON never escapes.
      out += `${i === 0 ? "" : ","}{"word":"${word}","path":[${path}],"points":${this.points(i)},"common":${this.isCommon(i)}}`;
    }
    return out + "]";
  }
}

/** The per-word sections of CompactSolution's data, before the tiles. */
const SECTIONS = 5;
