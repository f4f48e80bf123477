// What the results say: everyday and bonus points apart, standing among few or many players,
// and share rows that read without having played.
import { expect, test } from "vitest";
import { bonusText, scoreParts } from "#site/islands/daily/bonus-words.ts";
import { lengthSummary, resultText, standingText } from "#site/islands/daily/result-text.ts";
import { scoreBands } from "#site/islands/stats/score-bands.ts";

test("everyday and bonus points are counted apart", () => {
  const common = new Set(["cart", "rate"]);
  const parts = scoreParts([{ word: "cart", points: 1 }, { word: "rate", points: 1 }, { word: "routhe", points: 3 }], (w) => common.has(w));
  expect(parts).toEqual({ everyday: 2, bonus: 3, everydayWords: 2, bonusWords: 1 });
  expect(bonusText(parts)).toBe("2 + 3 bonus");
  expect(bonusText(scoreParts([{ word: "cart", points: 1 }], (w) => common.has(w)))).toBe("");
});

test("standing: no percentage for a lone player or a small field", () => {
  expect(standingText(1, 1)).toBe("first player today");
  expect(standingText(2, 5)).toBe("#2 of 5 players");
  expect(standingText(3, 40)).toBe("#3 of 40 · top 8%");
});

test("share rows name the word length and the bonus", () => {
  expect(lengthSummary(["cat", "cart", "rate"])).toEqual(["3 letters 🟨 1", "4 letters 🟩🟩 2"]);
  const text = resultText({ number: 7, ranked: true, score: 5, bonus: 3, words: ["cart", "routhe"], rank: "Good", url: "https://x/" });
  expect(text.split("\n").slice(0, 2)).toEqual(["Tumbleword #7", "5 points (3 bonus) · 2 words · Good"]);
  expect(text).toContain("Words by length:\n4 letters");
});

test("the text-only share has no emoji: each length in words, for screen readers", () => {
  expect(lengthSummary(["cat", "cart", "rate"], true)).toEqual(["3 letters: 1 word", "4 letters: 2 words"]);
  const text = resultText({ number: 7, ranked: true, score: 5, words: ["cart", "rate", "routhe"], rank: "Good", textOnly: true, url: "https://x/" });
  expect(text).toBe("Tumbleword #7\n5 points · 3 words · Good\nWords by length:\n4 letters: 2 words\n6 letters: 1 word\nLongest: 6 letters\nhttps://x/");
  expect(text).not.toMatch(/\p{Extended_Pictographic}/u);
});

test("score bands: round widths from 0 to the best score", () => {
  expect(scoreBands([])).toEqual([]);
  expect(scoreBands([5]).map((b) => [b.from, b.to, b.days])).toEqual([[0, 0, 0], [1, 1, 0], [2, 2, 0], [3, 3, 0], [4, 4, 0], [5, 5, 1]]);
  const wide = scoreBands([3, 12, 47, 48]);
  expect(wide.length).toBeLessThanOrEqual(8);
  expect(wide.map((b) => b.to - b.from + 1)).toEqual(Array(wide.length).fill(10));
  expect(wide.reduce((s, b) => s + b.days, 0)).toBe(4);
});
