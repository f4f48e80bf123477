import { type Board, type Cell, type Path, cellOf, neighbours } from "./board.ts";
import { CHILD_MASK, COMMON, TERMINAL, popcount } from "./lexicon/format.ts";
import type { Lexicon } from "./lexicon/lexicon.ts";
import type { Rules } from "./rules.ts";
import { RankSet } from "./rank-set.ts";

const A = 97;

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

/** What a search found, compactly: word i has alphabetical rank `ranks[i]` in the lexicon, ends at
 * record `records[i]`, has `letters[i]` letters and is traced along tiles
 * `tiles[pathStart[i] .. pathStart[i + 1])`. */
interface Found {
  count: number;
  ranks: Int32Array;
  records: Int32Array;
  letters: Int32Array;
  pathStart: Int32Array;
  tiles: Int32Array;
}

// The search's working state lives at module level and its buffers are reused from board to
// board: visit() is then one stable function V8 optimises once (a closure per board would be a
// new call target each time), and a small board costs no allocation. search() is synchronous and
// not re-entrant; its result is valid until the next search.
let records: Uint32Array = new Uint32Array(0);
let start: Int32Array = new Int32Array(0);
let list: Int32Array = new Int32Array(0);
let firstLetter = new Int32Array(0);
let restLetters: (Int32Array | null)[] = [];
let letterCount = new Int32Array(0);
let nearLetters = new Int32Array(0);
/** Boards of up to 32 tiles: per tile and letter, the neighbours showing that letter first, as a
 * bitmask of tiles (tile * 26 + letter). */
let neighboursByLetter = new Int32Array(0);
let used = new Uint8Array(0);
let pathTiles = new Int32Array(0);
/** The ranks of the words found so far in this search: how each word is reported once. */
const seen = new RankSet();
let minLetters = 0;
let maxLetters = 0;
let withPaths = false;
let found: Found = { count: 0, ranks: new Int32Array(256), records: new Int32Array(256), letters: new Int32Array(256), pathStart: new Int32Array(257), tiles: new Int32Array(2048) };

/** Sizes the per-tile buffers for a board of `tileCount` tiles and fills in its faces. */
function prepareTiles(board: Board, tileCount: number, pathLength: number): void {
  if (used.length < tileCount) {
    used = new Uint8Array(tileCount);
    nearLetters = new Int32Array(tileCount);
    firstLetter = new Int32Array(tileCount);
    letterCount = new Int32Array(tileCount);
  }
  if (pathTiles.length < pathLength) pathTiles = new Int32Array(pathLength);
  restLetters.length = tileCount;
  const faces = board.faces;
  for (let t = 0; t < tileCount; t++) {
    const face = faces[t];
    letterCount[t] = face.length;
    firstLetter[t] = face.length > 0 ? face.charCodeAt(0) - A : -1;
    restLetters[t] = face.length > 1 ? Int32Array.from(face.slice(1), (ch) => ch.charCodeAt(0) - A) : null;
  }
  // Per tile, the first letters of its neighbours as a bitmask: a visit whose trie node has no
  // child among them ends without looking at a single neighbour.
  for (let t = 0; t < tileCount; t++) {
    let near = 0;
    for (let k = start[t]; k < start[t + 1]; k++) if (firstLetter[list[k]] >= 0) near |= 1 << firstLetter[list[k]];
    nearLetters[t] = near;
  }
  if (tileCount <= SMALL_BOARD_TILES) {
    if (neighboursByLetter.length < tileCount * 26) neighboursByLetter = new Int32Array(SMALL_BOARD_TILES * 26);
    neighboursByLetter.fill(0, 0, tileCount * 26);
    for (let t = 0; t < tileCount; t++) {
      for (let k = start[t]; k < start[t + 1]; k++) {
        const u = list[k];
        if (firstLetter[u] >= 0) neighboursByLetter[t * 26 + firstLetter[u]] |= 1 << u;
      }
    }
  }
}

/** Up to this many tiles, the tiles in use fit one 32-bit mask and the faster search applies. */
const SMALL_BOARD_TILES = 32;

/**
 * Depth-first search of the board against the lexicon's word graph. A tile is used at most once
 * per word, neighbours never wrap, and each word is reported once per search (marked by its
 * alphabetical rank), so a word with two paths counts once.
 */
function search(board: Board, lexicon: Lexicon, rules: Rules, paths: boolean): Found {
  const tileCount = board.rows * board.cols;
  records = lexicon.records;
  seen.clear();
  ({ start, list } = neighbours(board.rows, board.cols));
  prepareTiles(board, tileCount, Math.min(tileCount, lexicon.maxWordLength) + 1);
  minLetters = rules.minLength;
  maxLetters = Math.min(rules.maxLength, lexicon.maxWordLength);
  withPaths = paths;
  found.count = 0;

  const rootKids = records[0] & CHILD_MASK;
  for (let t = 0; t < tileCount; t++) {
    const c = firstLetter[t];
    if (c < 0 || (rootKids & (1 << c)) === 0) continue;
    let child = records[1] + popcount(rootKids & ((1 << c) - 1));
    let rank = records[3 * child + 2];
    const rest = restLetters[t];
    if (rest !== null) {
      if ((child = followRest(child, rest)) < 0) continue;
      rank += restRank;
    }
    if (tileCount <= SMALL_BOARD_TILES) visitSmall(t, child, rank, letterCount[t], 0, 0);
    else visit(t, child, rank, letterCount[t], 0);
  }
  return found;
}

/**
 * `record` is where the word stands after spelling tile t's face as the path's tile number
 * `depth`, and `rank` is the alphabetical rank it has if it is a word.
 */
function visit(t: number, record: number, rank: number, letters: number, depth: number): void {
  // Module state read into locals once: the loop below then does no context loads.
  const recs = records;
  pathTiles[depth] = t;
  const mask = recs[3 * record];
  if ((mask & TERMINAL) !== 0) {
    reportWord(rank, record, depth, letters);
    rank++; // every longer word sorts after this one
  }
  const kids = mask & CHILD_MASK & nearLetters[t];
  if (kids === 0 || letters >= maxLetters) return;
  const isUsed = used;
  const near = list;
  const letterOf = firstLetter;
  isUsed[t] = 1;
  const block = recs[3 * record + 1];
  for (let k = start[t], end = start[t + 1]; k < end; k++) {
    const u = near[k];
    const c = letterOf[u];
    if (isUsed[u] !== 0 || c < 0) continue;
    const bit = 1 << c;
    if ((kids & bit) === 0) continue;
    let child = block + popcount(mask & CHILD_MASK & (bit - 1));
    let childRank = rank + recs[3 * child + 2];
    const rest = restLetters[u];
    if (rest !== null) {
      if ((child = followRest(child, rest)) < 0) continue;
      childRank += restRank;
    }
    visit(u, child, childRank, letters + letterCount[u], depth + 1);
  }
  isUsed[t] = 0;
}

/**
 * visit() for boards of up to 32 tiles, with bitmasks instead of loops over neighbours: for each
 * letter the word can continue with (the node's children that some neighbour shows), the unused
 * neighbours showing it come from one table read. `usedTiles` holds the path's earlier tiles.
 */
function visitSmall(t: number, record: number, rank: number, letters: number, depth: number, usedTiles: number): void {
  const recs = records;
  pathTiles[depth] = t;
  const mask = recs[3 * record];
  if ((mask & TERMINAL) !== 0) {
    reportWord(rank, record, depth, letters);
    rank++; // every longer word sorts after this one
  }
  let next = mask & CHILD_MASK & nearLetters[t];
  if (next === 0 || letters >= maxLetters) return;
  const inPath = usedTiles | (1 << t);
  const block = recs[3 * record + 1];
  const byLetter = neighboursByLetter;
  const row = t * 26;
  while (next !== 0) {
    const bit = next & -next;
    next ^= bit;
    let tiles = byLetter[row + 31 - Math.clz32(bit)] & ~inPath;
    if (tiles === 0) continue;
    const child = block + popcount(mask & CHILD_MASK & (bit - 1));
    const childRank = rank + recs[3 * child + 2];
    while (tiles !== 0) {
      const tileBit = tiles & -tiles;
      tiles ^= tileBit;
      const u = 31 - Math.clz32(tileBit);
      const rest = restLetters[u];
      if (rest === null) {
        visitSmall(u, child, childRank, letters + letterCount[u], depth + 1, inPath);
      } else {
        const after = followRest(child, rest);
        if (after >= 0) visitSmall(u, after, childRank + restRank, letters + letterCount[u], depth + 1, inPath);
      }
    }
  }
}

/** The rank gathered by the last followRest() call. */
let restRank = 0;

/**
 * The record after spelling the letters that follow a multi-letter face's first, or -1; the
 * rank those steps add is left in restRank.
 */
function followRest(record: number, rest: Int32Array): number {
  restRank = 0;
  for (let i = 0; i < rest.length; i++) {
    const mask = records[3 * record];
    const bit = 1 << rest[i];
    if ((mask & bit) === 0) return -1;
    if ((mask & TERMINAL) !== 0) restRank++;
    record = records[3 * record + 1] + popcount(mask & CHILD_MASK & (bit - 1));
    restRank += records[3 * record + 2];
  }
  return record;
}

/** Records the word the path spells if its length is allowed and it is new in this search. */
function reportWord(rank: number, record: number, depth: number, letters: number): void {
  if (letters < minLetters || letters > maxLetters || !seen.add(rank)) return;
  const i = found.count++;
  if (i + 1 >= found.ranks.length) found = grow(found, found.ranks.length * 2, found.tiles.length);
  found.ranks[i] = rank;
  found.records[i] = record;
  found.letters[i] = letters;
  let end = found.pathStart[i];
  if (withPaths) {
    if (end + depth + 1 > found.tiles.length) found = grow(found, found.ranks.length, (end + depth + 1) * 2);
    for (let d = 0; d <= depth; d++) found.tiles[end++] = pathTiles[d];
  }
  found.pathStart[i + 1] = end;
}

function grow(found: Found, words: number, tiles: number): Found {
  const resize = (a: Int32Array, n: number) => {
    const b = new Int32Array(n);
    b.set(a.subarray(0, Math.min(a.length, n)));
    return b;
  };
  return {
    count: found.count,
    ranks: resize(found.ranks, words),
    records: resize(found.records, words),
    letters: resize(found.letters, words),
    pathStart: resize(found.pathStart, words + 1),
    tiles: resize(found.tiles, tiles),
  };
}

/** Totals only: no paths or strings are built, which makes it the fastest way to score a board. */
export function solveTotals(board: Board, lexicon: Lexicon, rules: Rules): Totals {
  const found = search(board, lexicon, rules, false);
  const totals: Totals = { words: found.count, points: 0, commonWords: 0, commonPoints: 0 };
  for (let i = 0; i < found.count; i++) {
    const points = rules.points(found.letters[i]);
    totals.points += points;
    if ((lexicon.records[3 * found.records[i]] & COMMON) !== 0) {
      totals.commonWords++;
      totals.commonPoints += points;
    }
  }
  return totals;
}

/** Every word of the lexicon traceable on the board under the rules, with one path each. */
export function solve(board: Board, lexicon: Lexicon, rules: Rules): Solution {
  const found = search(board, lexicon, rules, true);
  const faces = board.faces;
  // One frozen cell per tile, shared by every path through it.
  const cells = faces.map((_, t) => Object.freeze(cellOf(board, t)) as Cell);
  const order = rankOrder(found, lexicon.wordCount);
  const words: FoundWord[] = new Array(found.count);
  const totals: Totals = { words: found.count, points: 0, commonWords: 0, commonPoints: 0 };
  const byLength: Record<number, number> = {};
  for (let j = 0; j < found.count; j++) {
    const i = order[j];
    let word = "";
    const from = found.pathStart[i];
    const to = found.pathStart[i + 1];
    const path: Path = new Array(to - from);
    for (let k = from; k < to; k++) {
      const t = found.tiles[k];
      word += faces[t];
      path[k - from] = cells[t];
    }
    const letters = found.letters[i];
    const points = rules.points(letters);
    const common = (lexicon.records[3 * found.records[i]] & COMMON) !== 0;
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

/**
 * The found words' indexes in alphabetical order, which is rank order: (rank, index) pairs are
 * packed into one number each and sorted by the native numeric sort, into 32-bit integers when
 * they fit (the usual case) and doubles otherwise.
 */
function rankOrder(found: Found, wordCount: number): Int32Array {
  const n = found.count;
  const indexBits = 32 - Math.clz32(n);
  const order = new Int32Array(n);
  if (wordCount * 2 ** indexBits <= 0x7fffffff) {
    for (let i = 0; i < n; i++) order[i] = (found.ranks[i] << indexBits) | i;
    order.sort();
    const low = (1 << indexBits) - 1;
    for (let j = 0; j < n; j++) order[j] &= low;
  } else {
    const keys = new Float64Array(n);
    const scale = 2 ** indexBits; // rank < 2^26 and index < 2^indexBits: exact in a double
    for (let i = 0; i < n; i++) keys[i] = found.ranks[i] * scale + i;
    keys.sort();
    for (let j = 0; j < n; j++) order[j] = keys[j] % scale;
  }
  return order;
}
