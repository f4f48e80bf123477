// Command-line parsing shared by every command: strict flags, one kind of usage error.
import type { ParseArgsConfig } from "node:util";
import { type Board, EngineError, type Language, PRESET_NAMES, type PresetName, RULES, type Rules, isPresetName, normalizeWord, parseBoard } from "#engine";

const { parseArgs } = process.getBuiltinModule("node:util");

/** A mistake in how the command was called; reported as one line and exit code 2, like an EngineError. */
export class UsageError extends Error {
  override name = "UsageError";
}

/** True for the errors that are the user's to fix (printed as one line, exit 2). */
export function isUserError(error: unknown): error is Error {
  return error instanceof UsageError || error instanceof EngineError;
}

/** `util.parseArgs` in strict mode, with its errors turned into one-line usage errors. */
export function parseCommandLine<const T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs({ strict: true, ...config } as T);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && code.startsWith("ERR_PARSE_ARGS_")) {
      throw new UsageError(`${firstLine((error as Error).message)} (see --help)`);
    }
    throw error;
  }
}

export function firstLine(text: string): string {
  return text.split("\n", 1)[0].trim();
}

/** An integer flag within bounds, e.g. `--min 4`. */
export function parseIntegerOption(flag: string, value: string, min: number, max: number): number {
  if (!/^\d+$/.test(value.trim())) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got '${value}'`);
  }
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got '${value}'`);
  }
  return n;
}

export const RULE_NAMES = PRESET_NAMES;

/** A rule preset by name; an unknown name is a usage error listing the choices. */
export function parseRulesOption(name: string | undefined, fallback: PresetName = "classic"): Rules {
  const chosen = (name ?? fallback).trim().toLowerCase();
  if (!isPresetName(chosen)) throw new UsageError(`unknown rules '${name}' (choose one of ${RULE_NAMES.join(", ")})`);
  return RULES[chosen];
}

/** A word given on the command line, as the engine reads a player's word: letters a-z only, any case. */
export function validateWord(word: string): string {
  const normal = normalizeWord(word);
  if (normal === null) throw new UsageError(`'${word}' is not a word: use the letters a-z only`);
  return normal;
}

/**
 * `--board B`: the engine's parser, with the board named in its error. In a language with letters
 * of its own (`letters`, Spanish "ñ"), a face may show them; a face that is no letter of the
 * language (`alphabet`: a k on a Spanish board) is an error too.
 */
export function parseBoardOption(text: string, rules: Rules, language?: Language): Board {
  try {
    const board = parseBoard(text, { quFace: rules.quFace, letters: language?.boardLetters ?? "" });
    const stray = language === undefined ? undefined : board.faces.flatMap((face) => [...face]).find((letter) => !language.alphabet.includes(letter));
    if (stray !== undefined) throw new EngineError(`"${stray}" is not a letter of ${language!.name}`);
    return board;
  } catch (error) {
    if (error instanceof EngineError) throw new UsageError(`board '${text}': ${error.message}`);
    throw error;
  }
}
