// A practice game's settings, all in its URL so a board can be shared as a link:
// ?seed=&size=4|5|6&rules=&timer=&players=, or &board= for a board typed by hand. Anything
// missing or out of range falls back to a playable default (a link never fails to open).
import { BOARD_SIZE_RULES, type BoardSize, isBoardSize } from "../../../shared/board-sizes.ts";
import { type Board, DICE, type PresetName, RULES, createRng, isPresetName, parseBoard, shake } from "../../../shared/index.ts";

export interface PracticeSettings {
  seed: string;
  size: BoardSize;
  rules: PresetName;
  /** Seconds per turn; 0 = untimed. */
  timer: number;
  players: number;
  /** A board typed by hand (board text syntax); overrides seed and size. */
  board: string | null;
}

export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 10);
}

export function readSettings(search: string): PracticeSettings {
  const params = new URLSearchParams(search);
  const sizeParam = Number(params.get("size"));
  const size = isBoardSize(sizeParam) ? sizeParam : 4;
  const rulesParam = params.get("rules") ?? "";
  const timer = Math.max(0, Math.min(3600, Math.floor(Number(params.get("timer")) || 0)));
  const players = Math.max(1, Math.min(6, Math.floor(Number(params.get("players")) || 1)));
  const seed = (params.get("seed") ?? "").slice(0, 64);
  return {
    seed: seed || randomSeed(),
    size,
    rules: isPresetName(rulesParam) ? rulesParam : BOARD_SIZE_RULES[size].rules,
    timer,
    players,
    board: params.get("board")?.slice(0, 400) || null,
  };
}

export function settingsQuery(s: PracticeSettings): string {
  const params = new URLSearchParams();
  if (s.board) params.set("board", s.board);
  else params.set("seed", s.seed);
  if (!s.board) params.set("size", String(s.size));
  params.set("rules", s.rules);
  if (s.timer) params.set("timer", String(s.timer));
  if (s.players > 1) params.set("players", String(s.players));
  return `?${params}`;
}

/** The board a settings object describes (throws EngineError for a malformed typed board). */
export function boardFor(s: PracticeSettings): Board {
  if (s.board) return parseBoard(s.board, { quFace: RULES[s.rules].quFace });
  return shake(DICE[BOARD_SIZE_RULES[s.size].dice], createRng(`practice/${s.seed}`));
}
