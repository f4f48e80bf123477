// The boxed games' board sizes, each with the dice made for it and the rule preset it is played
// under by default: one table for the live rooms, practice and the pages' size pickers.
import type { DiceName } from "./dice.ts";
import type { PresetName } from "./rules.ts";

export const BOARD_SIZES = [4, 5, 6] as const;
export type BoardSize = (typeof BOARD_SIZES)[number];

export const DICE_FOR_SIZE: Readonly<Record<BoardSize, DiceName>> = { 4: "new", 5: "big", 6: "superbig" };
export const DEFAULT_RULES_FOR_SIZE: Readonly<Record<BoardSize, PresetName>> = { 4: "classic", 5: "big", 6: "big" };

export function isBoardSize(value: number): value is BoardSize {
  return (BOARD_SIZES as readonly number[]).includes(value);
}

/** How a size picker names a size: "5x5", or "5x5 (big dice)". */
export function boardSizeLabel(size: BoardSize, withDice = false): string {
  return withDice ? `${size}x${size} (${DICE_FOR_SIZE[size]} dice)` : `${size}x${size}`;
}
