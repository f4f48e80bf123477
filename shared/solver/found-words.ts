/**
 * The words a search has found, in the order it found them, as parallel typed arrays: word i has
 * alphabetical rank `ranks[i]`, `letters[i]` letters, is common when `common[i]` is 1, and is
 * traced along tiles `tiles[pathStart[i] .. pathStart[i + 1])` (an empty range when paths are
 * not kept). The arrays grow as needed and are reused from search to search.
 */
export class FoundWords {
  count = 0;
  ranks = new Int32Array(256);
  letters = new Int32Array(256);
  common = new Uint8Array(256);
  pathStart = new Int32Array(257);
  tiles = new Int32Array(2048);

  clear(): void {
    this.count = 0;
  }

  /** Adds a word traced along `path[0 .. pathLength)` (pathLength 0 keeps no path). */
  add(rank: number, letters: number, common: boolean, path: Int32Array, pathLength: number): void {
    const i = this.count++;
    if (i + 1 >= this.ranks.length) this.growWords();
    this.ranks[i] = rank;
    this.letters[i] = letters;
    this.common[i] = common ? 1 : 0;
    let end = this.pathStart[i];
    if (end + pathLength > this.tiles.length) this.tiles = resized(this.tiles, (end + pathLength) * 2);
    for (let d = 0; d < pathLength; d++) this.tiles[end++] = path[d];
    this.pathStart[i + 1] = end;
  }

  private growWords(): void {
    const size = this.ranks.length * 2;
    this.ranks = resized(this.ranks, size);
    this.letters = resized(this.letters, size);
    this.common = resized(this.common, size);
    this.pathStart = resized(this.pathStart, size + 1);
  }
}

function resized<T extends Int32Array | Uint8Array>(array: T, length: number): T {
  const copy = new (array.constructor as new (n: number) => T)(length);
  copy.set(array.subarray(0, Math.min(array.length, length)));
  return copy;
}
