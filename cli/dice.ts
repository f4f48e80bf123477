// Dice and generators as a command line names them: a dice set by name or a dice file, a seed.
import { type Board, DICE, DICE_NAMES, type Die, ENGLISH, EngineError, LANGUAGES, LANGUAGE_CODES, type Language, Lfsr16, type Rng, createRng, isDiceName, isLanguageCode, parseDiceFile, shake } from "#engine";
import { parseIntegerOption, UsageError } from "./args.ts";
import { readUserFile } from "./lexicon.ts";

export { DICE_NAMES };
export const RNG_NAMES = ["default", "lfsr16"] as const;
export type RngName = (typeof RNG_NAMES)[number];

export interface DiceChoice {
  /** The set's name, or the file path as given. */
  name: string;
  dice: readonly Die[];
}

/** The dice a language plays with: English's `new`, or the language's own set named by its code. */
export function languageDice(language: Language): DiceChoice {
  return language === ENGLISH ? { name: "new", dice: DICE.new } : { name: language.code, dice: language.dice };
}

/**
 * A dice set by name (`new`, or a language's set by its code: `fr`), else a dice file (one die per
 * line, six faces). Without one, the language's dice (English's `new` unless a language is given).
 */
export function resolveDice(nameOrFile: string | undefined, language: Language = ENGLISH): DiceChoice {
  if (nameOrFile === undefined) return languageDice(language);
  const name = nameOrFile;
  const lower = name.trim().toLowerCase();
  if (isDiceName(lower)) return { name: lower, dice: DICE[lower] };
  if (isLanguageCode(lower)) return languageDice(LANGUAGES[lower]);
  const text = readUserFile(name, `dice set (${[...DICE_NAMES, ...LANGUAGE_CODES.slice(1)].join(", ")}) or dice file`);
  try {
    return { name, dice: parseDiceFile(text) };
  } catch (error) {
    // The engine's message names the line ("dice file line 3: ..."); add which file.
    if (error instanceof EngineError) throw new UsageError(`${name}: ${error.message}`);
    throw error;
  }
}

export function parseRngName(name: string | undefined): RngName {
  const chosen = (name ?? "default").toLowerCase();
  if (!(RNG_NAMES as readonly string[]).includes(chosen)) {
    throw new UsageError(`unknown --rng '${name}' (choose one of ${RNG_NAMES.join(", ")})`);
  }
  return chosen as RngName;
}

/** Seeds are whole numbers; the LFSR16 has a 16-bit state, the default generator takes 32 bits here. */
export function seedLimit(rng: RngName): number {
  return rng === "lfsr16" ? 0xffff : 0xffffffff;
}

export function parseSeed(value: string | undefined, rng: RngName, flag = "--seed"): number {
  return value === undefined || value.trim() === ""
    ? process.getBuiltinModule("node:crypto").randomInt(0, seedLimit(rng) + 1)
    : parseIntegerOption(flag, value, 0, seedLimit(rng));
}

export function makeRng(rng: RngName, seed: number): Rng {
  return rng === "lfsr16" ? new Lfsr16(seed) : createRng(seed);
}

export function shakeBoard(dice: readonly Die[], rng: RngName, seed: number): Board {
  return shake(dice, makeRng(rng, seed));
}
