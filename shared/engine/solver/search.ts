import { type Board, neighbours } from "../board.ts";
import {
  ALPHABET_SIZE,
  BIG_STEP,
  BLOCK_BITS,
  BLOCK_MASK,
  COMMON,
  ENDS_WORD,
  LETTER_BITS,
  NODE_BITS,
  RECORD_WORDS,
  ROOT,
  STEP_HIGH_SHIFT,
  STEP_LOW_BITS,
  WordGraph,
  popcount,
} from "../lexicon/format.ts";
import type { Lexicon } from "../lexicon/lexicon.ts";
import { RULES, type Rules } from "../rules.ts";
import { ENTRY_SIZE, FoundWords, RANK } from "./found-words.ts";
import type { Totals } from "./objects.ts";
import { AFTER_STEP, SMALL_BOARD_TILES, SMALL_ROW } from "./small-board.ts";

/** faceRestOf()'s answer for a face with a letter the lexicon does not have. */
const UNUSABLE_FACE = -1;

/**
 * A depth-first search of a board against a lexicon's word graph. A tile is used at most once per
 * word, neighbours never wrap, and each word is reported once per search (marked by its
 * alphabetical rank), so a word with two paths counts once.
 *
 * The search is driven by letters rather than by neighbours: the board is first read into, per
 * tile and letter, the neighbours that show the letter first. A step takes the letters the word
 * graph allows next, keeps those some neighbour shows, and visits just those neighbours.
 *
 * One instance serves every search (see `search` below): its buffers grow to the largest board
 * seen and are reused, so a small board costs no allocation, and its visit methods are stable
 * call targets V8 optimises once. It is synchronous and not re-entrant; what it found is valid
 * until the next search.
 */
class BoardSearch {
  readonly found = new FoundWords();

  // The search's lexicon and rules.
  private graph = new WordGraph(new Uint32Array(2), new Uint32Array(0));
  /** The graph's records, which the visits read themselves (see visitSmall). */
  private records: Uint32Array = this.graph.records;
  /** The same records read as signed 32-bit integers: a read is always a small integer to V8 (see visitTotals). */
  private records32: Int32Array = new Int32Array(0);
  private rules: Rules = RULES.classic;
  /** The rules' points by word length (a read, not a call, per word found), up to maxLetters. */
  private pointsByLength = new Float64Array(0);
  private minLetters = 0;
  private maxLetters = 0;
  private keepPaths = false;

  // The board, per tile: its face's first letter (-1 for a blank), the rest of a multi-letter
  // face (null for one letter), the face's letter count, the first letters its neighbours show
  // (a letter bitmask), and where its neighbours start in `neighbourList`.
  private firstLetter = new Int32Array(0);
  private faceRest: (Int32Array | null)[] = [];
  private faceLetters = new Int32Array(0);
  /** On small boards, the tiles whose face has more than one letter (a bitmask). */
  private multiLetterTiles = 0;
  private nearLetters = new Int32Array(0);
  /** Per tile, the letters of nearLetters that two or more of its neighbours show (see visitTotals). */
  private nearTwice = new Int32Array(0);
  /**
   * On small boards, one row of SMALL_ROW entries per tile t (one table, so the visits read one
   * array): at t's row + letter, the tiles among t's neighbours showing that letter first (a
   * bitmask); at t's row + AFTER_STEP + u, for each neighbour u, the letters u can go on with once a
   * path has stepped from t onto it: u's neighbours' letters without t's letter, unless another
   * of u's neighbours shows it too (t is on the path). A visit of u that could only step back
   * onto t is never made: the step onto u reports u's word instead. At t's row + AFTER_STEP + t
   * (a tile is not its own neighbour), all of t's neighbours' letters, for a path's first tile.
   */
  private smallTable = new Int32Array(SMALL_BOARD_TILES * SMALL_ROW);
  /** The board size the neighbour table below is for. */
  private rows = 0;
  private cols = 0;
  private neighbourStart: Int32Array = new Int32Array(0);
  private neighbourList: Int32Array = new Int32Array(0);
  /**
   * On boards of more than 32 tiles, per tile and letter (index tile * 26 + letter), the
   * neighbours showing that letter first, as a bitmask of the tile's neighbour slots (bit k is
   * neighbourList[neighbourStart[tile] + k]). Small boards keep theirs in smallTable.
   */
  private neighboursByLetter = new Int32Array(0);

  // The path being spelled: its tiles by depth and (on larger boards) which tiles it uses.
  private pathTiles = new Int32Array(0);
  private used = new Uint8Array(0);
  /** One bit per word rank: the words found so far in this search. */
  private seen = new Uint32Array(0);

  // A search for totals alone (runTotals) sums here instead of keeping words in `found`, and
  // lists the ranks it marked in `seen` to clear them after.
  readonly totals = { words: 0, points: 0, commonWords: 0, commonPoints: 0 };
  private markedRanks: Int32Array<ArrayBuffer> = new Int32Array(1024);

  run(board: Board, lexicon: Lexicon, rules: Rules, keepPaths: boolean): FoundWords {
    const small = this.prepare(board, lexicon, rules, keepPaths);
    const graph = this.graph;
    this.found.clear();

    const firstLetters = graph.nextLetters(ROOT);
    for (let t = 0; t < board.faces.length; t++) {
      const letter = this.firstLetter[t];
      if (letter < 0 || (firstLetters & (1 << letter)) === 0) continue;
      const record = graph.child(ROOT, letter);
      this.enter(t, record, graph.rankStep(record), 0, 0, 0, small);
    }
    this.forgetSeen();
    return this.found;
  }

  /** Takes the lexicon, rules and board for a search; true when the board is small (32 tiles at most). */
  private prepare(board: Board, lexicon: Lexicon, rules: Rules, keepPaths: boolean): boolean {
    const graph = (this.graph = lexicon.graph);
    if (this.records !== graph.records) {
      this.records = graph.records;
      this.records32 = new Int32Array(graph.records.buffer, graph.records.byteOffset, graph.records.length);
    }
    this.minLetters = rules.minLength;
    this.maxLetters = Math.min(rules.maxLength, lexicon.maxWordLength);
    this.keepPaths = keepPaths;
    if (rules !== this.rules || this.pointsByLength.length !== this.maxLetters + 1) {
      this.rules = rules;
      this.pointsByLength = Float64Array.from({ length: this.maxLetters + 1 }, (_, letters) => rules.points(letters));
    }
    if (this.seen.length * 32 < lexicon.wordCount) this.seen = new Uint32Array((lexicon.wordCount >>> 5) + 1);
    const small = board.faces.length <= SMALL_BOARD_TILES;
    this.prepareBoard(board, lexicon, small, Math.min(board.faces.length, lexicon.maxWordLength) + 1);
    return small;
  }

  /**
   * The totals of the board's words (no words, paths or order kept). Boards of up to 32 tiles take
   * visitTotals(), a copy of visitSmall() that sums each new word as it finds it; larger ones run
   * the whole search.
   */
  runTotals(board: Board, lexicon: Lexicon, rules: Rules): void {
    const totals = this.totals;
    if (board.faces.length > SMALL_BOARD_TILES) {
      const found = this.run(board, lexicon, rules, false);
      totals.words = found.count;
      totals.points = found.points;
      totals.commonWords = found.commonWords;
      totals.commonPoints = found.commonPoints;
      return;
    }
    this.prepare(board, lexicon, rules, false);
    this.wordCount = 0;
    this.points = 0;
    this.commonWordCount = 0;
    this.commonPoints = 0;
    const graph = this.graph;
    const firstLetters = graph.nextLetters(ROOT);
    for (let t = 0; t < board.faces.length; t++) {
      const letter = this.firstLetter[t];
      if (letter < 0 || (firstLetters & (1 << letter)) === 0) continue;
      const record = graph.child(ROOT, letter);
      this.enterTotals(SMALL_ROW * t + AFTER_STEP + t, record, graph.rankStep(record), 0, 0);
    }
    const seen = this.seen;
    const marked = this.markedRanks;
    for (let i = 0; i < this.wordCount; i++) seen[marked[i] >>> 5] = 0;
    totals.words = this.wordCount;
    totals.points = this.points;
    totals.commonWords = this.commonWordCount;
    totals.commonPoints = this.commonPoints;
  }

  /**
   * Reads the board's faces, as the lexicon's letter codes, and neighbours into the per-tile
   * tables. A face with a letter the lexicon does not have can start or continue no word: it is
   * read as a blank.
   */
  private prepareBoard(board: Board, lexicon: Lexicon, small: boolean, longestPath: number): void {
    const tileCount = board.faces.length;
    if (this.firstLetter.length < tileCount) {
      this.firstLetter = new Int32Array(tileCount);
      this.faceLetters = new Int32Array(tileCount);
      this.nearLetters = new Int32Array(tileCount);
      this.nearTwice = new Int32Array(tileCount);
      this.neighboursByLetter = new Int32Array(tileCount * ALPHABET_SIZE);
      this.used = new Uint8Array(tileCount);
    }
    if (this.pathTiles.length < longestPath) this.pathTiles = new Int32Array(longestPath);
    if (board.rows !== this.rows || board.cols !== this.cols) {
      // The table of the last size searched is kept: a run of boards of one size looks it up once.
      const table = neighbours(board.rows, board.cols);
      this.neighbourStart = table.start;
      this.neighbourList = table.list;
      this.rows = board.rows;
      this.cols = board.cols;
    }
    const start = this.neighbourStart;
    const list = this.neighbourList;
    // (The length is set only when it changes: setting it costs a runtime call even to the same value.)
    if (this.faceRest.length !== tileCount) this.faceRest.length = tileCount;
    this.multiLetterTiles = 0;
    for (let t = 0; t < tileCount; t++) {
      const face = board.faces[t];
      const rest = face.length > 1 ? this.faceRestOf(face, lexicon) : null;
      const first = face.length > 0 ? lexicon.letterCode(face.charCodeAt(0)) : -1;
      const usable = first >= 0 && (rest === null || rest[0] !== UNUSABLE_FACE);
      this.faceLetters[t] = face.length;
      this.firstLetter[t] = usable ? first : -1;
      this.faceRest[t] = usable ? rest : null;
      if (usable && rest !== null && small) this.multiLetterTiles |= 1 << t;
    }
    const firstLetter = this.firstLetter;
    const byLetter = small ? this.smallTable : this.neighboursByLetter;
    const stride = small ? SMALL_ROW : ALPHABET_SIZE;
    for (let t = 0; t < tileCount; t++) {
      const row = t * stride;
      // A letter's entry is written afresh by its first neighbour, so entries left by an earlier
      // board need no clearing: the search reads only the entries of the letters in `near`.
      let near = 0;
      let twice = 0;
      for (let k = start[t]; k < start[t + 1]; k++) {
        const letter = firstLetter[list[k]];
        if (letter < 0) continue;
        const neighbour = small ? 1 << list[k] : 1 << (k - start[t]);
        if ((near & (1 << letter)) === 0) byLetter[row + letter] = neighbour;
        else byLetter[row + letter] |= neighbour;
        twice |= near & (1 << letter);
        near |= 1 << letter;
      }
      this.nearLetters[t] = near;
      this.nearTwice[t] = twice;
    }
    if (small) {
      const nearLetters = this.nearLetters;
      const nearTwice = this.nearTwice;
      for (let t = 0; t < tileCount; t++) {
        const letterOfT = firstLetter[t] >= 0 ? 1 << firstLetter[t] : 0;
        const after = SMALL_ROW * t + AFTER_STEP;
        for (let k = start[t]; k < start[t + 1]; k++) {
          const u = list[k];
          byLetter[after + u] = nearLetters[u] & ~(letterOfT & ~nearTwice[u]);
        }
        byLetter[after + t] = nearLetters[t];
      }
    }
  }

  /** Letter codes of a multi-letter face after its first, kept per lexicon and face (a Qu face is one array, not one per board). */
  private faceRestOf(face: string, lexicon: Lexicon): Int32Array {
    if (lexicon !== this.restLexicon) {
      this.restLexicon = lexicon;
      this.restByFace.clear();
    }
    let rest = this.restByFace.get(face);
    if (rest === undefined) {
      rest = Int32Array.from(face.slice(1), (ch) => lexicon.letterCode(ch.charCodeAt(0)));
      if (rest.some((code) => code < 0)) rest = Int32Array.of(UNUSABLE_FACE);
      if (this.restByFace.size >= 256) this.restByFace.clear();
      this.restByFace.set(face, rest);
    }
    return rest;
  }
  private restLexicon: Lexicon | null = null;
  private restByFace = new Map<string, Int32Array>();

  /**
   * Steps onto tile t after a path of `depth` tiles and `letters` letters (on small boards, the
   * tiles in `usedTiles`), with the first letter of t's face spelled: `record` and `rank` are
   * where the word stands after it. Spells the rest of a multi-letter face here, so the visits
   * below only ever see whole faces.
   */
  private enter(t: number, record: number, rank: number, letters: number, depth: number, usedTiles: number, small: boolean): void {
    const rest = this.faceRest[t];
    if (rest !== null) {
      const graph = this.graph;
      for (let i = 0; i < rest.length; i++) {
        if ((graph.nextLetters(record) & (1 << rest[i])) === 0) return;
        record = graph.child(record, rest[i]);
        rank += graph.rankStep(record);
      }
    }
    letters += this.faceLetters[t];
    if (small) this.visitSmall(t, record, rank, letters, depth, usedTiles);
    else this.visit(t, record, rank, letters, depth);
  }

  /**
   * Visits tile t as the path's tile number `depth`, on a board of up to 32 tiles: `record` and
   * `rank` are where the word stands after t's face, `letters` counts the path's letters
   * including t's, and `usedTiles` holds the path's earlier tiles. Reports the word the path
   * spells, then goes on to every unused neighbour whose face can continue it.
   *
   * The two visit methods read the word graph's records themselves, by the names format.ts
   * gives their bits, rather than through WordGraph's methods: in a fresh process the first
   * solve runs before V8 has optimised anything, and there a call per field costs more than the
   * search (this is the cold start of a Worker or a page). `after` is WordGraph.child(record,
   * letter), `step` its rankStep().
   */
  private visitSmall(t: number, record: number, rank: number, letters: number, depth: number, usedTiles: number): void {
    const records = this.records;
    const word0 = records[RECORD_WORDS * record];
    this.pathTiles[depth] = t;
    if ((word0 & ENDS_WORD) !== 0) this.report(rank, record, letters, depth + 1);

    let next = word0 & LETTER_BITS & this.nearLetters[t];
    if (next === 0 || letters >= this.maxLetters) return;
    const table = this.smallTable;
    const multiLetterTiles = this.multiLetterTiles;
    const row = SMALL_ROW * t;
    const fromT = row + AFTER_STEP;
    const inPath = usedTiles | (1 << t);
    const block = records[RECORD_WORDS * record + 1] & BLOCK_MASK;
    while (next !== 0) {
      const bit = next & -next; // letters in alphabetical order
      next ^= bit;
      let tiles = table[row + 31 - Math.clz32(bit)] & ~inPath;
      if (tiles === 0) continue;
      const after = block + popcount(word0 & LETTER_BITS & (bit - 1));
      const at = RECORD_WORDS * after;
      const afterWord0 = records[at];
      let step = (records[at + 1] >>> BLOCK_BITS) | ((afterWord0 >>> STEP_HIGH_SHIFT) << STEP_LOW_BITS);
      if (step === BIG_STEP) step = this.graph.rankStep(after);
      // Where the word can't go on (no letter after it, or at the longest length), a one-letter
      // tile is a leaf: report its word here instead of calling a visit that would only do that.
      const goesOn = letters + 1 < this.maxLetters ? afterWord0 & LETTER_BITS : 0;
      while (tiles !== 0) {
        const tileBit = tiles & -tiles;
        tiles ^= tileBit;
        const u = 31 - Math.clz32(tileBit);
        if ((tileBit & multiLetterTiles) !== 0) this.enter(u, after, rank + step, letters, depth + 1, inPath, true);
        else if ((goesOn & table[fromT + u]) !== 0) this.visitSmall(u, after, rank + step, letters + 1, depth + 1, inPath);
        else if ((afterWord0 & ENDS_WORD) !== 0) {
          this.pathTiles[depth + 1] = u;
          this.report(rank + step, after, letters + 1, depth + 2);
        }
      }
    }
  }

  /** enter() for runTotals(): `edge` is where smallTable holds the letters t can go on with after the step onto it (row of the tile before + AFTER_STEP + t; t's own row for a path's first tile). */
  private enterTotals(edge: number, record: number, rank: number, letters: number, usedTiles: number): void {
    const t = edge & 31;
    const rest = this.faceRest[t];
    if (rest !== null) {
      const graph = this.graph;
      for (let i = 0; i < rest.length; i++) {
        if ((graph.nextLetters(record) & (1 << rest[i])) === 0) return;
        record = graph.child(record, rest[i]);
        rank += graph.rankStep(record);
      }
    }
    const at = RECORD_WORDS * record;
    const word0 = this.records32[at] & NODE_BITS;
    letters += this.faceLetters[t];
    // visitTotals() goes on past its word only below the longest length (its callers check).
    if (letters < this.maxLetters) this.visitTotals(edge, word0, this.records32[at + 1] & BLOCK_MASK, rank, letters, usedTiles);
    else if ((word0 & ENDS_WORD) !== 0) this.count(rank, word0, letters);
  }

  /**
   * visitSmall() for runTotals(): no path is kept, each new word is summed by count(), and the
   * record's fields come from the caller, which has read them already: `word0` its letters and
   * flags (NODE_BITS: the rank step's high bits cleared, which keeps the number a small integer
   * that V8 passes without boxing it), `block` its children block. The records are read through
   * an Int32Array view, so no read is ever a number above 2^31. `edge` names the tile t and the
   * step onto it (see enterTotals): its smallTable entry holds the letters t can go on with.
   */
  private visitTotals(edge: number, word0: number, block: number, rank: number, letters: number, usedTiles: number): void {
    if ((word0 & ENDS_WORD) !== 0) this.count(rank, word0, letters);

    // The letters t's neighbours show, less the one of the tile stepped from unless another
    // neighbour shows it too: no letter whose only tile is on the path is tried.
    const table = this.smallTable;
    let next = word0 & table[edge];
    if (next === 0) return;
    const t = edge & 31;
    const records = this.records32;
    const multiLetterTiles = this.multiLetterTiles;
    const row = SMALL_ROW * t;
    const fromT = row + AFTER_STEP;
    const inPath = usedTiles | (1 << t);
    // The letters a child's word can go on with count only below the longest length.
    const goOnLetters = letters + 1 < this.maxLetters ? LETTER_BITS : 0;
    while (next !== 0) {
      const bit = next & -next;
      next ^= bit;
      let tiles = table[row + 31 - Math.clz32(bit)] & ~inPath;
      if (tiles === 0) continue;
      const after = block + popcount(word0 & (bit - 1)); // bit - 1 holds no flag bits
      const at = RECORD_WORDS * after;
      const afterWord0 = records[at];
      const afterWord1 = records[at + 1];
      let step = (afterWord1 >>> BLOCK_BITS) | ((afterWord0 >>> STEP_HIGH_SHIFT) << STEP_LOW_BITS);
      if (step === BIG_STEP) step = this.graph.rankStep(after);
      const goesOn = afterWord0 & goOnLetters;
      while (tiles !== 0) {
        const tileBit = tiles & -tiles;
        tiles ^= tileBit;
        const u = 31 - Math.clz32(tileBit);
        if ((tileBit & multiLetterTiles) !== 0) this.enterTotals(fromT + u, after, rank + step, letters, inPath);
        else if ((goesOn & table[fromT + u]) !== 0) this.visitTotals(fromT + u, afterWord0 & NODE_BITS, afterWord1 & BLOCK_MASK, rank + step, letters + 1, inPath);
        else if ((afterWord0 & ENDS_WORD) !== 0) this.count(rank + step, afterWord0 & NODE_BITS, letters + 1);
      }
    }
  }

  /** report() for runTotals(): sums the word (`word0`: its record's first word) if it is new and of an allowed length. */
  private count(rank: number, word0: number, letters: number): void {
    // The lengths first: a word too short to count (a 2-letter word under the classic rules) is
    // passed over without reading `seen`.
    if (letters < this.minLetters || letters > this.maxLetters) return;
    const seen = this.seen;
    const bit = 1 << (rank & 31);
    if ((seen[rank >>> 5] & bit) !== 0) return;
    seen[rank >>> 5] |= bit;
    if (this.wordCount === this.markedRanks.length) this.markedRanks = grown(this.markedRanks);
    this.markedRanks[this.wordCount++] = rank;
    const points = this.pointsByLength[letters];
    this.points += points;
    if ((word0 & COMMON) !== 0) {
      this.commonWordCount++;
      this.commonPoints += points;
    }
  }
  // runTotals() sums here (fields of their own, which V8 keeps as small integers while the points are whole).
  private wordCount = 0;
  private points = 0;
  private commonWordCount = 0;
  private commonPoints = 0;

  /** visitSmall() for boards of any size: the path's tiles are marked in `used`. */
  private visit(t: number, record: number, rank: number, letters: number, depth: number): void {
    const records = this.records;
    const word0 = records[RECORD_WORDS * record];
    this.pathTiles[depth] = t;
    if ((word0 & ENDS_WORD) !== 0) this.report(rank, record, letters, depth + 1);

    let next = word0 & LETTER_BITS & this.nearLetters[t];
    if (next === 0 || letters >= this.maxLetters) return;
    const used = this.used;
    const slotsByLetter = this.neighboursByLetter;
    const list = this.neighbourList;
    const faceLetters = this.faceLetters;
    const nearLetters = this.nearLetters;
    const nearTwice = this.nearTwice;
    const first = this.neighbourStart[t];
    const row = t * ALPHABET_SIZE;
    const block = records[RECORD_WORDS * record + 1] & BLOCK_MASK;
    // t's own letter, which a neighbour u of t shows through t alone unless another of u's
    // neighbours shows it too: t is on the path, so u cannot go on with it (see smallTable).
    const letterOfT = 1 << this.firstLetter[t];
    used[t] = 1;
    while (next !== 0) {
      const bit = next & -next;
      next ^= bit;
      let slots = slotsByLetter[row + 31 - Math.clz32(bit)];
      const after = block + popcount(word0 & LETTER_BITS & (bit - 1));
      const at = RECORD_WORDS * after;
      const afterWord0 = records[at];
      let step = (records[at + 1] >>> BLOCK_BITS) | ((afterWord0 >>> STEP_HIGH_SHIFT) << STEP_LOW_BITS);
      if (step === BIG_STEP) step = this.graph.rankStep(after);
      const goesOn = letters + 1 < this.maxLetters ? afterWord0 & LETTER_BITS : 0;
      while (slots !== 0) {
        const slotBit = slots & -slots;
        slots ^= slotBit;
        const u = list[first + 31 - Math.clz32(slotBit)];
        if (used[u] !== 0) continue;
        if (faceLetters[u] !== 1) this.enter(u, after, rank + step, letters, depth + 1, 0, false);
        else if ((goesOn & nearLetters[u] & ~(letterOfT & ~nearTwice[u])) !== 0) this.visit(u, after, rank + step, letters + 1, depth + 1);
        else if ((afterWord0 & ENDS_WORD) !== 0) {
          this.pathTiles[depth + 1] = u;
          this.report(rank + step, after, letters + 1, depth + 2);
        }
      }
    }
    used[t] = 0;
  }

  /** Keeps the word the path spells if its length is allowed and it is new in this search. */
  private report(rank: number, record: number, letters: number, pathLength: number): void {
    const seen = this.seen;
    const bit = 1 << (rank & 31);
    if ((seen[rank >>> 5] & bit) !== 0 || letters < this.minLetters || letters > this.maxLetters) return;
    seen[rank >>> 5] |= bit;
    const points = letters < this.pointsByLength.length ? this.pointsByLength[letters] : this.rules.points(letters);
    const common = (this.records[RECORD_WORDS * record] & COMMON) !== 0;
    this.found.add(rank, letters, record, points, common, this.pathTiles, this.keepPaths === true ? pathLength : 0);
  }

  /** Clears the found words' bits, which leaves `seen` empty for the next search. */
  private forgetSeen(): void {
    const { entries, count } = this.found;
    for (let at = 0; at < ENTRY_SIZE * count; at += ENTRY_SIZE) this.seen[entries[at + RANK] >>> 5] = 0;
  }
}

function grown(array: Int32Array): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(2 * array.length);
  copy.set(array);
  return copy;
}

const shared = new BoardSearch();

/** Searches the board; the result is valid until the next search. */
export function search(board: Board, lexicon: Lexicon, rules: Rules, keepPaths: boolean): FoundWords {
  return shared.run(board, lexicon, rules, keepPaths);
}

/** The board's totals alone (no words, paths or order kept): the fastest search. */
export function searchTotals(board: Board, lexicon: Lexicon, rules: Rules): Totals {
  shared.runTotals(board, lexicon, rules);
  const { words, points, commonWords, commonPoints } = shared.totals;
  return { words, points, commonWords, commonPoints };
}
