import { EngineError } from "./errors.ts";

/** A tile's face in lowercase: "a", the two-letter "qu" or "th", or "" for a blank tile. */
export type Face = string;
/** A tile position, 0-based. */
export type Cell = [row: number, col: number];
export type Path = Cell[];

/** An R x C grid of faces, row-major. */
export interface Board {
  readonly rows: number;
  readonly cols: number;
  readonly faces: readonly Face[];
}

export interface BoardSyntax {
  /** Under rules with a Qu face, a plain `q` in board text means the `qu` face. */
  quFace?: boolean;
  /** Letters a face may show besides a-z: a language's own (Spanish "ñ"). */
  letters?: string;
}

const BLANK_MARK = ".";

/**
 * Parses the board text syntax: rows separated by `/` or whitespace, one character per tile,
 * case-insensitive, `[th]` for a multi-letter face, `.` or `[]` for a blank. A single run of
 * R*R characters with no separators is read as a square board.
 */
export function parseBoard(text: string, syntax: BoardSyntax = { quFace: true }): Board {
  const rowTexts = text.trim().split(/[\s/]+/).filter((row) => row.length > 0);
  if (rowTexts.length === 0) throw new EngineError("the board is empty");
  let rows = rowTexts.map((row, i) => parseFaces(row, syntax, `row ${i + 1}`));
  if (rows.length === 1 && rows[0].length > 1) {
    const side = Math.sqrt(rows[0].length);
    if (!Number.isInteger(side)) {
      throw new EngineError(`a board without row separators needs a square number of tiles, got ${rows[0].length}`);
    }
    const faces = rows[0];
    rows = Array.from({ length: side }, (_, r) => faces.slice(r * side, (r + 1) * side));
  }
  const cols = rows[0].length;
  rows.forEach((row, i) => {
    if (row.length !== cols) throw new EngineError(`row ${i + 1} has ${row.length} tiles, expected ${cols} like row 1`);
  });
  return { rows: rows.length, cols, faces: rows.flat() };
}

/** Parses one row (or a die's faces): letters, `[xy]` groups, `.` blanks. */
export function parseFaces(text: string, syntax: BoardSyntax, where: string): Face[] {
  const faces: Face[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "[") {
      const end = text.indexOf("]", i);
      if (end < 0) throw new EngineError(`${where}: "[" without a closing "]"`);
      const group = text.slice(i + 1, end).toLowerCase();
      if (!isLetters(group, syntax.letters)) throw new EngineError(`${where}: "[${group}]" may hold only letters ${letterNames(syntax.letters)}`);
      faces.push(group);
      i = end;
    } else if (ch === BLANK_MARK) {
      faces.push("");
    } else {
      const letter = ch.toLowerCase();
      if (letter.length !== 1 || !isLetters(letter, syntax.letters)) {
        throw new EngineError(`${where}: "${ch}" is not a letter (tiles are letters ${letterNames(syntax.letters)}, [xy] or . for a blank)`);
      }
      faces.push(letter === "q" && syntax.quFace ? "qu" : letter);
    }
  }
  return faces;
}

/** True when every character is a-z or one of `extra` (an empty string passes: it is a blank face). */
function isLetters(text: string, extra = ""): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if ((code < 97 || code > 122) && !extra.includes(text[i])) return false;
  }
  return true;
}

function letterNames(extra = ""): string {
  return extra === "" ? "a-z" : `a-z and ${[...extra].join(" ")}`;
}

/** Prints a board in the same syntax (rows joined by `/`), round-tripping through parseBoard. */
export function formatBoard(board: Board, syntax: BoardSyntax = { quFace: true }): string {
  return boardRows(board)
    .map((row) => row.map((face) => formatFace(face, syntax)).join(""))
    .join("/");
}

function formatFace(face: Face, syntax: BoardSyntax): string {
  if (face === "") return BLANK_MARK;
  if (face === "qu" && syntax.quFace) return "q";
  if (face.length === 1 && !(face === "q" && syntax.quFace)) return face;
  return `[${face}]`;
}

/** The board as an array of rows of faces, as the API sends it. */
export function boardRows(board: Board): Face[][] {
  return Array.from({ length: board.rows }, (_, r) => board.faces.slice(r * board.cols, (r + 1) * board.cols));
}

/** A board from rows of faces (as the API sends them); `letters` are the faces' letters besides a-z. */
export function boardFromRows(rows: readonly (readonly Face[])[], letters = ""): Board {
  if (rows.length === 0 || rows[0].length === 0) throw new EngineError("the board is empty");
  const cols = rows[0].length;
  rows.forEach((row, i) => {
    if (row.length !== cols) throw new EngineError(`row ${i + 1} has ${row.length} tiles, expected ${cols}`);
    row.forEach((face) => {
      if (!isLetters(face, letters)) throw new EngineError(`row ${i + 1}: face "${face}" may hold only letters ${letterNames(letters)}`);
    });
  });
  return { rows: rows.length, cols, faces: rows.flat() };
}

export function cellOf(board: Pick<Board, "cols">, tile: number): Cell {
  return [Math.floor(tile / board.cols), tile % board.cols];
}

/** Up to eight neighbours of every tile, no wrap-around: `list[start[t] .. start[t+1])`. */
export interface Neighbours {
  readonly start: Int32Array;
  readonly list: Int32Array;
}

const neighbourCache = new Map<string, Neighbours>();

/** The neighbour table for a size, computed once and shared by every board of that size. */
export function neighbours(rows: number, cols: number): Neighbours {
  const key = `${rows}x${cols}`;
  let table = neighbourCache.get(key);
  if (!table) {
    table = buildNeighbours(rows, cols);
    if (neighbourCache.size > 64) neighbourCache.clear();
    neighbourCache.set(key, table);
  }
  return table;
}

function buildNeighbours(rows: number, cols: number): Neighbours {
  const n = rows * cols;
  const start = new Int32Array(n + 1);
  const list: number[] = [];
  for (let t = 0; t < n; t++) {
    start[t] = list.length;
    const r = Math.floor(t / cols);
    const c = t % cols;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr;
        const cc = c + dc;
        if ((dr !== 0 || dc !== 0) && rr >= 0 && rr < rows && cc >= 0 && cc < cols) list.push(rr * cols + cc);
      }
    }
  }
  start[n] = list.length;
  return { start, list: Int32Array.from(list) };
}
