// The words a round has found, as a bitset over the day's solution: bit i stands for the i-th
// word of the stored (alphabetical) solution, in byte i >> 3 at bit i & 7. Kept canonical (no
// trailing zero bytes), so two equal sets are equal bytes; the empty set is zero bytes. A set
// only ever grows by OR-merging, which is what makes replays and redeliveries harmless.

import type { FoundBits } from "./found-bits.ts";

export type { FoundBits };

function canonical(bytes: Uint8Array): FoundBits {
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return end === bytes.length ? bytes : bytes.slice(0, end);
}

export function foundFromRanks(ranks: Iterable<number>): FoundBits {
  const list = [...ranks];
  for (const rank of list) {
    if (!Number.isInteger(rank) || rank < 0) throw new RangeError(`not a word rank: ${rank}`);
  }
  const bytes = new Uint8Array(list.length === 0 ? 0 : (Math.max(...list) >> 3) + 1);
  for (const rank of list) bytes[rank >> 3] |= 1 << (rank & 7);
  return canonical(bytes);
}

/** The ranks in the set, ascending. */
export function ranksOf(bits: FoundBits): number[] {
  const ranks: number[] = [];
  for (let i = 0; i < bits.length; i++) {
    for (let b = 0; b < 8; b++) if (bits[i] & (1 << b)) ranks.push(i * 8 + b);
  }
  return ranks;
}

function hasRank(bits: FoundBits, rank: number): boolean {
  return (rank >> 3) < bits.length && (bits[rank >> 3] & (1 << (rank & 7))) !== 0;
}

/** The union of two sets. */
export function mergeFound(a: FoundBits, b: FoundBits): FoundBits {
  const out = new Uint8Array(Math.max(a.length, b.length));
  out.set(a);
  for (let i = 0; i < b.length; i++) out[i] |= b[i];
  return canonical(out);
}

/** The ranks of `incoming` that `stored` lacks (what a merge newly sets), ascending. */
export function newRanks(stored: FoundBits, incoming: FoundBits): number[] {
  return ranksOf(incoming).filter((rank) => !hasRank(stored, rank));
}
