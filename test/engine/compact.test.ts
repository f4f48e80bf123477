import { describe, expect, it } from "vitest";
import { type Board, type ByteOutput, CompactSolution, RULES, createRng, DICE, parseBoard, shake, solve, solveCompact, solveTotals, writeWords } from "../../shared/engine/index.ts";
import { englishLexicon, lexiconOf } from "./lexicon-fixture.ts";

const english = englishLexicon();
const tray16 = Array.from({ length: 16 }, () => DICE.new).flat();
const boards: Board[] = [
  parseBoard("case/mopi/stre/napd"),
  parseBoard("[th]e[qu]n/aeio/rstl/pcdm"),
  ...Array.from({ length: 6 }, (_, i) => shake(DICE.new, createRng(i))),
  shake(DICE.big, createRng(7)),
  shake(tray16, createRng(8)),
];

describe("solveCompact", () => {
  it("holds exactly what solve() returns, word by word, and converts back to it", () => {
    for (const board of boards) {
      const objects = solve(board, english, RULES.classic);
      const compact = solveCompact(board, english, RULES.classic);
      expect(compact).toBeInstanceOf(CompactSolution);
      expect(compact.count).toBe(objects.words.length);
      expect(compact.totals).toEqual(objects.totals);
      expect(compact.byLength()).toEqual(objects.byLength);
      objects.words.forEach((w, i) => {
        expect(compact.word(i)).toBe(w.word);
        expect(compact.path(i)).toEqual(w.path);
        expect(compact.points(i)).toBe(w.points);
        expect(compact.isCommon(i)).toBe(w.common);
        expect(compact.letters(i)).toBe(w.word.length);
        expect(compact.rank(i)).toBe(english.rank(w.word));
        expect(compact.pathLength(i)).toBe(w.path.length);
        expect(compact.tile(i, 0)).toBe(w.path[0][0] * board.cols + w.path[0][1]);
      });
      expect(compact.toSolution()).toEqual(objects);
      expect(solveTotals(board, english, RULES.classic)).toEqual(objects.totals);
    }
  });

  it("writes the same JSON as JSON.stringify of the objects", () => {
    for (const board of boards) {
      expect(solveCompact(board, english, RULES.classic).wordsJson()).toBe(JSON.stringify(solve(board, english, RULES.classic).words));
    }
    expect(solveCompact(parseBoard("../.."), english, RULES.classic).wordsJson()).toBe("[]");
  });

  it("keeps its words ranked in order and finds any word by a lexicon lookup", () => {
    const compact = solveCompact(boards[0], english, RULES.classic);
    const ranks = [...compact.ranks];
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (let i = 0; i < compact.count; i++) expect(compact.indexOf(compact.word(i))).toBe(i);
    expect(compact.indexOf("zebra")).toBe(-1); // a word, not on this board
    expect(compact.indexOf("mopix")).toBe(-1); // not a word
    expect(compact.indexOf("ca")).toBe(-1); // a prefix
  });

  it("spells words as bytes, multi-letter faces included", () => {
    const compact = solveCompact(parseBoard("[th]e/nx"), lexiconOf(["the", "then", "hen"]), RULES.classic);
    const out = new Uint8Array(16);
    const end = compact.spellInto(1, out, compact.spellInto(0, out, 0));
    expect(new TextDecoder().decode(out.subarray(0, end))).toBe("thethen");
  });

  it("stays valid after later searches (it owns its numbers)", () => {
    const first = solveCompact(boards[0], english, RULES.classic);
    const words = Array.from({ length: first.count }, (_, i) => first.word(i));
    for (const board of boards) solveCompact(board, english, RULES.classic);
    expect(Array.from({ length: first.count }, (_, i) => first.word(i))).toEqual(words);
  });
});

/** A ByteOutput over a fixed buffer that records how much room was asked for. */
function fixedOutput(bytes: number): ByteOutput & { reserved: number[] } {
  const reserved: number[] = [];
  return { buffer: new Uint8Array(bytes), at: 0, reserved, reserve: (n) => void reserved.push(n) };
}

describe("writeWords", () => {
  it("writes solve()'s words in order as bytes, each followed by the separator, after what is already there", () => {
    for (const board of boards) {
      const words = solve(board, english, RULES.classic).words.map((w) => w.word);
      const out = fixedOutput(1 << 16);
      out.at = 3;
      expect(writeWords(board, english, RULES.classic, out)).toBe(words.length);
      const text = words.map((w) => `${w}\n`).join("");
      // It asks for exactly the room it uses, once, before writing.
      expect(out.reserved).toEqual([text.length]);
      expect(out.at).toBe(3 + text.length);
      expect(new TextDecoder().decode(out.buffer.subarray(3, out.at))).toBe(text);
    }
  });

  it("spells multi-letter faces and takes another separator", () => {
    const out = fixedOutput(64);
    // 'hen' is not there: its h is inside the [th] face.
    expect(writeWords(parseBoard("[th]e/nx"), lexiconOf(["the", "then", "hen"]), RULES.classic, out, 32)).toBe(2);
    expect(new TextDecoder().decode(out.buffer.subarray(0, out.at))).toBe("the then ");
  });

  it("writes nothing for a board without words", () => {
    const out = fixedOutput(8);
    expect(writeWords(parseBoard("../.."), english, RULES.classic, out)).toBe(0);
    expect(out.at).toBe(0);
  });
});
