// A reference solver for `tumbleword bench`, written in the style of the popcount trie
// (danvk/boggle-zoo, branch popcount-trie), so that the bench shows how Tumbleword's search
// compares with that layout in the same language, process and run. Not part of the engine.
//
// The layout: one node per trie node (no shared suffixes), three 32-bit fields each in one
// Int32Array: the letters that have a child (a 26-bit mask) with an is-word bit, the index of the
// first child, and a visit mark. Children are laid out breadth first, in letter order, so a child
// is first child + popcount(mask below its letter). A word is scored the first time its node is
// reached on a board (its mark differs from the board's number): no word list, no rank, no Set.
//
// The search is the engine's as it was before issue 30 (letter-driven: it steps only into letters
// both the node and some unused neighbour have, through per-tile, per-letter neighbour masks, and
// scores a leaf's word without a call), so the bench's ratio is one of layouts and of how a word
// is counted once. Searching neighbour by neighbour, as the C++ solver does, ran at half the
// engine's speed in TypeScript: the stronger reference is the one kept.
import { type Board, type Lexicon, type Rules, neighbours } from "#engine";

const LETTERS = 0x3ffffff;
const IS_WORD = 1 << 26;
/** Int32 fields per node: mask | is-word, first child, mark. */
const STRIDE = 3;

function grown(array: Int32Array, length: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(length);
  copy.set(array);
  return copy;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export class PopcountTrie {
  readonly nodes: Int32Array;
  readonly nodeCount: number;
  private readonly codes = new Map<string, number>();

  // Per search: the board's neighbours, the marks' current board number, points by length and
  // the running score.
  private neighbourStart: Int32Array = new Int32Array(0);
  private neighbourList: Int32Array = new Int32Array(0);
  private run = 0;
  private pointsByLength = new Float64Array(0);
  /** 1 for the word lengths the rules allow. */
  private allowed = new Uint8Array(0);
  private rules: Rules | null = null;
  private score = 0;
  private words = 0;

  private constructor(nodes: Int32Array, nodeCount: number, alphabet: string) {
    this.nodes = nodes;
    this.nodeCount = nodeCount;
    for (let i = 0; i < alphabet.length; i++) this.codes.set(alphabet[i], i);
  }

  /**
   * Builds the trie of every word of the lexicon by unfolding its word graph (whose shared
   * suffixes become copies), breadth first: 606k nodes for the 274k English words.
   */
  static fromLexicon(lexicon: Lexicon): PopcountTrie {
    const graph = lexicon.graph;
    let records: Int32Array<ArrayBuffer> = new Int32Array(1 << 16); // the graph record of each trie node, in trie order
    let nodes: Int32Array<ArrayBuffer> = new Int32Array(STRIDE << 16);
    let count = 1; // records[0] = ROOT = 0
    for (let i = 0; i < count; i++) {
      const record = records[i];
      const letters = graph.nextLetters(record);
      const children = popcount(letters);
      if (count + children > records.length) {
        records = grown(records, 2 * (count + children));
        nodes = grown(nodes, STRIDE * records.length);
      }
      nodes[STRIDE * i] = letters | (graph.endsWord(record) ? IS_WORD : 0);
      nodes[STRIDE * i + 1] = count;
      for (let rest = letters; rest !== 0; rest &= rest - 1) records[count++] = graph.child(record, 31 - Math.clz32(rest & -rest));
    }
    return new PopcountTrie(nodes.slice(0, STRIDE * count), count, lexicon.alphabet);
  }

  /** The board's points and word count under the rules (words of allowed lengths, each once). */
  scoreBoard(board: Board, rules: Rules): { words: number; points: number } {
    const n = board.faces.length;
    if (n > 32) throw new Error("the popcount-trie reference solves boards of up to 32 tiles");
    if (this.firstLetter.length < n) {
      this.firstLetter = new Int32Array(n);
      this.secondLetter = new Int32Array(n);
      this.nearLetters = new Int32Array(n);
      this.tilesByLetter = new Int32Array(26 * n);
    }
    if (this.rules !== rules || this.pointsByLength.length !== 2 * n + 2) {
      this.rules = rules;
      this.allowed = Uint8Array.from({ length: 2 * n + 2 }, (_, len) => (len >= rules.minLength && len <= rules.maxLength ? 1 : 0));
      this.pointsByLength = Float64Array.from(this.allowed, (ok, len) => (ok === 1 ? rules.points(len) : 0));
    }
    // The board's letters: a face of two letters (Qu) keeps its second in secondLetter; a letter
    // the trie lacks makes the tile unusable (-1).
    this.multiLetterTiles = 0;
    for (let t = 0; t < n; t++) {
      const face = board.faces[t];
      const first = face.length > 0 ? (this.codes.get(face[0]) ?? -1) : -1;
      const second = face.length === 2 ? (this.codes.get(face[1]) ?? -1) : -1;
      const usable = first >= 0 && face.length <= 2 && (face.length === 1 || second >= 0);
      this.firstLetter[t] = usable ? first : -1;
      this.secondLetter[t] = usable ? second : -1;
      if (usable && face.length === 2) this.multiLetterTiles |= 1 << t;
    }
    // Per tile and letter, the neighbours showing it (a bitmask of tiles), and per tile the
    // letters its neighbours show: the search steps only into letters the node and the
    // neighbourhood share, as the engine's does (same tricks, another layout).
    this.setNeighbours(board.rows, board.cols);
    const start = this.neighbourStart;
    const list = this.neighbourList;
    this.tilesByLetter.fill(0, 0, 26 * n);
    for (let t = 0; t < n; t++) {
      let near = 0;
      for (let k = start[t]; k < start[t + 1]; k++) {
        const letter = this.firstLetter[list[k]];
        if (letter < 0) continue;
        near |= 1 << letter;
        this.tilesByLetter[26 * t + letter] |= 1 << list[k];
      }
      this.nearLetters[t] = near;
    }
    if (++this.run === 0x7fffffff) {
      for (let i = 2; i < this.nodes.length; i += STRIDE) this.nodes[i] = 0;
      this.run = 1;
    }
    this.score = 0;
    this.words = 0;
    const rootMask = this.nodes[0];
    for (let t = 0; t < n; t++) {
      const letter = this.firstLetter[t];
      if (letter < 0 || (rootMask & (1 << letter)) === 0) continue;
      this.enter(t, this.nodes[1] + popcount(rootMask & LETTERS & ((1 << letter) - 1)), 0, 0);
    }
    return { words: this.words, points: this.score };
  }

  // The board, per tile: first letter, second letter of a Qu face (-1 for none), the letters its
  // neighbours show; per tile and letter the neighbours showing it.
  private firstLetter = new Int32Array(0);
  private secondLetter = new Int32Array(0);
  private nearLetters = new Int32Array(0);
  private tilesByLetter = new Int32Array(0);
  private multiLetterTiles = 0;

  private rowsCols = -1;
  /** The engine's neighbour table for the board's size, looked up only when the size changes. */
  private setNeighbours(rows: number, cols: number): void {
    if (this.rowsCols === rows * 1024 + cols) return;
    this.rowsCols = rows * 1024 + cols;
    ({ start: this.neighbourStart, list: this.neighbourList } = neighbours(rows, cols));
  }

  /** Steps onto tile t with its first letter spelled (`node`): spells a Qu face's u, then visits. */
  private enter(t: number, node: number, len: number, used: number): void {
    if (((this.multiLetterTiles >>> t) & 1) !== 0) {
      const mask = this.nodes[STRIDE * node];
      const bit = 1 << this.secondLetter[t];
      if ((mask & bit) === 0) return;
      node = this.nodes[STRIDE * node + 1] + popcount(mask & LETTERS & (bit - 1));
      len++;
    }
    this.visit(t, node, len + 1, used);
  }

  /** A path whose word cannot go on from its last tile: scores its word, if new. */
  private leaf(node: number, len: number): void {
    const at = STRIDE * node;
    if ((this.nodes[at] & IS_WORD) !== 0 && this.nodes[at + 2] !== this.run) {
      this.nodes[at + 2] = this.run;
      if (this.allowed[len] !== 0) {
        this.score += this.pointsByLength[len];
        this.words++;
      }
    }
  }

  /** Tile t ends the path at `node` with `len` letters; `used` holds the earlier tiles. */
  private visit(t: number, node: number, len: number, used: number): void {
    const nodes = this.nodes;
    const at = STRIDE * node;
    const mask = nodes[at];
    if ((mask & IS_WORD) !== 0 && nodes[at + 2] !== this.run) {
      nodes[at + 2] = this.run;
      if (this.allowed[len] !== 0) {
        this.score += this.pointsByLength[len];
        this.words++;
      }
    }
    let next = mask & this.nearLetters[t];
    if (next === 0) return;
    const inPath = used | (1 << t);
    const first = nodes[at + 1];
    const row = 26 * t;
    while (next !== 0) {
      const bit = next & -next;
      next ^= bit;
      let tiles = this.tilesByLetter[row + 31 - Math.clz32(bit)] & ~inPath;
      if (tiles === 0) continue;
      const child = first + popcount(mask & LETTERS & (bit - 1));
      while (tiles !== 0) {
        const tileBit = tiles & -tiles;
        tiles ^= tileBit;
        const u = 31 - Math.clz32(tileBit);
        if ((tileBit & this.multiLetterTiles) !== 0) this.enter(u, child, len, inPath);
        else if ((nodes[STRIDE * child] & this.nearLetters[u]) !== 0) this.visit(u, child, len + 1, inPath);
        else this.leaf(child, len + 1);
      }
    }
  }
}
