// The server's verdicts on words, made up for the site's game tests (the daily game's stores and
// submit queue): a word accepted with its receipt, or refused with a reason, and the points rule.
import type { WordAnswer } from "#site/core/api.ts";

/** Points of a word of `length` letters, as the tests' boards score them. */
export const points = (length: number): number => length - 2;

/** The server accepted `word`: its points and a receipt (`r-<word>` unless given; null for none). */
export const accepted = (word: string, receipt: string | null = `r-${word}`): WordAnswer =>
  ({ accepted: true, word, points: points(word.length), receipt, score: 0 }) as unknown as WordAnswer;

/** The server refused a word, for `reason`. */
export const refused = (reason: string): WordAnswer => ({ accepted: false, reason }) as unknown as WordAnswer;
