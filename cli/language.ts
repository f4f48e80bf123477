// `--lang`: the language a command plays in (its lexicon, dice, folding and daily seed).
import { ENGLISH, LANGUAGE_CODES, LANGUAGES, isLanguageCode, type Language } from "#engine";
import { UsageError } from "./args.ts";

export { ENGLISH };

/** The help text's line for --lang. */
export const LANG_HELP = `  --lang L      ${LANGUAGE_CODES.join("|")}: the language's lexicon, dice and accent folding (default en)`;

/** `--lang L` (default English); an unknown code is a usage error listing the choices. */
export function parseLanguageOption(value: string | undefined): Language {
  if (value === undefined) return ENGLISH;
  const code = value.trim().toLowerCase();
  if (!isLanguageCode(code)) throw new UsageError(`unknown --lang '${value}' (choose one of ${LANGUAGE_CODES.join(", ")})`);
  return LANGUAGES[code];
}

/** A word typed in a language, folded as the language folds it; a usage error when it has other letters. */
export function validateLanguageWord(word: string, language: Language): string {
  const folded = language.normalize(word);
  if (folded === null) throw new UsageError(`'${word}' is not a ${language.name} word: use the letters ${lettersOf(language)}`);
  return folded;
}

/** How a message names a language's letters: "a-z", or Spanish's "a-z (no k or w) and ñ". */
export function lettersOf(language: Language): string {
  const missing = [..."abcdefghijklmnopqrstuvwxyz"].filter((letter) => !language.alphabet.includes(letter));
  const without = missing.length === 0 ? "" : ` (no ${missing.join(" or ")})`;
  return `a-z${without}${language.boardLetters === "" ? "" : ` and ${[...language.boardLetters].join(" ")}`}`;
}
