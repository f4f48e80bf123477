/**
 * The compact lexicon file: a letter trie stored as two typed arrays, read straight from the
 * file's bytes (no parsing), so it loads the same from disk, a Worker Data module or a fetch.
 *
 * Layout (little-endian u32 words):
 *   header   8 words: magic "TWLX", version, nodeCount, wordCount, commonCount, maxWordLength, 0, 0
 *   nodes    nodeCount records of 2 words (one cache line holds both, which the solver reads together):
 *            word 0: bits 0-25 the child letters (a bitmask), bit 26 "ends a word",
 *                    bit 27 "that word is common"
 *            word 1: index of the node's first child
 * A node's children are contiguous in letter order, so the child for letter c is
 * first + popcount(mask & ((1 << c) - 1)). Node 0 is the root. Child blocks are laid out depth
 * first (a block, then the blocks below its first child, ...), which keeps the nodes one search
 * walks through close together in memory.
 */
export const MAGIC = 0x584c5754; // "TWLX" read as a little-endian u32
export const VERSION = 2;
export const HEADER_WORDS = 8;
export const CHILD_MASK = 0x3ffffff;
export const TERMINAL = 1 << 26;
export const COMMON = 1 << 27;

export interface LexiconHeader {
  nodeCount: number;
  wordCount: number;
  commonCount: number;
  maxWordLength: number;
}

/** Number of set bits in a 32-bit value. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}
