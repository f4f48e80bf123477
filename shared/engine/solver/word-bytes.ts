// A board's words written as bytes, for output in bulk (the CLI's batch): straight from the
// search into the caller's buffer, alphabetically, each word followed by a separator byte. No
// string, object or typed array is made per board, which in a run of thousands of boards costs
// more than spelling the words.
import type { Board } from "../board.ts";
import type { Lexicon } from "../lexicon/lexicon.ts";
import type { Rules } from "../rules.ts";
import { ENTRY_SIZE, type FoundWords, LETTERS, PATH_END } from "./found-words.ts";
import { search } from "./search.ts";

/** Where writeWords() puts its bytes: into `buffer` from `at`, once reserve(n) has made room for n more. */
export interface ByteOutput {
  buffer: Uint8Array;
  at: number;
  reserve(bytes: number): void;
}

const NEWLINE = 10;

/** Per tile, the character code of a one-letter face (reused from board to board). */
let faceCodes = new Int32Array(0);

/**
 * Writes every word of the board (as solve() finds them: alphabetical, each once) into `out` as
 * bytes (ASCII; UTF-8 for a language's own letters such as ñ), each followed by `separator` (a
 * newline unless given), and advances `out.at` past them. Returns the number of words.
 */
export function writeWords(board: Board, lexicon: Lexicon, rules: Rules, out: ByteOutput, separator: number = NEWLINE): number {
  const found = search(board, lexicon, rules, true);
  const n = found.count;
  const { entries, tiles } = found;

  const { faces } = board;
  if (faceCodes.length < faces.length) faceCodes = new Int32Array(faces.length);
  const codes = faceCodes;
  let oneLetterFaces = true;
  let ascii = true;
  for (let t = 0; t < faces.length; t++) {
    codes[t] = faces[t].charCodeAt(0);
    if (faces[t].length > 1) oneLetterFaces = false;
    for (let c = 0; c < faces[t].length; c++) if (faces[t].charCodeAt(c) > 127) ascii = false;
  }
  if (!ascii) return writeUtf8Words(found, board, lexicon, out, separator);
  let bytes = n;
  for (let i = 0; i < n; i++) bytes += entries[ENTRY_SIZE * i + LETTERS];
  out.reserve(bytes);

  const order = found.alphabeticalOrder(lexicon.wordCount);
  const buffer = out.buffer;
  let at = out.at;
  for (let j = 0; j < n; j++) {
    const i = order[j];
    const end = entries[ENTRY_SIZE * i + PATH_END];
    let k = i === 0 ? 0 : entries[ENTRY_SIZE * (i - 1) + PATH_END];
    if (oneLetterFaces) {
      for (; k < end; k++) buffer[at++] = codes[tiles[k]];
    } else {
      for (; k < end; k++) {
        const face = faces[tiles[k]];
        for (let c = 0; c < face.length; c++) buffer[at++] = face.charCodeAt(c);
      }
    }
    buffer[at++] = separator;
  }
  out.at = at;
  return n;
}

const utf8 = new TextEncoder();

/**
 * writeWords() for a board with a letter beyond ASCII (Spanish ñ): each face as its UTF-8 bytes.
 * Only a language's own letters take this path, so it favours plainness over speed.
 */
function writeUtf8Words(found: FoundWords, board: Board, lexicon: Lexicon, out: ByteOutput, separator: number): number {
  const n = found.count;
  const { entries, tiles } = found;
  const faceBytes = board.faces.map((face) => utf8.encode(face));
  const longestFace = Math.max(...faceBytes.map((bytes) => bytes.length));
  let bytes = n;
  for (let i = 0; i < n; i++) bytes += entries[ENTRY_SIZE * i + LETTERS] * longestFace;
  out.reserve(bytes);
  const order = found.alphabeticalOrder(lexicon.wordCount);
  const buffer = out.buffer;
  let at = out.at;
  for (let j = 0; j < n; j++) {
    const i = order[j];
    const end = entries[ENTRY_SIZE * i + PATH_END];
    for (let k = i === 0 ? 0 : entries[ENTRY_SIZE * (i - 1) + PATH_END]; k < end; k++) {
      buffer.set(faceBytes[tiles[k]], at);
      at += faceBytes[tiles[k]].length;
    }
    buffer[at++] = separator;
  }
  out.at = at;
  return n;
}
