/**
 * The compact lexicon file: a minimal word graph (a DAWG: a trie whose identical subtrees are
 * merged) stored as one typed array and read straight from the file's bytes (no parsing), so it
 * loads the same from disk, a Worker Data module or a fetch. Shared suffixes ("-ing", "-ness")
 * are stored once, which keeps both the file and the memory a search walks through small.
 *
 * Layout (little-endian u32 words):
 *   header   8 words: magic "TWLX", version, recordCount, wordCount, commonCount, maxWordLength, 0, 0
 *   records  recordCount records of 3 words, one per edge into a node (record 0 is the root):
 *            word 0: the node's child letters as a bitmask (bits 0-25), bit 26 "a word ends here",
 *                    bit 27 "that word is common"
 *            word 1: the record index of the node's children block (0 when it has none); the
 *                    block holds one record per child, in letter order, so the child for letter c
 *                    is block + popcount(mask & ((1 << c) - 1))
 *            word 2: how many words lie under this record's earlier siblings
 * A word's alphabetical rank (0 .. wordCount-1) is the sum, over the records of its path after
 * the root, of word 2 plus 1 for every word-ending record passed before it. The solver uses that
 * rank to report each word once and to sort without comparing strings.
 */
export const MAGIC = 0x584c5754; // "TWLX" read as a little-endian u32
export const VERSION = 3;
export const HEADER_WORDS = 8;
export const RECORD_WORDS = 3;
export const CHILD_MASK = 0x3ffffff;
export const TERMINAL = 1 << 26;
export const COMMON = 1 << 27;

/** Number of set bits in a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
