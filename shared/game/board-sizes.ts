// The board sizes a room or a practice game can be played on, each with the dice made for it and
// the rule preset it starts with. One table: the Worker's rooms, the practice page and the size
// menus of both are read from it.
import type { DiceName, PresetName } from "../engine/index.ts";

export const BOARD_SIZES = [4, 5, 6] as const;
export type BoardSize = (typeof BOARD_SIZES)[number];

export interface BoardSizeRules {
  dice: DiceName;
  /** The preset a game of this size starts with (a player may pick another). */
  rules: PresetName;
}

export const BOARD_SIZE_RULES: Readonly<Record<BoardSize, BoardSizeRules>> = {
  4: { dice: "new", rules: "classic" },
  5: { dice: "big", rules: "big" },
  6: { dice: "superbig", rules: "big" },
};

export function isBoardSize(value: unknown): value is BoardSize {
  return BOARD_SIZES.includes(value as BoardSize);
}

/** The preset a square board of `side` starts with; null for a side no dice set is made for. */
export function defaultRulesFor(side: number): PresetName | null {
  return isBoardSize(side) ? BOARD_SIZE_RULES[side].rules : null;
}

/** How a size reads in a menu: "4x4 (new dice)", or "4x4" without the dice. */
export function boardSizeLabel(size: BoardSize, options: { dice?: boolean } = {}): string {
  const label = `${size}x${size}`;
  return options.dice === false ? label : `${label} (${BOARD_SIZE_RULES[size].dice} dice)`;
}
