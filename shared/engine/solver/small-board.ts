// The layout of the search's tables for small boards, in a module of its own: a bundler inlines
// another module's constants into the code that reads them (the visits index by these per step).

/** Up to this many tiles, the tiles a path uses fit one 32-bit mask. */
export const SMALL_BOARD_TILES = 32;
/** A tile's row in the search's small-board table: 32 entries by letter, then AFTER_STEP + 32 by neighbour. */
export const SMALL_ROW = 64;
/** Where a row's entries by neighbour start. */
export const AFTER_STEP = 32;
