// The engine's data, per language: its lexicon (a Data module, used in place without parsing,
// made into a Lexicon on first use) and the blocklist no daily board of it may spell.
import { LANGUAGES, type LanguageCode, Lexicon, languageBlocklist } from "#engine";
import englishBytes from "../../dist/lexicon/english.bin";
import frenchBytes from "../../dist/lexicon/fr.bin";
import spanishBytes from "../../dist/lexicon/es.bin";
import germanBytes from "../../dist/lexicon/de.bin";
import englishBlocklist from "../../shared/engine/lexicon/blocklist.txt";
import frenchBlocklist from "../../shared/engine/lexicon/fr/blocklist.txt";
import spanishBlocklist from "../../shared/engine/lexicon/es/blocklist.txt";
import germanBlocklist from "../../shared/engine/lexicon/de/blocklist.txt";

const BYTES: Record<LanguageCode, ArrayBuffer> = { en: englishBytes, fr: frenchBytes, es: spanishBytes, de: germanBytes };
const BLOCKLIST_TEXT: Record<LanguageCode, string> = { en: englishBlocklist, fr: frenchBlocklist, es: spanishBlocklist, de: germanBlocklist };

const lexicons = new Map<LanguageCode, Lexicon>();
const blocklists = new Map<LanguageCode, readonly string[]>();

export function lexiconOf(lang: LanguageCode): Lexicon {
  let lexicon = lexicons.get(lang);
  if (lexicon === undefined) lexicons.set(lang, (lexicon = Lexicon.fromBytes(BYTES[lang])));
  return lexicon;
}

/** The words no daily board of the language may spell (written with accents, folded as the CLI folds them). */
export function blocklistOf(lang: LanguageCode): readonly string[] {
  let list = blocklists.get(lang);
  if (list === undefined) blocklists.set(lang, (list = languageBlocklist(BLOCKLIST_TEXT[lang], LANGUAGES[lang])));
  return list;
}

export function defaultLexicon(): Lexicon {
  return lexiconOf("en");
}

export const BLOCKLIST: readonly string[] = blocklistOf("en");
