import { EngineError } from "../errors.ts";
import { CHILD_MASK, COMMON, HEADER_WORDS, MAGIC, RECORD_WORDS, TERMINAL, VERSION, popcount } from "./format.ts";

const A = 97;

/** Where spelling a word from the root ends: its record and its alphabetical rank. */
interface Position {
  record: number;
  rank: number;
}

/** A read-only view of a compiled lexicon file (see format.ts). */
export class Lexicon {
  /** Three words per record: [mask and flags, children block, words under earlier siblings]. */
  readonly records: Uint32Array;
  readonly wordCount: number;
  readonly commonCount: number;
  readonly maxWordLength: number;
  readonly byteLength: number;

  private constructor(buffer: ArrayBuffer, offset: number, byteLength: number) {
    if (byteLength < HEADER_WORDS * 4 || offset % 4 !== 0) throw new EngineError("not a lexicon file (too short or misaligned)");
    const header = new Uint32Array(buffer, offset, HEADER_WORDS);
    if (header[0] !== MAGIC) throw new EngineError("not a lexicon file (bad magic number)");
    if (header[1] !== VERSION) throw new EngineError(`lexicon file version ${header[1]} is not supported (expected ${VERSION})`);
    const recordCount = header[2];
    if (byteLength !== (HEADER_WORDS + RECORD_WORDS * recordCount) * 4) throw new EngineError("lexicon file is truncated or corrupt");
    this.records = new Uint32Array(buffer, offset + HEADER_WORDS * 4, RECORD_WORDS * recordCount);
    this.wordCount = header[3];
    this.commonCount = header[4];
    this.maxWordLength = header[5];
    this.byteLength = byteLength;
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
    return this.records.length / RECORD_WORDS;
  }

  /** Spells `word` (lowercase a-z) from the root; null when no word starts that way. */
  private find(word: string): Position | null {
    const records = this.records;
    let record = 0;
    let rank = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i) - A;
      if (c < 0 || c > 25) return null;
      const mask = records[3 * record];
      const bit = 1 << c;
      if ((mask & bit) === 0) return null;
      if ((mask & TERMINAL) !== 0) rank++;
      record = records[3 * record + 1] + popcount(mask & CHILD_MASK & (bit - 1));
      rank += records[3 * record + 2];
    }
    return { record, rank };
  }

  has(word: string): boolean {
    const at = this.find(word);
    return at !== null && (this.records[3 * at.record] & TERMINAL) !== 0;
  }

  isCommon(word: string): boolean {
    const at = this.find(word);
    return at !== null && (this.records[3 * at.record] & (TERMINAL | COMMON)) === (TERMINAL | COMMON);
  }

  /** The word's position in alphabetical order (0-based), or -1 when it is not a word. */
  rank(word: string): number {
    const at = this.find(word);
    return at !== null && (this.records[3 * at.record] & TERMINAL) !== 0 ? at.rank : -1;
  }

  /** Can some word continue `prefix`? */
  hasPrefix(prefix: string): boolean {
    return this.find(prefix) !== null;
  }

  /** Every word in alphabetical order (for tests and exports; not for hot paths). */
  *words(): Generator<string> {
    const records = this.records;
    const stack: [number, string][] = [[0, ""]];
    while (stack.length > 0) {
      const [record, prefix] = stack.pop()!;
      const mask = records[3 * record];
      if (mask & TERMINAL) yield prefix;
      const block = records[3 * record + 1];
      const children: [number, string][] = [];
      for (let c = 0, k = 0; c < 26; c++) if (mask & (1 << c)) children.push([block + k++, prefix + String.fromCharCode(A + c)]);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }
}
