// The languages a board can be played in: for each, how typed text becomes the lexicon's
// spelling, its dice, rules, lexicon and blocklist files, its quality bar and its daily seed.
// Pure data and pure functions, so the Worker, the site and the CLI read the same registry.
//
// Letters with accents (docs/languages.md says why, language by language):
// - French folds every accent and ligature, as its crosswords and its Scrabble do: é è ê ë -> e,
//   ç -> c, œ -> oe, æ -> ae. "élève" and "eleve" are the same word.
// - Spanish keeps ñ as a letter of its own (a face of its own on the dice) and folds the accents
//   and the diaeresis: á -> a, ü -> u. "año" and "ano" are two words. K and W, found only in
//   loanwords, are not Spanish letters here: no die shows them and no word uses them, which
//   leaves ñ the lexicon's 26th letter code.
// - German writes ä ö ü as ae oe ue and ß as ss, as its crosswords do: "schön" is "schoen" (two
//   tiles for ö), which keeps it apart from "schon".
// - English is as it always was: letters a-z, nothing folded.
import type { Board } from "./board.ts";
import { parseFaces } from "./board.ts";
import { DICE, type Die } from "./dice.ts";
import { EngineError } from "./errors.ts";
import { DEFAULT_ALPHABET } from "./lexicon/format.ts";
import { RULES, type Rules } from "./rules.ts";

export const LANGUAGE_CODES = ["en", "fr", "es", "de"] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** The daily board's quality bar: a shake is kept when it has enough everyday words and a long one. */
export interface QualityBar {
  /** At least this many everyday ("common") words on the board. */
  readonly minCommonWords: number;
  /** At least one everyday word of this many letters or more. */
  readonly minLongCommonLength: number;
}

export interface Language {
  readonly code: LanguageCode;
  /** The language's name in English, and in itself (for a language picker). */
  readonly name: string;
  readonly nativeName: string;
  /** The lexicon's letters in letter-code order (a-z, or the language's own alphabet). */
  readonly alphabet: string;
  /** Letters a face may show besides a-z (for parseBoard's and boardFromRows' `letters`). */
  readonly boardLetters: string;
  /** A typed word as the lexicon spells it: trimmed, lowercased, accents folded (not checked). */
  fold(text: string): string;
  /** fold(), then null unless the result is a word of the language's letters. */
  normalize(text: string): string | null;
  /** The dice of the daily board (16, Qu as one face) and where they come from. */
  readonly dice: readonly Die[];
  readonly diceSource: string;
  readonly rules: Rules;
  /** The compiled lexicon's file name under dist/lexicon/. */
  readonly lexiconFile: string;
  /** The blocklist, from the project's root. */
  readonly blocklistFile: string;
  readonly quality: QualityBar;
  /** The text the daily secret signs for a day's shake number `attempt` (0 = the first). */
  seedLabel(date: string, attempt: number): string;
}

const COMBINING_MARKS = /[\u0300-\u036f]/g;

/** Lowercase, no accents: the French fold, and the last step of the others. */
function stripAccents(text: string): string {
  return text.normalize("NFD").replace(COMBINING_MARKS, "");
}

const FOLDS: Readonly<Record<LanguageCode, (text: string) => string>> = {
  en: (text) => text.trim().toLowerCase(),
  fr: (text) => stripAccents(text.trim().toLowerCase().replace(/œ/g, "oe").replace(/æ/g, "ae")),
  // ñ survives: decomposed, it is n + U+0303, put back together before the marks go.
  es: (text) => text.trim().toLowerCase().normalize("NFD").replace(/n\u0303/g, "ñ").replace(COMBINING_MARKS, ""),
  de: (text) =>
    stripAccents(text.trim().toLowerCase().normalize("NFC").replace(/ä/g, "ae").replace(/ö/g, "oe").replace(/ü/g, "ue").replace(/ß/g, "ss")),
};

const SPANISH_ALPHABET = "abcdefghijlmnñopqrstuvxyz";

/**
 * Dice written as in the SPEC (one letter per face, Q the Qu face) and parsed on first use, in
 * the language's letters.
 */
const DICE_SPECS: Readonly<Record<Exclude<LanguageCode, "en">, string>> = {
  // The French edition's 16 dice (Parker / Hasbro France), as transcribed alike in several public
  // Boggle programs (docs/languages.md names them).
  fr: "ETUKNO EVGTIN DECAMP IELRUW EHIFSE RECALS ENTDOS OFXRIA NAVEDZ EIOATA GLENYU BMAQJO TLIBRA SPULTE AIMSOR ENHRIS",
  // Derived by scripts/derive-dice.ts from the letters of the everyday words (no published
  // Spanish or German set was found): see docs/languages.md for the method.
  es: "AEINTU ADEISU ABDEIS ABDEIS ADEGRS AGLORS ALORSV ACLORV ACFLOR ACHMOR ACJMOR CEMNÑO ENOPQT EINPTX EINPTY EINTUZ",
  de: "ABEHLN AEFHLN AEFHNU AEHKNU EHKNSU EIMNSU CEIMNS CEIRSW CEIRSW DEIJRS DEGPRT DEGQRT EGORTV EGORTX AELOTY ABLNTZ",
};

const DICE_SOURCES: Readonly<Record<LanguageCode, string>> = {
  en: "the English set sold since the late 1980s (the SPEC's `new` dice)",
  fr: "the French edition's 16 dice (Parker / Hasbro France), as transcribed in public Boggle programs",
  es: "derived from the letter counts of the Spanish everyday words (scripts/derive-dice.ts); no published set was found",
  de: "derived from the letter counts of the German everyday words (scripts/derive-dice.ts); no published set was found",
};

const FACES_PER_DIE = 6;

export function parseLanguageDice(spec: string, letters: string): Die[] {
  return spec.split(" ").map((text, i) => {
    const faces = parseFaces(text, { quFace: true, letters }, `die ${i + 1}`);
    if (faces.length !== FACES_PER_DIE) throw new EngineError(`die ${i + 1}: a die has ${FACES_PER_DIE} faces, found ${faces.length}`);
    return Object.freeze(faces);
  });
}

function language(code: LanguageCode, fields: { name: string; nativeName: string; alphabet: string; quality: QualityBar }): Language {
  const fold = FOLDS[code];
  const extra = [...fields.alphabet].filter((letter) => !DEFAULT_ALPHABET.includes(letter)).join("");
  const letters = new Set(fields.alphabet);
  let dice: readonly Die[] | undefined;
  return Object.freeze({
    code,
    ...fields,
    quality: Object.freeze(fields.quality),
    boardLetters: extra,
    fold,
    normalize(text: string): string | null {
      const word = fold(text);
      if (word === "") return null;
      for (const letter of word) if (!letters.has(letter)) return null;
      return word;
    },
    get dice(): readonly Die[] {
      return (dice ??= code === "en" ? DICE.new : Object.freeze(parseLanguageDice(DICE_SPECS[code], extra)));
    },
    diceSource: DICE_SOURCES[code],
    rules: RULES.classic,
    lexiconFile: code === "en" ? "english.bin" : `${code}.bin`,
    blocklistFile: code === "en" ? "shared/engine/lexicon/blocklist.txt" : `shared/engine/lexicon/${code}/blocklist.txt`,
    seedLabel(date: string, attempt: number): string {
      // English's labels are the ones every English board so far was made from: they must not change.
      const day = code === "en" ? `tumbleword/${date}` : `tumbleword/${code}/${date}`;
      return attempt === 0 ? day : `${day}/attempt-${attempt}`;
    },
  });
}

// The bars: English's as it always was; the others pass about the same share of first shakes
// (a third), from an everyday tier of some 7,000-8,500 words against English's 61,000, so the
// long everyday word may have 6 letters (docs/languages.md has the numbers).
export const LANGUAGES: Readonly<Record<LanguageCode, Language>> = Object.freeze({
  en: language("en", { name: "English", nativeName: "English", alphabet: DEFAULT_ALPHABET, quality: { minCommonWords: 40, minLongCommonLength: 7 } }),
  fr: language("fr", { name: "French", nativeName: "Français", alphabet: DEFAULT_ALPHABET, quality: { minCommonWords: 22, minLongCommonLength: 6 } }),
  es: language("es", { name: "Spanish", nativeName: "Español", alphabet: SPANISH_ALPHABET, quality: { minCommonWords: 30, minLongCommonLength: 6 } }),
  de: language("de", { name: "German", nativeName: "Deutsch", alphabet: DEFAULT_ALPHABET, quality: { minCommonWords: 24, minLongCommonLength: 6 } }),
});

export const ENGLISH = LANGUAGES.en;

export function isLanguageCode(code: string): code is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(code);
}

export function getLanguage(code: string): Language {
  const lower = code.trim().toLowerCase();
  if (!isLanguageCode(lower)) throw new EngineError(`unknown language "${code}" (expected one of ${LANGUAGE_CODES.join(", ")})`);
  return LANGUAGES[lower];
}

/** Can every face of the board be read in the language's letters? (A French board has no ñ.) */
export function boardFitsLanguage(board: Board, lang: Language): boolean {
  return board.faces.every((face) => [...face].every((letter) => lang.alphabet.includes(letter)));
}
