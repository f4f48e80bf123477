// The board-size table that rooms, practice and their menus all read.
import { expect, test } from "vitest";
import { BOARD_SIZES, BOARD_SIZE_RULES, boardSizeLabel, defaultRulesFor, isBoardSize } from "#game/board-sizes.ts";
import { DICE, RULES } from "../../shared/engine/index.ts";

test("each size's dice fill its board, and its starting rules exist", () => {
  for (const size of BOARD_SIZES) {
    expect(DICE[BOARD_SIZE_RULES[size].dice]).toHaveLength(size * size);
    expect(RULES[BOARD_SIZE_RULES[size].rules]).toBeDefined();
  }
});

test("sizes are recognised, labelled and given their rules", () => {
  expect(BOARD_SIZES.filter(isBoardSize)).toEqual([4, 5, 6]);
  expect([3, 7, "4", null].some(isBoardSize)).toBe(false);
  expect(boardSizeLabel(6)).toBe("6x6 (superbig dice)");
  expect(boardSizeLabel(5, { dice: false })).toBe("5x5");
  expect(defaultRulesFor(4)).toBe("classic");
  expect(defaultRulesFor(3)).toBeNull();
});
