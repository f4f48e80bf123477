// What a room plays: a board size (with the dice made for it), a rule preset, a round length and a
// language (chosen when the room is made: French, Spanish and German have 16 dice, so their rooms
// play 4x4). Boards are fresh seeded shakes; the seed is kept so a round can be replayed or checked.
import { BOARD_SIZE_RULES, type BoardSize } from "#game/board-sizes.ts";
import { type Board, DICE, LANGUAGES, type LanguageCode, type PresetName, RULES, type Rules, boardRows, createRng, randomHex, shake } from "#engine";
import { ROOM_CODE_LETTERS } from "#game/room-code.ts";

export { BOARD_SIZES, type BoardSize } from "#game/board-sizes.ts";

export const MIN_ROUND_SECONDS = 10;
export const MAX_ROUND_SECONDS = 600;
export { DEFAULT_ROUND_SECONDS } from "#game/round.ts";
/** The synchronised countdown between "start" and the board appearing for everyone. */
export const COUNTDOWN_MS = 3000;
export const MAX_PLAYERS = 50;
/**
 * A seat whose player has not been connected for this long (or who joined this long ago and
 * never connected) is free for someone else once the room is full or its name is wanted: the
 * limit counts people present, not every seat ever taken.
 */
export const SEAT_GRACE_MS = 2 * 60 * 1000;
/** A room no one has been in for this long is deleted. */
export const EMPTY_ROOM_TTL_MS = 24 * 60 * 60 * 1000;

export interface RoomSettings {
  size: BoardSize;
  rules: PresetName;
  /** Round length in seconds. */
  seconds: number;
  lang: LanguageCode;
}

export function rulesOf(settings: Pick<RoomSettings, "rules">): Rules {
  return RULES[settings.rules];
}

/** The board of one round: the size's own dice (the language's, not English), shaken from the room's seed for that round. */
export function roomBoard(size: BoardSize, seed: string, lang: LanguageCode = "en"): Board {
  if (lang !== "en") return shake(LANGUAGES[lang].dice, createRng(`room/${lang}/${seed}`));
  return shake(DICE[BOARD_SIZE_RULES[size].dice], createRng(`room/${seed}`));
}

/**
 * A fresh board for a round: shaken from new seeds until it differs from `forbidden` (today's
 * daily board while its day is open, as rows of faces), so a room never spoils the ranked round.
 */
export function freshBoard(
  size: BoardSize,
  forbidden: readonly (readonly string[])[] | null,
  nextSeed: () => string = randomSeed,
  lang: LanguageCode = "en",
): { seed: string; board: Board } {
  const banned = forbidden === null ? null : JSON.stringify(forbidden);
  for (;;) {
    const seed = nextSeed();
    const board = roomBoard(size, seed, lang);
    if (banned === null || JSON.stringify(boardRows(board)) !== banned) return { seed, board };
  }
}

export function randomSeed(): string {
  return randomHex(9);
}

/** A new room code (shared/game/room-code.ts says what codes are). */
export function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(4));
  return Array.from(bytes, (b) => ROOM_CODE_LETTERS[b % ROOM_CODE_LETTERS.length]).join("");
}
