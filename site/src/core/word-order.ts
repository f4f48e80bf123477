// The order missed words are listed in, wherever the site lists them (practice's results, the
// results card's best word missed, the solution): common words first (the ones worth learning),
// then the most points, then alphabetically.

export interface RankedWord {
  word: string;
  points: number;
  common: boolean;
}

export function worthLearningFirst(a: RankedWord, b: RankedWord): number {
  return Number(b.common) - Number(a.common) || b.points - a.points || a.word.localeCompare(b.word);
}
