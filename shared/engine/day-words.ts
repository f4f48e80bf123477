// The words a precomputed board accepts, in a form that does not spell them: what a page needs to
// judge the daily board at once without the lexicon (a few kilobytes instead of 630 KB). The
// Worker already knows every word the board accepts (its solution); a word traced on the board
// and not among them is not a word. Each word travels as a hash salted with the board's key, its
// length, whether it is an everyday word, for everyday words only its first two letters (what the
// hints show on request), and where its spelling differs from its folded form, those letters
// ("cle" is shown "clé": "2é"), so a found French, Spanish or German word shows as it is spelled
// without the language's 130 KB spellings file. Someone reading the network tab sees no word; someone with a
// word list can still test words one by one, as they could against the API: this keeps answers
// out of sight, it is not a secret.
import type { FoundWord } from "./solver/index.ts";

/**
 * One accepted word: its salted hash, length, everyday (1) or bonus (0), its first two letters if
 * everyday, and its accents if any (`accentsOf`).
 */
export type DayWordEntry = [hash: string, length: number, everyday: 0 | 1, start: string, accents?: string | null];

/** The day's words as the puzzle's answer carries them (`GET /api/puzzles/:date`, `words`). */
export interface DayWordsPayload {
  /** The salt: the board's key (`2026-11-28`, `2026-11-28-fr`). */
  salt: string;
  entries: DayWordEntry[];
}

/**
 * A 53-bit hash of the salted word (cyrb53: two 32-bit multiply-xor lanes), in base 36. Fast and
 * synchronous, so a verdict needs no await; collisions among a board's few hundred words, or
 * with a typed non-word that can be traced, are about one in 2^53 / entries.
 */
export function dayWordHash(salt: string, word: string): string {
  const text = `${salt}:${word}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Where `spelled` differs from its folded form `folded`: each differing letter after the index in
 * `folded` where it starts ("2é" for "clé", "3ö" for "schön" as "schoen": the letter stands for
 * fold(letter) there). Empty when they are the same, or when `spelled` does not fold to `folded`.
 */
export function accentsOf(folded: string, spelled: string, fold: (text: string) => string): string {
  let out = "";
  let at = 0;
  for (const letter of spelled) {
    const plain = fold(letter);
    if (!folded.startsWith(plain, at)) return "";
    if (plain !== letter) out += `${at}${letter}`;
    at += plain.length;
  }
  return at === folded.length ? out : "";
}

/** The spelled form of `folded` with its `accents` (accentsOf) put back. */
export function withAccents(folded: string, accents: string, fold: (text: string) => string): string {
  let out = "";
  let at = 0;
  for (const [, index, letter] of accents.matchAll(/(\d+)(\D)/gu)) {
    const i = Number(index);
    out += folded.slice(at, i) + letter;
    at = i + fold(letter!).length;
  }
  return out + folded.slice(at);
}

/** How the payload learns a word's spelling: the language's spellings and fold (none for English). */
export interface Spellings {
  spelled(word: string): string | undefined;
  fold(text: string): string;
}

/** The payload for a board's solution, in the solution's order. */
export function dayWordsPayload(salt: string, words: readonly Pick<FoundWord, "word" | "common">[], spellings?: Spellings): DayWordsPayload {
  return {
    salt,
    entries: words.map(({ word, common }) => {
      const entry: DayWordEntry = [dayWordHash(salt, word), word.length, common ? 1 : 0, common ? word.slice(0, 2) : ""];
      const spelled = spellings?.spelled(word);
      const accents = spelled === undefined ? "" : accentsOf(word, spelled, spellings!.fold);
      if (accents !== "") entry.push(accents);
      return entry;
    }),
  };
}

/** A word hidden but for what the hints may show: its first two letters and its length. */
export interface EverydayShape {
  hash: string;
  /** The first two letters padded to the word's length with "?" ("ca???" for a five-letter word). */
  shape: string;
}

/**
 * The day's words, asked as a lexicon is asked (`has`, `isCommon`, `spells`), so the engine's
 * checkWord judges a word against them: the lexicon's verdict for anything traced on the board;
 * what cannot be traced is "not on the board", word or not (the lexicon would call a non-word
 * "not a word").
 */
export class DayWords {
  private readonly salt: string;
  private readonly everydayByHash = new Map<string, boolean>();
  private readonly accentsByHash = new Map<string, string>();
  /** The everyday words' shapes, for the hints. */
  readonly shapes: readonly EverydayShape[];
  /** Only this board's words: checkWord says "not on the board" for what cannot be traced. */
  readonly boardOnly = true;

  private readonly fold: (text: string) => string;

  /** `fold`: the board's language's (to put accents back); none for English. */
  constructor(payload: DayWordsPayload, fold: (text: string) => string = (text) => text) {
    this.salt = payload.salt;
    this.fold = fold;
    for (const [hash, , everyday, , accents] of payload.entries) {
      this.everydayByHash.set(hash, everyday === 1);
      if (accents) this.accentsByHash.set(hash, accents);
    }
    this.shapes = payload.entries.filter((e) => e[2] === 1).map(([hash, length, , start]) => ({ hash, shape: start.padEnd(length, "?") }));
  }

  get size(): number {
    return this.everydayByHash.size;
  }

  hashOf(word: string): string {
    return dayWordHash(this.salt, word);
  }

  has(word: string): boolean {
    return this.everydayByHash.has(this.hashOf(word));
  }

  isCommon(word: string): boolean {
    return this.everydayByHash.get(this.hashOf(word)) === true;
  }

  /** The word as its language spells it, if it is one of the day's words; undefined otherwise. */
  spelling(word: string): string | undefined {
    const hash = this.hashOf(word);
    if (!this.everydayByHash.has(hash)) return undefined;
    const accents = this.accentsByHash.get(hash);
    return accents === undefined ? word : withAccents(word, accents, this.fold);
  }

  /** Any letters: the board's language has already spelled the word (languages.ts normalize). */
  spells(): boolean {
    return true;
  }
}
