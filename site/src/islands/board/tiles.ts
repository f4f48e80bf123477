// The board's tiles: how a face is labelled and drawn (a button per tile, named for screen
// readers by its row, column and letters), how typed text is kept to letters, and which tile a
// pointer is over. BoardView (board-view.ts) builds the interaction on them.
import type { Board } from "#engine";
import { messages } from "../../i18n/messages.ts";

/** Share of the grid pitch around a tile's centre that counts as "entering" it while dragging:
 * small enough that a diagonal swipe through the corner between two tiles never grazes them. */
const DRAG_HIT_RADIUS = 0.38;

export function faceLabel(face: string): string {
  return face === "" ? "" : face[0].toUpperCase() + face.slice(1);
}

/**
 * Keeps only letters, lowercased: what a typed word may contain. A board in another language
 * passes its fold (shared/engine/languages.ts), so "élève" traces as "eleve" on a French board.
 */
export function normaliseTyped(text: string, fold?: (text: string) => string): string {
  return fold === undefined ? text.toLowerCase().replace(/[^a-z]/g, "") : fold(text).replace(/[^\p{L}]/gu, "");
}

/** The tiles of a board, drawn into `grid`; `hidden` keeps the letters covered. */
export function drawTiles(grid: HTMLElement, board: Board, hidden: boolean): HTMLButtonElement[] {
  const t = messages().tile;
  return board.faces.map((face, i) => {
    const row = Math.floor(i / board.cols) + 1;
    const col = (i % board.cols) + 1;
    const tile = document.createElement("button");
    tile.type = "button";
    tile.className = "tile";
    tile.dataset.index = String(i);
    // One tab stop for the whole board (arrow keys move within it); none while it is covered.
    tile.tabIndex = i === 0 && !hidden ? 0 : -1;
    if (hidden) {
      tile.textContent = "";
      tile.setAttribute("aria-label", `${t.place(row, col)}, ${t.hidden}`);
    } else if (face === "") {
      tile.classList.add("is-blank");
      tile.setAttribute("aria-label", `${t.place(row, col)}, ${t.blank}`);
    } else {
      tile.textContent = faceLabel(face);
      if (face.length > 1) tile.classList.add("is-multi");
      tile.setAttribute("aria-label", `${t.place(row, col)}, ${(face.length > 1 ? t.letters : t.letter)(faceLabel(face))}`);
    }
    grid.append(tile);
    return tile;
  });
}

/**
 * The index of the tile under a point of the grid (`rect`), or -1: anywhere in its cell when
 * `strict` is off (pressing), only near its centre when on (dragging).
 */
export function tileIndexAt(rect: DOMRect, board: Board, clientX: number, clientY: number, strict: boolean): number {
  const pitchX = rect.width / board.cols;
  const pitchY = rect.height / board.rows;
  const x = clientX - rect.left;
  const y = clientY - rect.top;
  const col = Math.floor(x / pitchX);
  const row = Math.floor(y / pitchY);
  if (row < 0 || col < 0 || row >= board.rows || col >= board.cols) return -1;
  if (strict) {
    const dx = x / pitchX - (col + 0.5);
    const dy = y / pitchY - (row + 0.5);
    if (Math.hypot(dx, dy) > DRAG_HIT_RADIUS) return -1;
  }
  return row * board.cols + col;
}

const ARROWS: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/** The tile an arrow key moves the focus to from tile `index` (kept on the board), or null for another key. */
export function tileAfterArrow(board: Board, index: number, key: string): number | null {
  const move = ARROWS[key];
  if (!move) return null;
  const row = Math.min(board.rows - 1, Math.max(0, Math.floor(index / board.cols) + move[0]));
  const col = Math.min(board.cols - 1, Math.max(0, (index % board.cols) + move[1]));
  return row * board.cols + col;
}

/** The SVG polyline through the centres of tiles `indices` (in grid units: the board's viewBox). */
export function pathPoints(indices: readonly number[], cols: number): string {
  return indices.map((i) => `${(i % cols) + 0.5},${Math.floor(i / cols) + 0.5}`).join(" ");
}
