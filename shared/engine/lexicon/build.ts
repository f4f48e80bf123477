import { EngineError } from "../errors.ts";
import {
  ALPHABET_SIZE,
  COMMON,
  DEFAULT_ALPHABET,
  ENDS_WORD,
  HEADER_WORDS,
  Header,
  LETTER_BITS,
  MAGIC,
  MAX_RECORDS,
  RECORD_WORDS,
  type RecordFields,
  VERSION,
  encodeAlphabet,
  packRecord,
} from "./format.ts";

const WORD = /^[a-z]+$/;

/**
 * Compiles words into the lexicon file format (format.ts). Deterministic: the same words give the
 * same bytes, whatever their order or duplicates. Words must be lowercase a-z, or, with an
 * `alphabet` of the language's own letters (at most 26, in the order its words sort, e.g. Spanish
 * with ñ after n), spelled in that alphabet's letters.
 */
export function buildLexicon(
  words: Iterable<string>,
  isCommon: (word: string) => boolean = () => false,
  alphabet: string = DEFAULT_ALPHABET,
): Uint8Array {
  if (alphabet !== DEFAULT_ALPHABET) return buildInAlphabet(words, isCommon, alphabet);
  const sorted = [...new Set(words)].sort();
  for (const word of sorted) {
    if (!WORD.test(word)) throw new EngineError(`"${word}" is not a word of letters a-z`);
  }
  const trie = buildTrie(sorted, isCommon);
  const records = layOut(minimise(trie));
  return encode(records, { wordCount: sorted.length, commonCount: trie.commonCount, maxWordLength: trie.maxWordLength }, alphabet);
}

/**
 * buildLexicon() for an alphabet of the language's own: each word is spelled in letter codes
 * (code i written as the i-th letter of a-z), which the a-z build then compiles as it is.
 */
function buildInAlphabet(words: Iterable<string>, isCommon: (word: string) => boolean, alphabet: string): Uint8Array {
  const letters = [...alphabet];
  if (letters.length > ALPHABET_SIZE || new Set(letters).size !== letters.length || letters.some((l) => l.length !== 1 || l !== l.toLowerCase())) {
    throw new EngineError(`an alphabet is at most ${ALPHABET_SIZE} different lowercase letters, got "${alphabet}"`);
  }
  const codeOf = new Map(letters.map((letter, code) => [letter, String.fromCharCode(97 + code)]));
  const byCodes = new Map<string, string>();
  for (const word of words) {
    let codes = "";
    for (const letter of word) {
      const code = codeOf.get(letter);
      if (code === undefined) throw new EngineError(`"${word}" is not a word of the letters ${alphabet}`);
      codes += code;
    }
    if (codes === "") throw new EngineError("the empty string is not a word");
    byCodes.set(codes, word);
  }
  const sorted = [...byCodes.keys()].sort();
  const trie = buildTrie(sorted, (codes) => isCommon(byCodes.get(codes)!));
  const records = layOut(minimise(trie));
  return encode(records, { wordCount: sorted.length, commonCount: trie.commonCount, maxWordLength: trie.maxWordLength }, alphabet);
}

/** Packs the records into the file: header, records, the steps too big for their record, then the alphabet. */
function encode(
  records: RecordFields[],
  counts: { wordCount: number; commonCount: number; maxWordLength: number },
  alphabet: string,
): Uint8Array {
  if (records.length > MAX_RECORDS) {
    throw new EngineError(`the word list is too large: its word graph needs ${records.length} records, the lexicon format holds ${MAX_RECORDS}`);
  }
  const packed = new Uint32Array(RECORD_WORDS * records.length);
  const bigSteps: number[] = [];
  records.forEach((fields, record) => {
    if (!packRecord(fields, packed, record)) bigSteps.push(record, fields.rankStep);
  });
  const alphabetSection = encodeAlphabet(alphabet);
  const out = new Uint32Array(HEADER_WORDS + packed.length + bigSteps.length + alphabetSection.length);
  out[Header.magic] = MAGIC;
  out[Header.version] = VERSION;
  out[Header.recordCount] = records.length;
  out[Header.wordCount] = counts.wordCount;
  out[Header.commonCount] = counts.commonCount;
  out[Header.maxWordLength] = counts.maxWordLength;
  out[Header.bigStepCount] = bigSteps.length / 2;
  out[Header.alphabetWords] = alphabetSection.length;
  out.set(packed, HEADER_WORDS);
  out.set(bigSteps, HEADER_WORDS + packed.length);
  out.set(alphabetSection, HEADER_WORDS + packed.length + bigSteps.length);
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) throw new EngineError("the lexicon format needs a little-endian machine");
  return new Uint8Array(out.buffer);
}

/** A tree of nodes as parallel arrays: per node its child letters and flags, and its children. */
interface Nodes {
  /** Child letters (bits 0-25) with the ENDS_WORD and COMMON flags, as in a record's word 0. */
  masks: number[];
  /** Child node ids in letter order. */
  kids: number[][];
}

interface Trie extends Nodes {
  maxWordLength: number;
  commonCount: number;
}

/** The trie of sorted words, node 0 the root; each word shares its prefix with the previous one. */
function buildTrie(sorted: readonly string[], isCommon: (word: string) => boolean): Trie {
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
      const node = masks.length;
      masks.push(0);
      kids.push([]);
      masks[parent] |= 1 << (word.charCodeAt(i) - 97);
      kids[parent].push(node); // sorted input: children arrive in letter order
      stack.push(node);
    }
    const end = stack[word.length];
    masks[end] |= ENDS_WORD;
    if (isCommon(word)) {
      masks[end] |= COMMON;
      commonCount++;
    }
    maxWordLength = Math.max(maxWordLength, word.length);
    previous = word;
  }
  return { masks, kids, maxWordLength, commonCount };
}

interface Graph extends Nodes {
  root: number;
  /** Words at or below each node. */
  counts: number[];
}

/**
 * Minimises the trie into a DAWG: nodes with the same flags and the same children (letter by
 * letter, already minimised) merge. Children are created after parents, so a reverse sweep sees
 * every child before its parent.
 */
function minimise(trie: Trie): Graph {
  const canon = new Int32Array(trie.masks.length);
  const masks: number[] = [];
  const kids: number[][] = [];
  const counts: number[] = [];
  const byShape = new Map<string, number>();
  for (let node = trie.masks.length - 1; node >= 0; node--) {
    const childIds = trie.kids[node].map((kid) => canon[kid]);
    const shape = `${trie.masks[node]}:${childIds.join(",")}`;
    let id = byShape.get(shape);
    if (id === undefined) {
      id = masks.length;
      byShape.set(shape, id);
      masks.push(trie.masks[node]);
      kids.push(childIds);
      counts.push(((trie.masks[node] & ENDS_WORD) !== 0 ? 1 : 0) + childIds.reduce((sum, kid) => sum + counts[kid], 0));
    }
    canon[node] = id;
  }
  return { masks, kids, counts, root: canon[0] };
}

/**
 * Lays the graph out as records, children blocks in breadth-first order from the root. Nodes
 * whose blocks would hold the same records (the same children, and the same "ends a word", which
 * enters the rank steps) share one block.
 */
function layOut(graph: Graph): RecordFields[] {
  const { masks, kids, counts } = graph;
  const fieldsOf = (node: number, rankStep: number): RecordFields => ({
    letters: masks[node] & LETTER_BITS,
    endsWord: (masks[node] & ENDS_WORD) !== 0,
    common: (masks[node] & COMMON) !== 0,
    block: 0, // set once every block has its place
    rankStep,
  });
  const records: RecordFields[] = [fieldsOf(graph.root, 0)];
  const recordNode: number[] = [graph.root];
  const blockOf = new Int32Array(masks.length);
  const blockByKey = new Map<string, number>();
  const queued = new Uint8Array(masks.length);
  const queue = [graph.root];
  queued[graph.root] = 1;
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q];
    const childIds = kids[node];
    if (childIds.length === 0) continue;
    const endsWord = (masks[node] & ENDS_WORD) !== 0;
    const key = `${endsWord ? "w" : ""}${childIds.join(",")}`;
    let block = blockByKey.get(key);
    if (block === undefined) {
      block = records.length;
      blockByKey.set(key, block);
      let step = endsWord ? 1 : 0;
      for (const kid of childIds) {
        records.push(fieldsOf(kid, step));
        recordNode.push(kid);
        step += counts[kid];
        if (queued[kid] === 0) {
          queued[kid] = 1;
          queue.push(kid);
        }
      }
    }
    blockOf[node] = block;
  }
  records.forEach((fields, record) => (fields.block = blockOf[recordNode[record]]));
  return records;
}

/**
 * Reads a word list: plain (one word per line) or the course format whose first line is the
 * word count. Lowercases, trims and drops blank lines; a word with other characters is an error
 * that names its line. A language's list passes its `normalize` (fold, then null for anything
 * that is not a word of its letters) instead of the a-z test.
 */
export function parseWordList(text: string, normalize?: (word: string) => string | null): string[] {
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
    const raw = lines[i].trim();
    if (raw === "") continue;
    const word = normalize === undefined ? raw.toLowerCase() : normalize(raw);
    if (word === null || (normalize === undefined && !WORD.test(word))) {
      throw new EngineError(`word list line ${i + 1}: "${raw}" is not a word of ${normalize === undefined ? "letters a-z" : "the language's letters"}`);
    }
    words.push(word);
  }
  if (words.length === 0) throw new EngineError("the word list is empty");
  return words;
}
