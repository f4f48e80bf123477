// Display names. A name is Unicode-normalised (NFKC), trimmed, inner whitespace collapsed, at
// most MAX_NAME_LENGTH characters, and refused when it
// - holds invisible or blank-looking characters: controls, format characters (bidi, zero-width),
//   separators, private use, every Default_Ignorable_Code_Point (variation selectors, the
//   combining grapheme joiner, Hangul fillers, ...) and BLANK_LOOKALIKES, which render as
//   nothing but are ordinary letters or symbols to Unicode;
// - has no letter, digit or symbol at all (only punctuation looks like an empty row);
// - stacks more than MAX_MARKS_PER_CHARACTER combining marks on one character;
// - reads as a default name ("Player 1A2B", in any case, spacing or look-alike letters), which
//   the leaderboard shows for players without a name;
// - reads as the service's own voice ("Moderator", "Admin", "Tumbleword", also in look-alike
//   letters such as Cyrillic "Моderator": RESERVED_WORDS);
// - is profane by obscenity's English dataset (plus PROFANITY_ADDITIONS), also disguised by
//   look-alike letters, leetspeak, repeated letters, or letters spaced out ("f u c k").
// A refused name never blocks play: the player just stays nameless.
import {
  DataSet,
  RegExpMatcher,
  englishDataset,
  englishRecommendedBlacklistMatcherTransformers,
  englishRecommendedWhitelistMatcherTransformers,
  pattern,
  resolveConfusablesTransformer,
  resolveLeetSpeakTransformer,
  skipNonAlphabeticTransformer,
  toAsciiLowerCaseTransformer,
} from "obscenity";

export const MAX_NAME_LENGTH = 20;
/**
 * Three marks cover real names: pointed Hebrew (dagesh, shin dot and vowel on one letter) and
 * Tibetan stacks; Vietnamese and most Latin accents are one precomposed letter after NFKC.
 * "Zalgo" text needs many more.
 */
export const MAX_MARKS_PER_CHARACTER = 3;

// \p{C}: controls, format characters (bidi marks and isolates, zero-width spaces and joiners,
// BOM), surrogates, private use, unassigned. \p{Zl}\p{Zp}: line and paragraph separators.
const FORBIDDEN = /[\p{C}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;
// Blank glyphs that Unicode does not call ignorable: BRAILLE PATTERN BLANK, the Hangul fillers
// (some are also ignorable; listed for clarity), MUSICAL SYMBOL NULL NOTEHEAD.
const BLANK_LOOKALIKES = /[\u2800\u115F\u1160\u3164\uFFA0\u{1D159}]/u;
const VISIBLE = /[\p{L}\p{N}\p{S}]/u;
const MARK_RUN = /\p{M}+/gu;

// obscenity's English dataset has no names of genocidal figures; added through its own API so
// the same transformers (leetspeak: "h1tler") apply.
const PROFANITY_ADDITIONS = new DataSet<{ originalWord: string }>()
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: "hitler" }).addPattern(pattern`hitler`))
  .addPhrase((phrase) => phrase.setMetadata({ originalWord: "nazi" }).addPattern(pattern`|nazi`).addWhitelistedTerm("nazia").addWhitelistedTerm("nazir"));

const dataset = () => new DataSet<{ originalWord: string }>().addAll(englishDataset).addAll(PROFANITY_ADDITIONS).build();

// The recommended transformers, as obscenity ships them.
let plainMatcher: RegExpMatcher | undefined;
function plainProfanity(): RegExpMatcher {
  return (plainMatcher ??= new RegExpMatcher({
    ...dataset(),
    blacklistMatcherTransformers: englishRecommendedBlacklistMatcherTransformers,
    whitelistMatcherTransformers: englishRecommendedWhitelistMatcherTransformers,
  }));
}

// The same plus obscenity's skipNonAlphabeticTransformer, at the place where its recommended
// list has it commented out (after lower-casing, before collapsing duplicates): reads "f u c k"
// and "s-h-i-t" as words. obscenity leaves it out because it also joins neighbouring words
// ("Jess Exton"), so spacedProfanity() only trusts its matches over short fragments.
let spacedMatcher: RegExpMatcher | undefined;
function spacedMatches(name: string) {
  const transformers = [...englishRecommendedBlacklistMatcherTransformers];
  transformers.splice(3, 0, skipNonAlphabeticTransformer());
  spacedMatcher ??= new RegExpMatcher({
    ...dataset(),
    blacklistMatcherTransformers: transformers,
    whitelistMatcherTransformers: englishRecommendedWhitelistMatcherTransformers,
  });
  return spacedMatcher.getAllMatches(name);
}

/** Pieces of at most this many characters are spelling, not words: "fu ck", "f u c k". */
const FRAGMENT = 2;

function spacedProfanity(name: string): boolean {
  const tokens = [...name.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ start: m.index, end: m.index + m[0].length - 1, length: [...m[0]].length }));
  return spacedMatches(name).some((match) => {
    const touched = tokens.filter((t) => t.end >= match.startIndex && t.start <= match.endIndex);
    return touched.length <= 1 || touched.some((t) => t.length <= FRAGMENT);
  });
}

// A default name's skeleton: look-alikes resolved by obscenity's own transformers, lower case,
// letters and digits only, and l/i/1/| read alike.
const SKELETON_TRANSFORMERS = [resolveConfusablesTransformer(), resolveLeetSpeakTransformer(), toAsciiLowerCaseTransformer()];
const DEFAULT_NAME_SKELETON = /^piayer[a-z0-9]{0,6}$/;

function skeleton(name: string): string {
  let out = "";
  for (const char of name) {
    let code: number | undefined = char.codePointAt(0)!;
    for (const t of SKELETON_TRANSFORMERS) {
      if (code === undefined) break;
      code = t.transform(code);
    }
    if (code !== undefined) out += String.fromCodePoint(code);
  }
  return out.replace(/[^a-z0-9]/g, "").replace(/l/g, "i");
}

export function looksLikeDefaultName(name: string): boolean {
  return DEFAULT_NAME_SKELETON.test(skeleton(name));
}

/**
 * What two names are compared by, so that look-alikes compare equal: NFKC, then every character
 * folded by obscenity's confusables and leetspeak transformers (Unicode's confusable letters:
 * Cyrillic "М" and "о", Greek "Μ", mathematical and enclosed letters, "0" for "o"), lower case,
 * only letters, digits and symbols kept (spacing and punctuation do not tell names apart), and l read as i.
 * Letters without a Latin look-alike stay as they are: "Дмитрий" keeps its д, и, т.
 */
export function nameSkeleton(name: string): string {
  let out = "";
  for (const char of name.normalize("NFKC")) {
    let code: number | undefined = char.codePointAt(0)!;
    for (const t of SKELETON_TRANSFORMERS) {
      if (code === undefined) break;
      code = t.transform(code);
    }
    if (code !== undefined) out += String.fromCodePoint(code);
  }
  return out.toLocaleLowerCase("und").replace(/[^\p{L}\p{N}\p{S}]/gu, "").replace(/l/g, "i");
}

/** Whether two names read alike (nameSkeleton): one player cannot pass for the other. */
export function namesAlike(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}

// Names that would speak for the service: these alone (in any spacing), any word of the name
// starting with a role ("Moderators", "Admin_Ann"), or the game's name anywhere. Compared by
// skeleton, so "Моderator" in Cyrillic letters and "M0d3rator" are the same word.
const RESERVED_NAMES = ["mod", "moderator", "admin", "administrator", "staff", "support", "official", "tumbleword"].map(nameSkeleton);
const RESERVED_ROLES = ["moderator", "admin"].map(nameSkeleton);
const BRAND = nameSkeleton("tumbleword");

export function soundsOfficial(name: string): boolean {
  const whole = nameSkeleton(name);
  if (RESERVED_NAMES.includes(whole) || whole.includes(BRAND)) return true;
  const words = name.normalize("NFKC").split(/[^\p{L}\p{N}\p{M}]+/u).map(nameSkeleton);
  return words.some((word) => RESERVED_ROLES.some((role) => word.startsWith(role)));
}

function tooManyMarks(name: string): boolean {
  if (/^\p{M}/u.test(name)) return true; // a mark with no character of its own
  for (const run of name.matchAll(MARK_RUN)) if ([...run[0]].length > MAX_MARKS_PER_CHARACTER) return true;
  return false;
}

export type NameCheck = { ok: true; name: string } | { ok: false; message: string };

export function checkName(raw: string): NameCheck {
  const normalized = raw.normalize("NFKC");
  if (FORBIDDEN.test(raw) || FORBIDDEN.test(normalized) || BLANK_LOOKALIKES.test(raw) || BLANK_LOOKALIKES.test(normalized)) {
    return { ok: false, message: "names cannot contain control, bidi, zero-width or other invisible characters" };
  }
  const name = normalized.replace(/\s+/g, " ").trim();
  if (name.length === 0) return { ok: false, message: "the name is empty" };
  if ([...name].length > MAX_NAME_LENGTH) return { ok: false, message: `names are at most ${MAX_NAME_LENGTH} characters` };
  if (!VISIBLE.test(name)) return { ok: false, message: "names need at least one letter, digit or symbol" };
  if (tooManyMarks(name)) return { ok: false, message: `at most ${MAX_MARKS_PER_CHARACTER} accents or marks on one character` };
  if (looksLikeDefaultName(name)) return { ok: false, message: 'names like "Player 1A2B" are kept for players without a name' };
  if (soundsOfficial(name)) return { ok: false, message: "names that read as the game's own staff (moderator, admin, Tumbleword) are kept for them" };
  if (plainProfanity().hasMatch(name) || spacedProfanity(name)) return { ok: false, message: "please choose another name" };
  return { ok: true, name };
}

/** What the leaderboard shows for a player without a name. */
/** How a deleted player's rounds are named, live or archived (the site shows its own language's words). */
export const DELETED_PLAYER_NAME = "a deleted player";

/** The name a leaderboard row shows: its player's, their default one, or DELETED_PLAYER_NAME. */
export function shownName(row: { playerId: string; name: string | null; deleted: boolean }): string {
  return row.deleted ? DELETED_PLAYER_NAME : (row.name ?? defaultName(row.playerId));
}

export function defaultName(playerId: string): string {
  return `Player ${playerId.slice(0, 4).toUpperCase()}`;
}
