// Which words of a Hunspell dictionary (a .dic of stems with affix flags, and the .aff rules that
// expand them) a language's lexicon takes. Pure: the build script reads the files.
//
// Left out: proper nouns, abbreviations, and anything with a digit, an apostrophe, a hyphen or a
// dot. Hunspell capitalises a proper noun's stem, so a capitalised stem is left out, but German
// capitalises every noun, and igerman98 flags names much as it flags nouns without a plural
// ("Berlin/Sm" as "Kummer/Sm"). A capitalised German stem is kept when its flags inflect it as a
// common noun (plural and case endings, the feminine -in, joining compounds: "Haus/Tpmij",
// "Liebe/NMm"); it is left out when they give it nothing or a genitive -s alone, as igerman98
// flags first names and most places ("Anna/S", "Goethe/S", "Hans"), or when the French or
// Spanish dictionary has the same name capitalised (Hiroshima, Somalia, Paris).
import type { LanguageCode } from "#engine";

/** A .dic line's stem and flags ("Haus/Tpmij" -> "Haus", "Tpmij"). */
export interface DicEntry {
  stem: string;
  flags: string;
}

export function parseDicLine(line: string): DicEntry | null {
  // A stem may carry morphological fields after whitespace; comments start with whitespace.
  if (line === "" || /^\s/.test(line)) return null;
  const [head] = line.split(/\s+/, 1);
  const slash = head.indexOf("/");
  return slash < 0 ? { stem: head, flags: "" } : { stem: head.slice(0, slash), flags: head.slice(slash + 1) };
}

/** igerman98's flags for a noun's plural and case endings (-e, -n, -en, -er, -es), feminine -in, compounding. */
const GERMAN_NOUN_FLAGS = /[ENPRTFij]/;

/** Letters only: no digit, apostrophe, hyphen, dot or space. */
const LETTERS_ONLY = /^\p{L}+$/u;

/** A name as the name lists compare them: lowercase, no accents. */
export function nameKey(name: string): string {
  return name.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
}

/** The capitalised stems of a .dic (its proper nouns, in French or Spanish), as name keys. */
export function capitalisedStems(dicLines: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const line of dicLines) {
    const entry = parseDicLine(line);
    if (entry !== null && /^\p{Lu}\p{Ll}+$/u.test(entry.stem)) names.add(nameKey(entry.stem));
  }
  return names;
}

/**
 * Does the lexicon take this stem (and so the forms its affixes make)? `foreignNames` (German
 * only): the proper nouns of the other languages' dictionaries, as name keys.
 */
export function keepsEntry(code: Exclude<LanguageCode, "en">, entry: DicEntry, foreignNames: ReadonlySet<string> = new Set()): boolean {
  const { stem, flags } = entry;
  if (!LETTERS_ONLY.test(stem)) return false;
  const rest = stem.slice(1);
  // An upper-case letter after the first: an abbreviation (ADSL) or a spelling such as "BürgerInnen".
  if (rest !== rest.toLowerCase()) return false;
  if (stem[0] === stem[0].toLowerCase()) return true;
  if (code !== "de") return false;
  if (GERMAN_NOUN_FLAGS.test(flags)) return true;
  return /[^S]/.test(flags) && !foreignNames.has(nameKey(stem));
}

/** Does a form the affix rules made stay? Forms of kept stems only differ by their affixes. */
export function keepsForm(code: Exclude<LanguageCode, "en">, form: string): boolean {
  if (!LETTERS_ONLY.test(form)) return false;
  // A French or Spanish form with a capital came from a capitalised prefix rule (L', Qu'), which
  // the apostrophe already rules out; a German noun's forms are capitalised like the noun.
  return code === "de" || form === form.toLowerCase();
}
