import { EngineError } from "../errors.ts";
import { CHILD_MASK, COMMON, HEADER_WORDS, MAGIC, TERMINAL, VERSION, popcount } from "./format.ts";

const A = 97;

/** A read-only view of a compiled lexicon file (see format.ts). */
export class Lexicon {
  /** Two words per node: [mask and flags, first child]; see format.ts. */
  readonly nodes: Uint32Array;
  readonly wordCount: number;
  readonly commonCount: number;
  readonly maxWordLength: number;
  readonly byteLength: number;
  /** Per-node "seen in solve number N" marks: how the solver lists each word once. */
  private marks: Uint32Array | undefined;
  private markGeneration = 0;

  private constructor(buffer: ArrayBuffer, offset: number, byteLength: number) {
    if (byteLength < HEADER_WORDS * 4 || offset % 4 !== 0) throw new EngineError("not a lexicon file (too short or misaligned)");
    const header = new Uint32Array(buffer, offset, HEADER_WORDS);
    if (header[0] !== MAGIC) throw new EngineError("not a lexicon file (bad magic number)");
    if (header[1] !== VERSION) throw new EngineError(`lexicon file version ${header[1]} is not supported (expected ${VERSION})`);
    const nodeCount = header[2];
    if (byteLength !== (HEADER_WORDS + 2 * nodeCount) * 4) throw new EngineError("lexicon file is truncated or corrupt");
    this.nodes = new Uint32Array(buffer, offset + HEADER_WORDS * 4, 2 * nodeCount);
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

  get nodeCount(): number {
    return this.nodes.length / 2;
  }

  /** The node reached by spelling `word` from the root, or -1. `word` must be lowercase a-z. */
  find(word: string): number {
    const nodes = this.nodes;
    let node = 0;
    for (let i = 0; i < word.length; i++) {
      const c = word.charCodeAt(i) - A;
      if (c < 0 || c > 25) return -1;
      const mask = nodes[2 * node];
      const bit = 1 << c;
      if ((mask & bit) === 0) return -1;
      node = nodes[2 * node + 1] + popcount(mask & CHILD_MASK & (bit - 1));
    }
    return node;
  }

  has(word: string): boolean {
    const node = this.find(word);
    return node >= 0 && (this.nodes[2 * node] & TERMINAL) !== 0;
  }

  isCommon(word: string): boolean {
    const node = this.find(word);
    return node >= 0 && (this.nodes[2 * node] & (TERMINAL | COMMON)) === (TERMINAL | COMMON);
  }

  /** Can some word continue `prefix`? */
  hasPrefix(prefix: string): boolean {
    return this.find(prefix) >= 0;
  }

  /** Every word in alphabetical order (for tests and exports; not for hot paths). */
  *words(): Generator<string> {
    const nodes = this.nodes;
    const stack: [number, string][] = [[0, ""]];
    while (stack.length > 0) {
      const [node, prefix] = stack.pop()!;
      const mask = nodes[2 * node];
      if (mask & TERMINAL) yield prefix;
      const children: [number, string][] = [];
      let child = nodes[2 * node + 1];
      for (let c = 0; c < 26; c++) if (mask & (1 << c)) children.push([child++, prefix + String.fromCharCode(A + c)]);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
    }
  }

  /** Starts a new marking round and returns its generation number with the mark array. */
  beginMarking(): { marks: Uint32Array; generation: number } {
    if (!this.marks || this.markGeneration === 0xffffffff) {
      this.marks = new Uint32Array(this.nodeCount);
      this.markGeneration = 0;
    }
    return { marks: this.marks, generation: ++this.markGeneration };
  }
}
