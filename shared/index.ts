// The Tumbleword engine: pure TypeScript that runs unchanged in Node, the Workers runtime and the
// browser. See API.md for the contract.
export { EngineError } from "./errors.ts";
export { BATCH_RULES, RULES, PRESET_NAMES, customRules, getRules, isPresetName } from "./rules.ts";
export type { Rules, PresetName, CustomRulesOptions } from "./rules.ts";
export { parseBoard, formatBoard, boardRows, boardFromRows, cellOf, neighbours } from "./board.ts";
export type { Board, Face, Cell, Path, BoardSyntax } from "./board.ts";
export { Lfsr16, Xoshiro128, createRng, seedBytes, shuffle } from "./rng.ts";
export type { Rng, Seed } from "./rng.ts";
export { DICE, DICE_NAMES, isDiceName, parseDiceFile, shake } from "./dice.ts";
export type { Die, DiceName } from "./dice.ts";
export { Lexicon } from "./lexicon/lexicon.ts";
export { buildLexicon, parseWordList } from "./lexicon/build.ts";
export { CompactSolution, solve, solveCompact, solveTotals, writeWords } from "./solver/index.ts";
export type { ByteOutput, FoundWord, Solution, Totals } from "./solver/index.ts";
export { checkWord, traceWord, normalizeWord } from "./check.ts";
export type { Verdict, Reason, WordList } from "./check.ts";
export { DayWords, accentsOf, dayWordHash, dayWordsPayload, withAccents } from "./day-words.ts";
export type { DayWordEntry, DayWordsPayload, EverydayShape, Spellings } from "./day-words.ts";
export { compareLists } from "./compare.ts";
export type { ComparedWord, PlayerResult } from "./compare.ts";
export { readListFile } from "./lexicon/list-file.ts";
