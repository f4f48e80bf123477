// Where a found word's numbers sit in its entry.
export const RANK = 0;
export const LETTERS = 1;
/** The word graph record the word ends at, which tells whether it is common. */
export const RECORD = 2;
/** Where the word's path ends in `tiles`; it starts where the previous word's ends. */
export const PATH_END = 3;
export const ENTRY_SIZE = 4;

/**
 * The words a search has found, in the order it found them: one entry of ENTRY_SIZE numbers per
 * word in `entries`, and the tiles of every kept path, one path after another, in `tiles`.
 * Adding a word is a few stores into typed arrays that grow as needed and are reused from
 * search to search.
 */
export class FoundWords {
  count = 0;
  /** The found words' points, and how many of them are common and their points. */
  points = 0;
  commonWords = 0;
  commonPoints = 0;
  // Sized for the richest 4x4 boards (about 500 words, 2,500 path tiles with 274k words), so that
  // in a run of boards the arrays rarely grow: the first growth after V8 has optimised add() or
  // alphabeticalOrder() takes a branch it has no feedback for, and that costs a deoptimisation and
  // a recompile.
  entries = new Int32Array(1024 * ENTRY_SIZE);
  tiles = new Int32Array(8192);
  /** Scratch for alphabeticalOrder(). */
  private order = new Int32Array(1024);
  private orderKeys = new Float64Array(0);

  clear(): void {
    this.count = 0;
    this.points = 0;
    this.commonWords = 0;
    this.commonPoints = 0;
    this.pathsEnd = 0;
  }

  /** Where the kept paths end in `tiles`. */
  private pathsEnd = 0;

  /**
   * Adds a word worth `points`, common or not, traced along `path[0 .. pathLength)`
   * (pathLength 0 keeps no path). The totals are summed here, as the search goes, so that a
   * search for totals alone never reads its words back.
   */
  add(rank: number, letters: number, record: number, points: number, common: boolean, path: Int32Array, pathLength: number): void {
    const at = ENTRY_SIZE * this.count++;
    if (at + ENTRY_SIZE > this.entries.length) this.entries = resized(this.entries, this.entries.length * 2);
    this.points += points;
    if (common) {
      this.commonWords++;
      this.commonPoints += points;
    }
    let end = this.pathsEnd;
    if (pathLength > 0) {
      if (end + pathLength > this.tiles.length) this.tiles = resized(this.tiles, (end + pathLength) * 2);
      const tiles = this.tiles;
      for (let d = 0; d < pathLength; d++) tiles[end++] = path[d];
      this.pathsEnd = end;
    }
    const entries = this.entries;
    entries[at + RANK] = rank;
    entries[at + LETTERS] = letters;
    entries[at + RECORD] = record;
    entries[at + PATH_END] = end;
  }

  /** Where word i's path starts in `tiles` (i = count: where the next would start). */
  pathStart(i: number): number {
    return i === 0 ? 0 : this.entries[ENTRY_SIZE * (i - 1) + PATH_END];
  }

  /**
   * The found words' indexes in alphabetical order, which is rank order (a view of a reused
   * buffer, valid until the next call). (rank, index) pairs are packed into one number each and
   * sorted by the native numeric sort: 32-bit integers when they fit (the usual case), doubles
   * otherwise.
   */
  alphabeticalOrder(wordCount: number): Int32Array {
    const n = this.count;
    if (this.order.length < n) this.order = new Int32Array(2 * n);
    const order = this.order.subarray(0, n);
    const indexBits = 32 - Math.clz32(n);
    if (wordCount * 2 ** indexBits <= 0x7fffffff) {
      for (let i = 0; i < n; i++) order[i] = (this.entries[ENTRY_SIZE * i + RANK] << indexBits) | i;
      order.sort();
      const low = (1 << indexBits) - 1;
      for (let j = 0; j < n; j++) order[j] &= low;
    } else {
      if (this.orderKeys.length < n) this.orderKeys = new Float64Array(2 * n);
      const keys = this.orderKeys.subarray(0, n);
      const scale = 2 ** indexBits; // rank < 2^32 and index < 2^indexBits: exact in a double
      for (let i = 0; i < n; i++) keys[i] = this.entries[ENTRY_SIZE * i + RANK] * scale + i;
      keys.sort();
      for (let j = 0; j < n; j++) order[j] = keys[j] % scale;
    }
    return order;
  }
}

function resized(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(length);
  copy.set(array);
  return copy;
}
