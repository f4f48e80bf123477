// The day's words (shared/engine/day-words.ts): a page judging a precomputed board from the salted
// hashes gives the verdict the lexicon gives, for every word the board accepts and for any string
// traced on it, and the payload spells no word of the solution.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DICE, DayWords, RULES, accentsOf, checkWord, dayWordHash, dayWordsPayload, shake, solve, createRng, traceWord, withAccents } from "../../shared/engine/index.ts";
import { LANGUAGES } from "../../shared/engine/languages.ts";
import { decodeSpellings } from "../../shared/engine/spellings.ts";
import type { Board, Cell } from "../../shared/engine/index.ts";
import { englishLexicon } from "./lexicon-fixture.ts";

const lexicon = englishLexicon();
const rules = RULES.classic;

function boardOf(seed: number): Board {
  return shake(DICE.classic, createRng(seed));
}

/** A string spelled along a random walk of the board (a word or not): what a player can trace. */
function walk(board: Board, start: number, steps: number[]): string {
  const used = new Set<number>([start]);
  let at = start;
  let text = board.faces[at]!;
  for (const step of steps) {
    const { rows, cols } = board;
    const [r, c] = [Math.floor(at / cols), at % cols];
    const next = [-1, 0, 1]
      .flatMap((dr) => [-1, 0, 1].map((dc) => [r + dr, c + dc] as Cell))
      .filter(([rr, cc]) => rr >= 0 && rr < rows && cc >= 0 && cc < cols && !used.has(rr * cols + cc));
    if (next.length === 0) break;
    const [rr, cc] = next[step % next.length]!;
    at = rr * cols + cc;
    used.add(at);
    text += board.faces[at]!;
  }
  return text;
}

describe("the day's words", () => {
  it("judge every word of the board as the lexicon does: accepted, points, everyday or bonus", () => {
    const board = boardOf(7);
    const { words } = solve(board, lexicon, rules);
    expect(words.length).toBeGreaterThan(20);
    const dayWords = new DayWords(dayWordsPayload("2027-03-14", words));
    for (const { word } of words) expect(checkWord(board, dayWords, rules, word)).toEqual(checkWord(board, lexicon, rules, word));
    expect(dayWords.size).toBe(words.length);
    expect(dayWords.shapes.length).toBe(words.filter((w) => w.common).length);
  });

  it("judge any string traced on the board as the lexicon does (a property over boards and walks)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 }), fc.integer({ min: 0, max: 15 }), fc.array(fc.nat(7), { minLength: 1, maxLength: 8 }), (seed, start, steps) => {
        const board = boardOf(seed);
        const dayWords = new DayWords(dayWordsPayload(`seed-${seed}`, solve(board, lexicon, rules).words));
        const text = walk(board, start, steps);
        expect(traceWord(board, text)).not.toBeNull();
        expect(checkWord(board, dayWords, rules, text)).toEqual(checkWord(board, lexicon, rules, text));
      }),
      { numRuns: 150 },
    );
  });

  it("spell no word of the solution, and hash the same word differently on another day", () => {
    const board = boardOf(11);
    const { words } = solve(board, lexicon, rules);
    const payload = dayWordsPayload("2027-03-14", words);
    const text = JSON.stringify(payload);
    // The first two letters of everyday words are there (the hints show them), no word as a string,
    // and no longer word anywhere (a short one may turn up inside a base-36 hash by chance).
    for (const { word } of words) expect(text.includes(`"${word}"`) || (word.length >= 6 && text.includes(word)), word).toBe(false);
    expect(payload.entries.filter(([, , everyday, start]) => everyday === 0 && start !== "")).toEqual([]);
    const other = dayWordsPayload("2027-03-15", words);
    expect(other.entries.map((e) => e[0]).filter((h, i) => h === payload.entries[i]![0])).toEqual([]);
    expect(dayWordHash("2027-03-14", words[0]!.word)).toBe(payload.entries[0]![0]);
  });

  it("call what cannot be traced on the board not on the board, a word or not", () => {
    const board = boardOf(3);
    const dayWords = new DayWords(dayWordsPayload("d", solve(board, lexicon, rules).words));
    const offBoard = ["jazz", "quiz", "zzzz", "xylophone"].filter((w) => traceWord(board, w) === null);
    expect(offBoard.length).toBeGreaterThan(2);
    for (const w of offBoard) expect(checkWord(board, dayWords, rules, w)).toEqual({ accepted: false, word: w, reason: "not-on-board" });
  });

  it("carry each word's accents, and put them back: every spelling of the French, Spanish and German lists", () => {
    for (const lang of ["fr", "es", "de"] as const) {
      const { fold } = LANGUAGES[lang];
      const file = fileURLToPath(new URL(`../../dist/lexicon/${lang}.spellings.txt`, import.meta.url));
      const spellings = decodeSpellings(readFileSync(file, "utf8"), fold);
      expect(spellings.size, lang).toBeGreaterThan(1000);
      for (const [folded, spelled] of spellings) {
        const accents = accentsOf(folded, spelled, fold);
        // Only the letters that differ travel: never a whole word a board can hold (three letters or more).
        if (folded.length >= 3) expect(accents.replace(/\d/g, "").length, spelled).toBeLessThan(spelled.length);
        expect(withAccents(folded, accents, fold), spelled).toBe(spelled === folded || accents !== "" ? spelled : folded);
      }
    }
    expect(accentsOf("eleve", "élève", LANGUAGES.fr.fold)).toBe("0é2è");
    expect(accentsOf("schoen", "schön", LANGUAGES.de.fold)).toBe("3ö");
    expect(withAccents("schoen", "3ö", LANGUAGES.de.fold)).toBe("schön");
    const payload = dayWordsPayload("2027-03-14-fr", [{ word: "cle", common: true }, { word: "mot", common: false }], { spelled: (w) => (w === "cle" ? "clé" : undefined), fold: LANGUAGES.fr.fold });
    const dayWords = new DayWords(JSON.parse(JSON.stringify(payload)), LANGUAGES.fr.fold);
    expect([dayWords.spelling("cle"), dayWords.spelling("mot"), dayWords.spelling("clef")]).toEqual(["clé", "mot", undefined]);
    // About half a million spellings, 16 s alone on this machine: room for a loaded one.
  }, 120_000);
});
