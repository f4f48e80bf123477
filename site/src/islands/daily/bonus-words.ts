// Everyday words are the game: the target, the words left, the hints and the rank ladder count
// the lexicon's common tier (the puzzle's commonWords / commonPoints). Obscure words found are
// bonus words: their points are shown apart ("34 + 12 bonus"). The leaderboard's score still
// counts every word, bonus included (the server's scoring is unchanged; /leaderboard says so).
import { type Messages, messages } from "../../i18n/messages.ts";

export interface ScoreParts {
  /** Points of the everyday (common) words: what the rank ladder measures. */
  everyday: number;
  /** Points of the other words found. */
  bonus: number;
  everydayWords: number;
  bonusWords: number;
}

export function scoreParts(found: readonly { word: string; points: number }[], isCommon: (word: string) => boolean): ScoreParts {
  const parts: ScoreParts = { everyday: 0, bonus: 0, everydayWords: 0, bonusWords: 0 };
  for (const f of found) {
    if (isCommon(f.word)) {
      parts.everyday += f.points;
      parts.everydayWords++;
    } else {
      parts.bonus += f.points;
      parts.bonusWords++;
    }
  }
  return parts;
}

/** "34 + 12 bonus", or "" without bonus points. */
export function bonusText(parts: ScoreParts, t: Messages = messages()): string {
  return parts.bonus > 0 ? t.bonusSum(parts.everyday, parts.bonus) : "";
}
