// The scale run's typical player-day finds the same words and sends the same batches on every
// board, whatever the length of its solution (the batches once followed the day: a solution whose
// length shared a factor with the old stride gave fewer distinct words, so fewer batches).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_WORDS, TYPICAL_PLAYERS, clientBatches, playerWords } from "#scripts/scale/player-day.ts";
import { DEFAULT_ROUND_SECONDS, MAX_WORDS_PER_BATCH, batchDelayMs } from "#game/round.ts";

const solutionOf = (length: number) => Array.from({ length }, (_, i) => ({ word: `w${i}` }));

describe("a typical player-day", () => {
  it("gives every player min(40, the solution's length) different words of the solution, on any board", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1200 }), fc.integer({ min: 0, max: TYPICAL_PLAYERS - 1 }), (length, p) => {
        const solution = solutionOf(length);
        const words = playerWords(solution, p);
        expect(new Set(words).size).toBe(Math.min(DAY_WORDS, length));
        for (const word of words) expect(solution.some((w) => w.word === word)).toBe(true);
      }),
    );
  });

  it("sends 40 words evenly over the 3-minute round in 7 batches, none larger than the limit", () => {
    const roundMs = DEFAULT_ROUND_SECONDS * 1000;
    const foundAt = Array.from({ length: DAY_WORDS }, (_, i) => Math.round(((i + 0.5) * roundMs) / DAY_WORDS));
    const batches = clientBatches(foundAt, batchDelayMs(roundMs), roundMs);
    expect(batches).toHaveLength(7);
    expect(batches.flatMap((b) => b.words)).toEqual(foundAt.map((_, i) => i));
    for (const batch of batches) expect(batch.words.length).toBeLessThanOrEqual(MAX_WORDS_PER_BATCH);
  });
});
