// Text rendering for the terminal: boards, paths, aligned tables, and colour only on a TTY.
import type { Board, Face, Path } from "#engine";

const { styleText } = process.getBuiltinModule("node:util");

type Style = Parameters<typeof styleText>[0];

/** Colour and screen control only for a human at a terminal; never in a pipe or with NO_COLOR. */
export function stdoutIsTerminal(): boolean {
  return process.stdout.isTTY === true;
}

export function useColour(): boolean {
  return stdoutIsTerminal() && !("NO_COLOR" in process.env) && process.env.TERM !== "dumb";
}

export function paint(style: Style, text: string): string {
  return useColour() ? styleText(style, text, { validateStream: false }) : text;
}

/** A face as players see it on the die: "A", "Qu", "Th"; a blank shows as a dot. */
export function showFace(face: Face): string {
  return face === "" ? "." : face[0].toUpperCase() + face.slice(1);
}

/** The board as a grid, each tile in a column wide enough for the widest face. */
export function renderGrid(board: Board, indent = "  "): string {
  const width = Math.max(2, ...board.faces.map((f) => showFace(f).length));
  const lines: string[] = [];
  for (let r = 0; r < board.rows; r++) {
    const row = board.faces.slice(r * board.cols, (r + 1) * board.cols);
    lines.push(indent + row.map((f) => showFace(f).padEnd(width)).join(" ").trimEnd());
  }
  return lines.join("\n");
}

/** A path as "r,c r,c ..." (0-based, like the JSON output). */
export function formatPath(path: Path): string {
  return path.map(([r, c]) => `${r},${c}`).join(" ");
}

/** Columns aligned by padding; `right` marks the columns (by index) to right-align. */
export function renderTable(header: string[], rows: string[][], right: number[] = []): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (right.includes(i) ? cell.padStart(widths[i]) : cell.padEnd(widths[i])))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}
