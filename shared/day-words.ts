// The words a precomputed board accepts, in a form that does not spell them: what a page needs to
// judge the daily board at once without the lexicon (a few kilobytes instead of 630 KB). The
// Worker already knows every word the board accepts (its solution); a word traced on the board
// and not among them is not a word. Each word travels as a hash salted with the board's key, its
// length, whether it is an everyday word, and, for everyday words only, its first two letters
// (what the hints show on request). Someone reading the network tab sees no word; someone with a
// word list can still test words one by one, as they could against the API: this keeps answers
// out of sight, it is not a secret.
import type { FoundWord } from "./solver/index.ts";

/** One accepted word: its salted hash, length, everyday (1) or bonus (0), and its first two letters if everyday. */
export type DayWordEntry = [hash: string, length: number, everyday: 0 | 1, start: string];

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

/** The payload for a board's solution, in the solution's order. */
export function dayWordsPayload(salt: string, words: readonly Pick<FoundWord, "word" | "common">[]): DayWordsPayload {
  return { salt, entries: words.map(({ word, common }) => [dayWordHash(salt, word), word.length, common ? 1 : 0, common ? word.slice(0, 2) : ""]) };
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
  /** The everyday words' shapes, for the hints. */
  readonly shapes: readonly EverydayShape[];
  /** Only this board's words: checkWord says "not on the board" for what cannot be traced. */
  readonly boardOnly = true;

  constructor(payload: DayWordsPayload) {
    this.salt = payload.salt;
    for (const [hash, , everyday] of payload.entries) this.everydayByHash.set(hash, everyday === 1);
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

  /** Any letters: the board's language has already spelled the word (languages.ts normalize). */
  spells(): boolean {
    return true;
  }
}
