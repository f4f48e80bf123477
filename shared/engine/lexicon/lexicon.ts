import { EngineError } from "../errors.ts";
import { ALPHABET_SIZE, DEFAULT_ALPHABET, HEADER_WORDS, Header, MAGIC, MAX_RECORDS, RECORD_WORDS, ROOT, VERSION, WordGraph, decodeAlphabet } from "./format.ts";

/** Where spelling a word from the root ends: its record and its alphabetical rank. */
interface Position {
  record: number;
  rank: number;
}

/** A read-only view of a compiled lexicon file (see format.ts). */
export class Lexicon {
  /** The word graph, record by record. */
  readonly graph: WordGraph;
  readonly wordCount: number;
  readonly commonCount: number;
  readonly maxWordLength: number;
  readonly byteLength: number;
  /** The lexicon file's bytes (a view, not a copy): what fromBytes() needs to open it again. */
  readonly bytes: Uint8Array;
  /** Its letters by letter code: a-z, or a language's own (Spanish: ñ after n, no k or w). */
  readonly alphabet: string;
  /** Letter code by character code (-1: not a letter of the alphabet), up to the alphabet's highest character. */
  private readonly codes: Int8Array;

  private constructor(buffer: ArrayBuffer, offset: number, byteLength: number) {
    if (byteLength < HEADER_WORDS * 4 || offset % 4 !== 0) throw new EngineError("not a lexicon file (too short or misaligned)");
    const header = new Uint32Array(buffer, offset, HEADER_WORDS);
    if (header[Header.magic] !== MAGIC) throw new EngineError("not a lexicon file (bad magic number)");
    const version = header[Header.version];
    if (version !== VERSION) throw new EngineError(`lexicon file version ${version} is not supported (expected ${VERSION})`);
    const recordCount = header[Header.recordCount];
    const bigStepCount = header[Header.bigStepCount];
    const alphabetWords = header[Header.alphabetWords];
    const words = HEADER_WORDS + RECORD_WORDS * recordCount + 2 * bigStepCount + alphabetWords;
    if (byteLength !== words * 4 || recordCount === 0 || recordCount > MAX_RECORDS) {
      throw new EngineError("lexicon file is truncated or corrupt");
    }
    const records = new Uint32Array(buffer, offset + HEADER_WORDS * 4, RECORD_WORDS * recordCount);
    const bigSteps = new Uint32Array(buffer, offset + (HEADER_WORDS + RECORD_WORDS * recordCount) * 4, 2 * bigStepCount);
    this.graph = new WordGraph(records, bigSteps);
    this.wordCount = header[Header.wordCount];
    this.commonCount = header[Header.commonCount];
    this.maxWordLength = header[Header.maxWordLength];
    this.byteLength = byteLength;
    this.bytes = new Uint8Array(buffer, offset, byteLength);
    const alphabetStart = offset + (HEADER_WORDS + RECORD_WORDS * recordCount + 2 * bigStepCount) * 4;
    this.alphabet = alphabetWords === 0 ? DEFAULT_ALPHABET : decodeAlphabet(new Uint32Array(buffer, alphabetStart, alphabetWords));
    if (this.alphabet.length === 0 || this.alphabet.length > ALPHABET_SIZE) throw new EngineError("lexicon file is truncated or corrupt (its alphabet)");
    this.codes = letterCodes(this.alphabet);
  }

  /** The letter code (0-25) of a character code, or -1 when it is not one of the lexicon's letters. */
  letterCode(charCode: number): number {
    return charCode < this.codes.length ? this.codes[charCode] : -1;
  }

  /** Is every character of `word` one of the lexicon's letters? (True for the empty string.) */
  spells(word: string): boolean {
    for (let i = 0; i < word.length; i++) if (this.letterCode(word.charCodeAt(i)) < 0) return false;
    return true;
  }

  /** Wraps a lexicon file's bytes without copying (copies only if they are misaligned). */
  static fromBytes(bytes: ArrayBuffer | Uint8Array): Lexicon {
    if (bytes instanceof Uint8Array) {
      if (bytes.byteOffset % 4 !== 0) bytes = bytes.slice();
      return new Lexicon(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
    }
    return new Lexicon(bytes, 0, bytes.byteLength);
  }

  get recordCount(): number {
    return this.graph.recordCount;
  }

  /** Spells `word` (lowercase, in the lexicon's letters) from the root; null when no word starts that way. */
  private find(word: string): Position | null {
    const graph = this.graph;
    let record = ROOT;
    let rank = 0;
    for (let i = 0; i < word.length; i++) {
      const letter = this.letterCode(word.charCodeAt(i));
      if (letter < 0 || (graph.nextLetters(record) & (1 << letter)) === 0) return null;
      record = graph.child(record, letter);
      rank += graph.rankStep(record);
    }
    return { record, rank };
  }

  has(word: string): boolean {
    const at = this.find(word);
    return at !== null && this.graph.endsWord(at.record);
  }

  isCommon(word: string): boolean {
    const at = this.find(word);
    return at !== null && this.graph.endsCommonWord(at.record);
  }

  /** The word's position in alphabetical order (0-based), or -1 when it is not a word. */
  rank(word: string): number {
    const at = this.find(word);
    return at !== null && this.graph.endsWord(at.record) ? at.rank : -1;
  }

  /** Can some word continue `prefix`? */
  hasPrefix(prefix: string): boolean {
    return this.find(prefix) !== null;
  }

  /** Every word in alphabetical order (for tests and exports; not for hot paths). */
  *words(): Generator<string> {
    const graph = this.graph;
    const stack: [number, string][] = [[ROOT, ""]];
    while (stack.length > 0) {
      const [record, prefix] = stack.pop()!;
      if (graph.endsWord(record)) yield prefix;
      const letters = graph.nextLetters(record);
      for (let letter = 25; letter >= 0; letter--) {
        if ((letters & (1 << letter)) !== 0) stack.push([graph.child(record, letter), prefix + this.alphabet[letter]]);
      }
    }
  }
}

/** The letter code of each character code up to the alphabet's highest, -1 for the rest. */
function letterCodes(alphabet: string): Int8Array {
  let highest = 0;
  for (let i = 0; i < alphabet.length; i++) highest = Math.max(highest, alphabet.charCodeAt(i));
  const codes = new Int8Array(highest + 1).fill(-1);
  for (let i = 0; i < alphabet.length; i++) codes[alphabet.charCodeAt(i)] = i;
  return codes;
}
