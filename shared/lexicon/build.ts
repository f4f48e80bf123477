import { EngineError } from "../errors.ts";
import { COMMON, HEADER_WORDS, MAGIC, TERMINAL, VERSION } from "./format.ts";

const WORD = /^[a-z]+$/;

/**
 * Compiles words into the lexicon file format (format.ts). Deterministic: the same words give the
 * same bytes, whatever their order or duplicates. Words must be lowercase a-z.
 */
export function buildLexicon(words: Iterable<string>, isCommon: (word: string) => boolean = () => false): Uint8Array {
  const sorted = [...new Set(words)].sort();
  for (const word of sorted) {
    if (!WORD.test(word)) throw new EngineError(`"${word}" is not a word of letters a-z`);
  }

  // Build the trie as parallel arrays in insertion order, sharing prefixes with the previous word.
  const masks: number[] = [0];
  const kids: number[][] = [[]];
  const stack: number[] = [0];
  let previous = "";
  let maxWordLength = 0;
  let commonCount = 0;
  for (const word of sorted) {
    let shared = 0;
    while (shared < previous.length && shared < word.length && previous[shared] === word[shared]) shared++;
    stack.length = shared + 1;
    for (let i = shared; i < word.length; i++) {
      const parent = stack[i];
      const c = word.charCodeAt(i) - 97;
      const node = masks.length;
      masks.push(0);
      kids.push([]);
      masks[parent] |= 1 << c;
      kids[parent].push(node); // sorted input: children arrive in letter order
      stack.push(node);
    }
    const end = stack[word.length];
    masks[end] |= TERMINAL;
    if (isCommon(word)) {
      masks[end] |= COMMON;
      commonCount++;
    }
    maxWordLength = Math.max(maxWordLength, word.length);
    previous = word;
  }

  // Minimise into a DAWG: nodes with the same flags and the same children (letter by letter,
  // already minimised) merge. Children are created after parents, so a reverse sweep sees every
  // child before its parent. `count` is the number of words below a node, itself included.
  const canon = new Int32Array(masks.length);
  const uniqueMask: number[] = [];
  const uniqueKids: number[][] = [];
  const count: number[] = [];
  const byShape = new Map<string, number>();
  for (let node = masks.length - 1; node >= 0; node--) {
    const childIds = kids[node].map((kid) => canon[kid]);
    const shape = `${masks[node]}:${childIds.join(",")}`;
    let id = byShape.get(shape);
    if (id === undefined) {
      id = uniqueMask.length;
      byShape.set(shape, id);
      uniqueMask.push(masks[node]);
      uniqueKids.push(childIds);
      count.push(((masks[node] & TERMINAL) !== 0 ? 1 : 0) + childIds.reduce((sum, kid) => sum + count[kid], 0));
    }
    canon[node] = id;
  }

  // Lay out child blocks depth first from the root; nodes with the same children share a block.
  const blockOf = new Map<string, number>(); // children list -> record index of its block
  const records: number[] = [0, 0, 0]; // record 0 is the root, filled in below
  const place = (node: number): number => {
    const childIds = uniqueKids[node];
    if (childIds.length === 0) return 0;
    const key = childIds.join(",");
    const known = blockOf.get(key);
    if (known !== undefined) return known;
    const at = records.length / 3;
    blockOf.set(key, at);
    let before = 0;
    for (const kid of childIds) {
      records.push(uniqueMask[kid], 0, before);
      before += count[kid];
    }
    childIds.forEach((kid, k) => (records[3 * (at + k) + 1] = place(kid)));
    return at;
  };
  const root = canon[0];
  records[0] = uniqueMask[root];
  records[1] = place(root);

  const recordCount = records.length / 3;
  const out = new Uint32Array(HEADER_WORDS + 3 * recordCount);
  out.set([MAGIC, VERSION, recordCount, sorted.length, commonCount, maxWordLength, 0, 0]);
  out.set(records, HEADER_WORDS);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new EngineError("the lexicon format needs a little-endian machine");
  return new Uint8Array(out.buffer);
}

/**
 * Reads a word list: plain (one word per line) or the course format whose first line is the
 * word count. Lowercases, trims and drops blank lines; a word with other characters is an error
 * that names its line.
 */
export function parseWordList(text: string): string[] {
  const lines = text.split(/\r?\n/);
  let start = 0;
  let limit = Infinity;
  const firstLine = lines[0]?.trim() ?? "";
  if (/^\d+$/.test(firstLine)) {
    const declared = Number(firstLine);
    const present = lines.slice(1).filter((line) => line.trim() !== "").length;
    if (present < declared) throw new EngineError(`the word list declares ${declared} words but holds ${present}`);
    start = 1;
    limit = declared;
  }
  const words: string[] = [];
  for (let i = start; i < lines.length && words.length < limit; i++) {
    const word = lines[i].trim().toLowerCase();
    if (word === "") continue;
    if (!WORD.test(word)) throw new EngineError(`word list line ${i + 1}: "${lines[i].trim()}" is not a word of letters a-z`);
    words.push(word);
  }
  if (words.length === 0) throw new EngineError("the word list is empty");
  return words;
}
