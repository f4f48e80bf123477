// Sharing the daily game's result (the Share button): the ranked round's words and score once
// one was played, else every word found; mid-round it says how much time was left.
import { rankFor } from "#game/ranks.ts";
import type { Puzzle } from "../../core/api.ts";
import { formatDuration } from "../../core/dates.ts";
import { scoreParts } from "./bonus-words.ts";
import { type PlayState, rankedScore, rankedWords, totalScore } from "./play-store.ts";
import { type ShareOutcome, shareResult } from "./share.ts";

export async function shareGame(
  puzzle: Puzzle,
  state: PlayState,
  isCommon: (word: string) => boolean,
  fallback: HTMLTextAreaElement | undefined,
  now = Date.now(),
): Promise<{ outcome: ShareOutcome; text: string }> {
  const { game } = state;
  const score = game.ranked ? rankedScore(game) : totalScore(game);
  const words = game.ranked ? rankedWords(game) : game.found;
  const parts = scoreParts(words, isCommon);
  const { usedHintNames } = await import("./hints.ts");
  return shareResult(
    {
      number: puzzle.number,
      lang: puzzle.lang,
      ranked: game.ranked,
      score,
      bonus: parts.bonus,
      words: words.map((f) => f.word),
      rank: rankFor(parts.everyday, puzzle.totals.commonPoints).name,
      // Mid-round, the share says the score is partial.
      timeLeft: state.phase === "round" && game.endsAt !== null ? formatDuration(game.endsAt - now) : undefined,
      hints: usedHintNames(puzzle.id, game.ranked ? "ranked" : "all"),
    },
    fallback,
  );
}
