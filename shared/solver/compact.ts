import { type Board, type Cell, type Path, cellOf } from "../board.ts";
import type { Lexicon } from "../lexicon/lexicon.ts";
import type { Rules } from "../rules.ts";
import type { FoundWords } from "./found-words.ts";

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

/**
 * A board's solution as flat typed arrays, words in alphabetical order: word i has rank
 * `ranks[i]` in the lexicon (ascending), `letters[i]` letters, `points[i]` points, is common when
 * `common[i]` is 1 and is traced along the tiles `tiles[pathStart[i] .. pathStart[i + 1])`
 * (row-major tile indexes). Strings, cells and objects are made only when asked for, so solving
 * costs little more than searching. Read-only by convention; cheap to keep per board.
 */
export class CompactSolution {
  readonly count: number;
  readonly ranks: Int32Array;
  readonly letters: Int32Array;
  readonly points: Int32Array;
  readonly common: Uint8Array;
  readonly pathStart: Int32Array;
  readonly tiles: Int32Array;
  readonly totals: Totals;
  readonly board: Board;
  readonly lexicon: Lexicon;

  constructor(board: Board, lexicon: Lexicon, found: FoundWords, rules: Rules) {
    this.board = board;
    this.lexicon = lexicon;
    const n = found.count;
    const order = rankOrder(found.ranks, n, lexicon.wordCount);
    this.count = n;
    this.ranks = new Int32Array(n);
    this.letters = new Int32Array(n);
    this.points = new Int32Array(n);
    this.common = new Uint8Array(n);
    this.pathStart = new Int32Array(n + 1);
    this.tiles = new Int32Array(found.pathStart[n]);
    const totals: Totals = { words: n, points: 0, commonWords: 0, commonPoints: 0 };
    let end = 0;
    for (let j = 0; j < n; j++) {
      const i = order[j];
      const points = rules.points(found.letters[i]);
      this.ranks[j] = found.ranks[i];
      this.letters[j] = found.letters[i];
      this.points[j] = points;
      this.common[j] = found.common[i];
      for (let k = found.pathStart[i]; k < found.pathStart[i + 1]; k++) this.tiles[end++] = found.tiles[k];
      this.pathStart[j + 1] = end;
      totals.points += points;
      if (found.common[i] !== 0) {
        totals.commonWords++;
        totals.commonPoints += points;
      }
    }
    this.totals = totals;
  }

  /** Word i, spelled from the faces along its path. */
  word(i: number): string {
    const faces = this.board.faces;
    let word = "";
    for (let k = this.pathStart[i]; k < this.pathStart[i + 1]; k++) word += faces[this.tiles[k]];
    return word;
  }

  /** Word i's path as [row, col] cells. */
  path(i: number): Path {
    const path: Path = [];
    for (let k = this.pathStart[i]; k < this.pathStart[i + 1]; k++) path.push(cellOf(this.board, this.tiles[k]));
    return path;
  }

  isCommon(i: number): boolean {
    return this.common[i] !== 0;
  }

  /** The index of `word` (lowercase) in this solution, or -1: a lexicon lookup and a binary search. */
  indexOf(word: string): number {
    const rank = this.lexicon.rank(word);
    if (rank < 0) return -1;
    let low = 0;
    let high = this.count - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const at = this.ranks[mid];
      if (at === rank) return mid;
      if (at < rank) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }

  /** Word count per length in letters. */
  byLength(): Record<number, number> {
    const counts: Record<number, number> = {};
    for (let i = 0; i < this.count; i++) counts[this.letters[i]] = (counts[this.letters[i]] ?? 0) + 1;
    return counts;
  }

  /** The solution as objects: every word with its string, path of cells, points and common flag. */
  toSolution(): Solution {
    // One frozen cell per tile, shared by every path through it.
    const cells = this.board.faces.map((_, t) => Object.freeze(cellOf(this.board, t)) as Cell);
    const faces = this.board.faces;
    const words: FoundWord[] = new Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const from = this.pathStart[i];
      const path: Path = new Array(this.pathStart[i + 1] - from);
      let word = "";
      for (let k = 0; k < path.length; k++) {
        const t = this.tiles[from + k];
        word += faces[t];
        path[k] = cells[t];
      }
      words[i] = { word, path, points: this.points[i], common: this.common[i] !== 0 };
    }
    return { words, totals: { ...this.totals }, byLength: this.byLength() };
  }

  /**
   * The words as the JSON text of `toSolution().words` (the same characters JSON.stringify
   * gives), written straight from the arrays: [{"word", "path": [[row, col], ...], "points",
   * "common"}, ...].
   */
  wordsJson(): string {
    const { faces, cols } = this.board;
    let out = "[";
    for (let i = 0; i < this.count; i++) {
      let word = "";
      let path = "";
      for (let k = this.pathStart[i]; k < this.pathStart[i + 1]; k++) {
        const t = this.tiles[k];
        word += faces[t];
        path += `${path === "" ? "" : ","}[${Math.floor(t / cols)},${t % cols}]`;
      }
      // Faces are letters a-z, so the word needs no escaping.
      out += `${i === 0 ? "" : ","}{"word":"${word}","path":[${path}],"points":${this.points[i]},"common":${this.common[i] !== 0}}`;
    }
    return out + "]";
  }
}

/**
 * The found words' indexes in alphabetical order, which is rank order: (rank, index) pairs are
 * packed into one number each and sorted by the native numeric sort, into 32-bit integers when
 * they fit (the usual case) and doubles otherwise.
 */
function rankOrder(ranks: Int32Array, n: number, wordCount: number): Int32Array {
  const indexBits = 32 - Math.clz32(n);
  const order = new Int32Array(n);
  if (wordCount * 2 ** indexBits <= 0x7fffffff) {
    for (let i = 0; i < n; i++) order[i] = (ranks[i] << indexBits) | i;
    order.sort();
    const low = (1 << indexBits) - 1;
    for (let j = 0; j < n; j++) order[j] &= low;
  } else {
    const keys = new Float64Array(n);
    const scale = 2 ** indexBits; // rank < 2^32 and index < 2^indexBits: exact in a double
    for (let i = 0; i < n; i++) keys[i] = ranks[i] * scale + i;
    keys.sort();
    for (let j = 0; j < n; j++) order[j] = keys[j] % scale;
  }
  return order;
}
