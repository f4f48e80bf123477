// The spoiler-free share text of a result, and the standing line it shares with the results card
// (no DOM here: the tests read these directly).
import { LANGUAGES, type LanguageCode } from "#engine";
import { plural } from "#game/plural.ts";
import { sharePlace } from "../../i18n/share-english.ts";

export interface ResultSummary {
  number: number;
  /** Today's ranked result (false: a replay or free play, said so). */
  ranked: boolean;
  score: number;
  /** The part of the score from bonus (not everyday) words. */
  bonus?: number;
  words: readonly string[];
  rank: string;
  /** Set while the ranked round still runs: the share says it is a partial score. */
  timeLeft?: string;
  /** "top 12% of 80 players", when known. */
  standing?: string;
  hints?: readonly string[];
  /** The board's language, named in the text unless English. */
  lang?: LanguageCode;
  /** Words only, no emoji: what a screen reader reads well ("4 letters: 3 words"). */
  textOnly?: boolean;
  url: string;
}

const LENGTH_BLOCKS = ["🟨", "🟩", "🟦", "🟪", "🟥"];

/**
 * One line per word length found, e.g. "4 letters 🟩🟩🟩 3": a picture someone who has not played
 * can read (the colour grows with the length), and no word is given away.
 */
export function lengthSummary(words: readonly string[], textOnly = false): string[] {
  const byLength = new Map<number, number>();
  for (const w of words) byLength.set(w.length, (byLength.get(w.length) ?? 0) + 1);
  return [...byLength.keys()]
    .sort((a, b) => a - b)
    .map((length) => {
      const count = byLength.get(length)!;
      if (textOnly) return `${length} letters: ${plural(count, "word")}`;
      const block = LENGTH_BLOCKS[Math.min(LENGTH_BLOCKS.length - 1, Math.max(0, length - 3))];
      return `${length} letters ${block.repeat(Math.min(count, 10))}${count > 10 ? "+" : ""} ${count}`;
    });
}

/**
 * Where a player stands among the day's players, in words that make sense at any size: a lone
 * player is the first, a small field gets no percentage ("top 100%" of 1 says nothing).
 */
export function standingText(rank: number, total: number): string {
  return sharePlace(rank, total);
}

/** The spoiler-free share text: standing, a words-by-length picture, the longest word's length. */
export function resultText(r: ResultSummary): string {
  const longest = r.words.reduce((max, w) => Math.max(max, w.length), 0);
  const kind = r.timeLeft ? ` (so far, ${r.timeLeft} left)` : r.ranked ? "" : " (unranked)";
  const language = r.lang === undefined || r.lang === "en" ? "" : ` · ${LANGUAGES[r.lang].nativeName}`;
  const lines = [`Tumbleword #${r.number}${language}${kind}`, `${plural(r.score, "point")}${r.bonus ? ` (${r.bonus} bonus)` : ""} · ${plural(r.words.length, "word")} · ${r.rank}`];
  if (r.standing) lines.push(r.standing);
  if (r.words.length > 0) lines.push("Words by length:", ...lengthSummary(r.words, r.textOnly));
  if (longest > 0) lines.push(`Longest: ${longest} letters`);
  if (r.hints && r.hints.length > 0) lines.push(`Hints: ${r.hints.join(", ")}`);
  lines.push(r.url);
  return lines.join("\n");
}

