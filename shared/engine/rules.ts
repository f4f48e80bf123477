import { EngineError } from "./errors.ts";

/** How words are counted and scored: one of the SPEC's presets, or a custom set. */
export interface Rules {
  readonly name: string;
  /** Minimum word length in letters (a Qu face counts two). */
  readonly minLength: number;
  /** Maximum word length in letters; Infinity when unbounded. */
  readonly maxLength: number;
  /** True: a `q` on the board is the two-letter `Qu` face and can never stand for a bare q. */
  readonly quFace: boolean;
  /** Points for a word of `length` letters (0 outside the allowed lengths). */
  points(length: number): number;
}

export type PresetName = "classic" | "big" | "cs106" | "open";

export interface CustomRulesOptions {
  name?: string;
  minLength: number;
  maxLength?: number;
  /** Points indexed by length (the last entry applies to every longer word), or a function. */
  points: readonly number[] | ((length: number) => number);
  quFace?: boolean;
}

export function customRules(options: CustomRulesOptions): Rules {
  const { minLength, maxLength = Infinity, quFace = true, name = "custom" } = options;
  if (!Number.isInteger(minLength) || minLength < 1) throw new EngineError(`minimum length must be a whole number >= 1, got ${minLength}`);
  if (maxLength !== Infinity && (!Number.isInteger(maxLength) || maxLength < minLength)) {
    throw new EngineError(`maximum length must be a whole number >= the minimum (${minLength}), got ${maxLength}`);
  }
  const table = options.points;
  const raw = typeof table === "function" ? table : (length: number) => table[Math.min(length, table.length - 1)] ?? 0;
  // Scores are precomputed per length so the solver's hot loop does an array read, not a call.
  const cache: number[] = [];
  const points = (length: number): number => {
    if (length < minLength || length > maxLength) return 0;
    if (length < 64) return (cache[length] ??= raw(length));
    return raw(length);
  };
  return Object.freeze({ name, minLength, maxLength, quFace, points });
}

export const RULES: Readonly<Record<PresetName, Rules>> = Object.freeze({
  classic: customRules({ name: "classic", minLength: 3, points: [0, 0, 0, 1, 1, 2, 3, 5, 11] }),
  big: customRules({ name: "big", minLength: 4, points: [0, 0, 0, 0, 1, 2, 3, 5, 11] }),
  cs106: customRules({ name: "cs106", minLength: 4, points: (length) => length - 3 }),
  open: customRules({ name: "open", minLength: 1, quFace: false, points: [0, 1, 2, 4, 6, 9, 12, 16, 20] }),
});

/**
 * The rules of the course's batch files (SPEC, "Batch files"): words of 3 to 16 letters, and every
 * tile one plain letter (`q` is a q). Not a preset a player picks: the batch format alone uses it.
 */
export const BATCH_RULES: Rules = customRules({ name: "batch", minLength: 3, maxLength: 16, quFace: false, points: (length) => length - 2 });

export const PRESET_NAMES = Object.keys(RULES) as PresetName[];

export function isPresetName(name: string): name is PresetName {
  return Object.hasOwn(RULES, name);
}

export function getRules(name: string): Rules {
  if (!isPresetName(name)) throw new EngineError(`unknown rules "${name}" (expected one of ${PRESET_NAMES.join(", ")})`);
  return RULES[name];
}
