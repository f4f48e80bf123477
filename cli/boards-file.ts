// The course's boards file: the number of games on the first line, then each game as rows of
// letters (four rows of four in the course), games separated by blank lines. It is read in one
// pass over its characters into one array of letter codes, with no string per line or row: a
// batch of thousands of games is solved in about the time it takes to split it into lines.
import { UsageError } from "./args.ts";

/** A boards file's games: every game's tiles as letter codes, game after game. */
export interface BatchGames {
  count: number;
  /** The tiles' letters (a-z as 97-122, a language's own by their Latin-1 code: ñ 241), row-major, game after game. */
  letters: Uint8Array;
  /** Where game g's tiles start in `letters` (count + 1 entries); a game of n tiles is a square of side sqrt(n). */
  starts: Int32Array;
}

/** The number of games a boards file announces on its first line (0 if it is not a number). */
export function announcedGames(text: string): number {
  const first = /^\s*(\d+)/.exec(text);
  return first === null ? 0 : Number(first[1]);
}

/** String.prototype.trim()'s whitespace: ECMAScript's WhiteSpace and LineTerminator characters. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 ||
    code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff
  );
}

/**
 * The lowercase letter code (97-122) a character reads as in a row, or -1 when it is not a letter
 * a-z; a language's own `letters` (Latin-1 lowercase letters such as ñ, either case) read as
 * their lowercase code.
 */
function letterCode(code: number, letters: string): number {
  if (code >= 97 && code <= 122) return code;
  if (code >= 65 && code <= 90) return code + 32;
  if (code < 128) return -1;
  if (letters !== "") {
    const lower = String.fromCharCode(code).toLowerCase();
    if (lower.length === 1 && letters.includes(lower) && lower.charCodeAt(0) < 256) return lower.charCodeAt(0);
  }
  // A few other characters lowercase to a-z (the Kelvin sign is a k).
  const lower = String.fromCharCode(code).toLowerCase();
  return lower.length === 1 && lower >= "a" && lower <= "z" ? lower.charCodeAt(0) : -1;
}

/**
 * Parses a boards file (`ownLetters`: a language's letters besides a-z); every mistake names its line (1-based). Rows are trimmed and read
 * case-insensitively; a run of k * side rows of `side` letters between blank lines holds k games.
 */
export function parseBoardsFile(text: string, path: string, ownLetters = ""): BatchGames {
  const where = (line: number) => `boards file '${path}' line ${line}`;
  let pos = 0;
  let line = 0;
  // The line from `pos`, trimmed: its bounds, and where the next one starts.
  let from = 0;
  let to = 0;
  // Past the end it still counts a line, an empty one, as the line a missing row would be on.
  const nextLine = (): boolean => {
    line++;
    if (pos > text.length) {
      from = to = 0;
      return false;
    }
    let end = text.indexOf("\n", pos);
    if (end === -1) end = text.length;
    from = pos;
    to = end;
    pos = end + 1;
    while (from < to && isSpace(text.charCodeAt(from))) from++;
    while (to > from && isSpace(text.charCodeAt(to - 1))) to--;
    return true;
  };

  while (nextLine() && from === to);
  const countText = text.slice(from, to);
  if (!/^\d+$/.test(countText)) throw new UsageError(`${where(line)}: expected the number of games, got '${countText}'`);
  const countLine = line;
  const expected = Number(countText);

  let letters = new Uint8Array(Math.min(expected, 1 << 20) * 16 + 16);
  let starts = new Int32Array(Math.min(expected, 1 << 20) + 1);
  let count = 0;
  let at = 0;
  // The run of rows being read: its first line, its rows' length and how many it has.
  let groupLine = 0;
  let side = 0;
  let rows = 0;
  const endGroup = () => {
    if (rows === 0) return;
    if (rows % side !== 0) throw new UsageError(`${where(groupLine)}: a game needs ${side} rows of ${side} letters, found ${rows} rows`);
    for (let g = 0; g < rows / side; g++) {
      if (count + 1 >= starts.length) starts = grown(starts, 2 * starts.length);
      starts[count++] = at - (rows - g * side) * side;
    }
    rows = 0;
  };
  while (nextLine()) {
    if (from === to) {
      endGroup();
      continue;
    }
    const length = to - from;
    if (at + length > letters.length) letters = grown(letters, 2 * (at + length));
    for (let i = from; i < to; i++) {
      const code = letterCode(text.charCodeAt(i), ownLetters);
      if (code < 0) {
        const allowed = ownLetters === "" ? "a-z" : `a-z and ${[...ownLetters].join(" ")}`;
        throw new UsageError(`${where(line)}: a row must be letters ${allowed} only, got '${text.slice(from, to)}'`);
      }
      letters[at + i - from] = code;
    }
    if (rows > 0 && length !== side) {
      const row = text.slice(from, to).toLowerCase();
      throw new UsageError(`${where(line)}: row '${row}' has ${length} letters, the game's rows have ${side}`);
    }
    at += length;
    if (rows === 0) {
      groupLine = line;
      side = length;
    }
    rows++;
  }
  endGroup();
  if (count !== expected) throw new UsageError(`boards file '${path}' announces ${expected} games on line ${countLine} but holds ${count}`);
  starts[count] = at;
  return { count, letters: letters.subarray(0, at), starts: starts.subarray(0, count + 1) };
}

function grown<T extends Uint8Array | Int32Array>(array: T, length: number): T {
  const copy = new (array.constructor as new (length: number) => T)(length);
  copy.set(array);
  return copy;
}
