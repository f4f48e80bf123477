import type { Rules } from "./rules.ts";

export interface ComparedWord {
  word: string;
  points: number;
  /** Found by more than one player: struck from every list, worth nothing. */
  struck: boolean;
}

export interface PlayerResult {
  words: ComparedWord[];
  score: number;
}

/**
 * Several players' word lists, compared as in the boxed game: a word on more than one list is
 * struck from all of them, and points go only to words no one else found. Each list is read
 * case-insensitively and counts a repeated word once.
 */
export function compareLists(lists: readonly (readonly string[])[], rules: Rules): { players: PlayerResult[] } {
  const normalized = lists.map((list) => [...new Set(list.map((word) => word.trim().toLowerCase()))]);
  const finders = new Map<string, number>();
  for (const list of normalized) for (const word of list) finders.set(word, (finders.get(word) ?? 0) + 1);
  const players = normalized.map((list) => {
    const words = list.map((word) => ({ word, points: rules.points(word.length), struck: finders.get(word)! > 1 }));
    const score = words.reduce((sum, w) => sum + (w.struck ? 0 : w.points), 0);
    return { words, score };
  });
  return { players };
}
