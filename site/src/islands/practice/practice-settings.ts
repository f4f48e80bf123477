// A practice game's settings, all in its URL so a board can be shared as a link:
// ?seed=&size=4|5|6&rules=&timer=&players=&lang=, or &board= for a board typed by hand. Anything
// missing or out of range falls back to a playable default (a link never fails to open). A board
// in French, Spanish or German is shaken from that language's 16 dice (4x4: no larger set of
// dice exists for them) and judged with its lexicon.
import { BOARD_SIZE_RULES, type BoardSize, isBoardSize } from "#game/board-sizes.ts";
import { type Board, DICE, LANGUAGES, type LanguageCode, type PresetName, RULES, createRng, isLanguageCode, isPresetName, parseBoard, shake } from "#engine";

export interface PracticeSettings {
  seed: string;
  size: BoardSize;
  rules: PresetName;
  /** Seconds per turn; 0 = untimed. */
  timer: number;
  players: number;
  /** A board typed by hand (board text syntax); overrides seed and size. */
  board: string | null;
  /** The board's language: its dice, letters and lexicon. */
  lang: LanguageCode;
}

export function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, "0")).join("").slice(0, 10);
}

export function readSettings(search: string): PracticeSettings {
  const params = new URLSearchParams(search);
  const langParam = params.get("lang") ?? "en";
  const lang = isLanguageCode(langParam) ? langParam : "en";
  const sizeParam = Number(params.get("size"));
  const size = lang === "en" && isBoardSize(sizeParam) ? sizeParam : 4;
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
    lang,
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
  if (s.lang !== "en") params.set("lang", s.lang);
  return `?${params}`;
}

/** The board a settings object describes (throws EngineError for a malformed typed board). */
export function boardFor(s: PracticeSettings): Board {
  const language = LANGUAGES[s.lang];
  if (s.board) return parseBoard(s.board, { quFace: RULES[s.rules].quFace, letters: language.boardLetters });
  if (s.lang !== "en") return shake(language.dice, createRng(`practice/${s.lang}/${s.seed}`));
  return shake(DICE[BOARD_SIZE_RULES[s.size].dice], createRng(`practice/${s.seed}`));
}
