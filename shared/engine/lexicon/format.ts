/**
 * The compact lexicon file: a minimal word graph (a DAWG: a trie whose identical subtrees are
 * merged) stored as one typed array and read straight from the file's bytes (no parsing), so it
 * loads the same from disk, a Worker Data module or a fetch. Shared suffixes ("-ing", "-ness")
 * are stored once, which keeps both the file and the memory a search walks through small.
 *
 * Layout (little-endian u32 words):
 *   header   HEADER_WORDS words, named by Header below
 *   records  recordCount records of two words, one per edge into a node (record 0 is the root)
 *   big steps  bigStepCount pairs (record, rank step) for the rank steps too large for a record
 *   alphabet   alphabetWords words (0 for a-z): the file's letters, one UTF-16 code unit per letter
 *              code in code order, two to a word (low half first), 0 past the last letter
 *
 * Inside the graph every letter is a letter code 0-25. A file of the letters a-z (English) has no
 * alphabet section: code 0 is a .. code 25 is z. A language with a letter of its own (Spanish ñ)
 * lists its letters in the alphabet section, at most 26 of them, in the order its words sort.
 *
 * A record holds, for the node its edge leads to:
 *   - the letters that continue some word (a bitmask, bit 0 = code 0 (a) .. bit 25 = code 25 (z));
 *   - whether a word ends there, and whether that word is common;
 *   - its children block: the records of its children, one per letter, in letter order;
 *   - its rank step: how many words sort after the parent's prefix and before the words through
 *     this edge (the parent itself if it is a word, and every word under the earlier siblings).
 * Bit layout: word 0 = letters (bits 0-25) | ends a word (26) | common (27) | rank step bits
 * 11-14 (28-31); word 1 = block (bits 0-20) | rank step bits 0-10 (21-31). A step of BIG_STEP or
 * more is written as BIG_STEP and listed in the big steps: in practice only the root's children
 * in the alphabet's second half. Records are laid out breadth first, so the first letters of
 * all words, which every search visits, sit together at the start.
 *
 * A word's alphabetical rank (0 .. wordCount-1) is the sum of the rank steps along its path, so a
 * search knows each word's rank as it spells it: the solver uses it to report each word once and
 * to sort without comparing strings.
 */
export const MAGIC = 0x584c5754; // "TWLX" read as a little-endian u32
export const VERSION = 5;
export const RECORD_WORDS = 2;

export const HEADER_WORDS = 8;

// The bit layout, by name. The places are constants (not read from the header): shifts by
// constants keep the solver's inner loop fast, and bundlers (esbuild with syntax minification,
// as the CLI is built) put the numbers themselves into the code. The solver's two visit loops
// read records with these names directly (see search.ts); everything else goes through WordGraph.
/** Letter codes 0-25 everywhere in the engine (a-z, unless a lexicon has an alphabet of its own). */
export const ALPHABET_SIZE = 26;
/** The letters of a lexicon without an alphabet section, by code. */
export const DEFAULT_ALPHABET = "abcdefghijklmnopqrstuvwxyz";
/** Word 0: the letters that continue some word. */
export const LETTER_BITS = 0x3ffffff;
/** Word 0: a word ends here. */
export const ENDS_WORD = 1 << 26;
/** Word 0: the word that ends here is common. */
export const COMMON = 1 << 27;
/** Word 0: the rank step's high bits start here. */
export const STEP_HIGH_SHIFT = 28;
/** Word 0 without the rank step's high bits: letters, ENDS_WORD and COMMON ((1 << STEP_HIGH_SHIFT) - 1, as a literal the bundler inlines). */
export const NODE_BITS = 0xfffffff;
/** Word 1: the children block's record index is the low BLOCK_BITS bits, the rank step's low bits the rest. */
export const BLOCK_BITS = 21;
export const BLOCK_MASK = (1 << BLOCK_BITS) - 1;
export const STEP_LOW_BITS = 32 - BLOCK_BITS;
/** A record's rank step field holds 0 .. BIG_STEP - 1 itself; BIG_STEP sends to the big steps. */
export const BIG_STEP = (1 << (STEP_LOW_BITS + 4)) - 1;
/** The most records a file can hold (block indexes have BLOCK_BITS bits): some 3 million words. */
export const MAX_RECORDS = 1 << BLOCK_BITS;

/** The record every word starts from. */
export const ROOT = 0;

// (Header comes after the numbers above: a bundler inlines a module's leading constants.)
/** Where each header field sits. */
export const Header = {
  magic: 0,
  version: 1,
  recordCount: 2,
  wordCount: 3,
  commonCount: 4,
  maxWordLength: 5,
  bigStepCount: 6,
  /** Words in the alphabet section after the big steps; 0 for the letters a-z. */
  alphabetWords: 7,
} as const;

/** The alphabet section's words for an alphabet (none for a-z). */
export function encodeAlphabet(alphabet: string): Uint32Array {
  if (alphabet === DEFAULT_ALPHABET) return new Uint32Array(0);
  const units = new Uint16Array(2 * Math.ceil(alphabet.length / 2));
  for (let i = 0; i < alphabet.length; i++) units[i] = alphabet.charCodeAt(i);
  return new Uint32Array(units.buffer);
}

/** The alphabet a file's alphabet section spells (a-z when it has none). */
export function decodeAlphabet(section: Uint32Array): string {
  if (section.length === 0) return DEFAULT_ALPHABET;
  const units = new Uint16Array(section.buffer, section.byteOffset, 2 * section.length);
  let alphabet = "";
  for (const unit of units) {
    if (unit === 0) break;
    alphabet += String.fromCharCode(unit);
  }
  return alphabet;
}

/** One record's fields, as the builder has them before packing. */
export interface RecordFields {
  letters: number;
  endsWord: boolean;
  common: boolean;
  block: number;
  rankStep: number;
}

/** Writes a record's fields into its two words; false when its step must go to the big steps. */
export function packRecord(fields: RecordFields, out: Uint32Array, record: number): boolean {
  const step = Math.min(fields.rankStep, BIG_STEP);
  out[RECORD_WORDS * record] = fields.letters | (fields.endsWord ? ENDS_WORD : 0) | (fields.common ? COMMON : 0) | ((step >>> STEP_LOW_BITS) << STEP_HIGH_SHIFT);
  out[RECORD_WORDS * record + 1] = fields.block | ((step & ((1 << STEP_LOW_BITS) - 1)) << BLOCK_BITS);
  return step < BIG_STEP;
}

/**
 * The word graph of a lexicon file, record by record, each field read by name: how the lexicon
 * looks words up, and how the search takes its first steps and follows multi-letter faces.
 */
export class WordGraph {
  readonly records: Uint32Array;
  /** The big steps by record (records past its end have none). */
  private readonly bigSteps: Int32Array;

  /** `bigSteps` holds (record, rank step) pairs. */
  constructor(records: Uint32Array, bigSteps: Uint32Array) {
    this.records = records;
    let last = -1;
    for (let i = 0; i < bigSteps.length; i += 2) last = Math.max(last, bigSteps[i]);
    this.bigSteps = new Int32Array(last + 1);
    for (let i = 0; i < bigSteps.length; i += 2) this.bigSteps[bigSteps[i]] = bigSteps[i + 1];
  }

  get recordCount(): number {
    return this.records.length / RECORD_WORDS;
  }

  /** The letters (bit 0 = a .. bit 25 = z) that continue some word after this record. */
  nextLetters(record: number): number {
    return this.records[RECORD_WORDS * record] & LETTER_BITS;
  }

  /** Does a word end at this record? */
  endsWord(record: number): boolean {
    return (this.records[RECORD_WORDS * record] & ENDS_WORD) !== 0;
  }

  /** Does a common word end at this record? */
  endsCommonWord(record: number): boolean {
    return (this.records[RECORD_WORDS * record] & (ENDS_WORD | COMMON)) === (ENDS_WORD | COMMON);
  }

  /** What this record adds to the rank of every word through it. */
  rankStep(record: number): number {
    const step = (this.records[RECORD_WORDS * record + 1] >>> BLOCK_BITS) | ((this.records[RECORD_WORDS * record] >>> STEP_HIGH_SHIFT) << STEP_LOW_BITS);
    return step === BIG_STEP ? this.bigSteps[record] : step;
  }

  /**
   * The record reached by spelling `letter` (0-25) after `record`; the letter must be one of
   * nextLetters(record). Children are stored in letter order, so the child is the block's entry
   * numbered by how many of the node's letters come before it.
   */
  child(record: number, letter: number): number {
    const word0 = this.records[RECORD_WORDS * record];
    return (this.records[RECORD_WORDS * record + 1] & BLOCK_MASK) + popcount(word0 & LETTER_BITS & ((1 << letter) - 1));
  }
}

/** Number of set bits in a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
