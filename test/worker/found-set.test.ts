// The found-words bitset and the ranks drawn from a score histogram, on their own.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foundFromRanks, mergeFound, newRanks, ranksOf } from "#worker/results/found-set.ts";
import { decodeCursor, encodeCursor, percentileOf, standingsOf } from "#worker/results/standings.ts";

const ranks = fc.uniqueArray(fc.nat({ max: 600 }), { maxLength: 80 });
const sorted = (xs: Iterable<number>) => [...xs].sort((a, b) => a - b);

describe("found sets", () => {
  it("hold exactly their ranks, in canonical bytes, and merge as a union", () => {
    fc.assert(
      fc.property(ranks, ranks, (a, b) => {
        const x = foundFromRanks(a);
        const y = foundFromRanks(b);
        expect(ranksOf(x)).toEqual(sorted(a));
        // Canonical: no trailing zero byte, so equal sets are equal bytes.
        expect(x.length === 0 || x[x.length - 1] !== 0).toBe(true);
        const merged = mergeFound(x, y);
        expect(ranksOf(merged)).toEqual(sorted(new Set([...a, ...b])));
        expect(mergeFound(merged, y)).toEqual(merged);
        expect(newRanks(x, y)).toEqual(sorted(b.filter((r) => !a.includes(r))));
        expect(newRanks(merged, y)).toEqual([]);
      }),
    );
  });

  it("refuse what is not a rank", () => {
    expect(() => foundFromRanks([-1])).toThrow(RangeError);
    expect(() => foundFromRanks([1.5])).toThrow(RangeError);
  });
});

describe("standings", () => {
  it("rank a score one after every round that scored more; ties share; rounds that scored nothing are not ranked", () => {
    const s = standingsOf([{ score: 3, rounds: 2 }, { score: 10, rounds: 1 }, { score: 1, rounds: 4 }, { score: 0, rounds: 5 }]);
    expect(s.total).toBe(7);
    expect([10, 3, 1, 5, 11].map((score) => s.rankOf(score))).toEqual([1, 2, 4, 2, 1]);
    expect(percentileOf(1, 7)).toBe(100);
    expect(percentileOf(4, 7)).toBe(57);
    expect(percentileOf(1, 0)).toBe(0);
  });

  it("cursors read back as written, and nothing else reads as one", () => {
    const cursor = { score: 42, startedAt: 1_795_000_000_000, roundId: "0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of ["", "1.2", "a.b.c", "1.2.not-an-id", `${encodeCursor(cursor)}.x`]) expect(decodeCursor(bad)).toBeNull();
  });
});
