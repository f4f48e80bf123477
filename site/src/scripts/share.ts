// Sharing a result: the Web Share API where there is one, else the clipboard, else a selectable
// text the player can copy by hand.
import { plural } from "../../../shared/plural.ts";

export type ShareOutcome = "shared" | "copied" | "manual" | "cancelled";

export async function shareText(text: string, fallbackField?: HTMLTextAreaElement): Promise<ShareOutcome> {
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ text });
      return "shared";
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return "cancelled";
      // Not allowed here (some iframes, some desktops): fall through to the clipboard.
    }
  }
  if (await copyText(text)) return "copied";
  if (fallbackField) {
    fallbackField.hidden = false;
    fallbackField.value = text;
    fallbackField.select();
  }
  return "manual";
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

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
  url: string;
}

const LENGTH_BLOCKS = ["🟨", "🟩", "🟦", "🟪", "🟥"];

/**
 * One line per word length found, e.g. "4 letters 🟩🟩🟩 3": a picture someone who has not played
 * can read (the colour grows with the length), and no word is given away.
 */
export function lengthSummary(words: readonly string[]): string[] {
  const byLength = new Map<number, number>();
  for (const w of words) byLength.set(w.length, (byLength.get(w.length) ?? 0) + 1);
  return [...byLength.keys()]
    .sort((a, b) => a - b)
    .map((length) => {
      const count = byLength.get(length)!;
      const block = LENGTH_BLOCKS[Math.min(LENGTH_BLOCKS.length - 1, Math.max(0, length - 3))];
      return `${length} letters ${block.repeat(Math.min(count, 10))}${count > 10 ? "+" : ""} ${count}`;
    });
}

/**
 * Where a player stands among the day's players, in words that make sense at any size: a lone
 * player is the first, a small field gets no percentage ("top 100%" of 1 says nothing).
 */
export function standingText(rank: number, total: number): string {
  if (total <= 1) return "first player today";
  if (total < 10) return `#${rank} of ${total} players`;
  const top = Math.max(1, Math.ceil((rank / total) * 100));
  return `#${rank} of ${total} · top ${top}%`;
}

/** The spoiler-free share text: standing, a words-by-length picture, the longest word's length. */
export function resultText(r: ResultSummary): string {
  const longest = r.words.reduce((max, w) => Math.max(max, w.length), 0);
  const kind = r.timeLeft ? ` (so far, ${r.timeLeft} left)` : r.ranked ? "" : " (unranked)";
  const lines = [`Tumbleword #${r.number}${kind}`, `${plural(r.score, "point")}${r.bonus ? ` (${r.bonus} bonus)` : ""} · ${plural(r.words.length, "word")} · ${r.rank}`];
  if (r.standing) lines.push(r.standing);
  if (r.words.length > 0) lines.push("Words by length:", ...lengthSummary(r.words));
  if (longest > 0) lines.push(`Longest: ${longest} letters`);
  if (r.hints && r.hints.length > 0) lines.push(`Hints: ${r.hints.join(", ")}`);
  lines.push(r.url);
  return lines.join("\n");
}

/** What the page says after a share: nothing when the system's share sheet took it. */
const OUTCOME_TEXT: Record<ShareOutcome, string> = {
  shared: "",
  cancelled: "",
  copied: "Result copied to the clipboard.",
  manual: "Copy your result from the box below.",
};

/** Shares a result with a link to the site; resolves to the outcome and what to tell the player. */
export async function shareResult(summary: Omit<ResultSummary, "url">, fallbackField?: HTMLTextAreaElement): Promise<{ outcome: ShareOutcome; text: string }> {
  const outcome = await shareText(resultText({ ...summary, url: `${location.origin}/` }), fallbackField);
  return { outcome, text: OUTCOME_TEXT[outcome] };
}
