import { describe, expect, it } from "vitest";
import { type Board, type Path, RULES, customRules, parseBoard, solve, solveTotals } from "../../shared/engine/index.ts";
import { englishLexicon, lexiconOf } from "./lexicon-fixture.ts";

/** A path is valid when its tiles are distinct, each adjacent to the next, and spell the word. */
function expectValidPath(board: Board, word: string, path: Path): void {
  const keys = path.map(([r, c]) => r * board.cols + c);
  expect(new Set(keys).size).toBe(keys.length);
  for (let i = 1; i < path.length; i++) {
    expect(Math.max(Math.abs(path[i][0] - path[i - 1][0]), Math.abs(path[i][1] - path[i - 1][1]))).toBe(1);
  }
  expect(keys.map((k) => board.faces[k]).join("")).toBe(word);
}

describe("solve", () => {
  it("counts Qu as two letters: queue on Qu-E-U-E is a 5-letter word on 4 tiles", () => {
    const lex = lexiconOf(["queue", "que", "qua"]);
    const board = parseBoard("qe/eu");
    const result = solve(board, lex, RULES.classic);
    const queue = result.words.find((w) => w.word === "queue")!;
    expect(queue.path).toHaveLength(4);
    expect(queue.points).toBe(RULES.classic.points(5));
    expect(result.words.map((w) => w.word)).toEqual(["que", "queue"]);
  });

  it("never lets a Qu face stand for a bare q", () => {
    const lex = lexiconOf(["qat", "quat"]);
    expect(solve(parseBoard("qa/tx"), lex, RULES.classic).words.map((w) => w.word)).toEqual(["quat"]);
    // Under open rules q is a plain letter.
    expect(solve(parseBoard("qa/tx", RULES.open), lex, RULES.open).words.map((w) => w.word)).toEqual(["qat"]);
  });

  it("never reuses a tile in a path", () => {
    const lex = lexiconOf(["aba", "abab", "bab"]);
    // a b / x x : "aba" would need the single a twice.
    expect(solve(parseBoard("ab/xx"), lex, RULES.classic).words).toEqual([]);
    expect(solve(parseBoard("ab/ax"), lex, RULES.classic).words.map((w) => w.word)).toEqual(["aba"]);
  });

  it("steps back onto the previous tile's letter only through another tile showing it", () => {
    // The search skips a tile whose only way on is the letter of the tile it came from (that
    // tile is on the path); it must still report the word there, and still go on when a second
    // neighbour shows the letter. On t-a-t: "tat" ends on the last t, "tata" would need the a again.
    const lex = lexiconOf(["tat", "tata", "atat"]);
    for (const board of [parseBoard("tat/xxx/xxx"), parseBoard("tatxxx/" + "xxxxxx/".repeat(4) + "xxxxxx")]) {
      expect(solve(board, lex, RULES.classic).words.map((w) => w.word)).toEqual(["tat"]);
      expect(solveTotals(board, lex, RULES.classic).words).toBe(1);
    }
    // a-t-a-t in a square: from the second a, both t's neighbour it, so "atat" goes on to the other t.
    for (const board of [parseBoard("at/ta"), parseBoard("atxxxx/taxxxx/" + "xxxxxx/".repeat(3) + "xxxxxx")]) {
      expect(solve(board, lex, RULES.classic).words.map((w) => w.word)).toEqual(["atat", "tat", "tata"]);
      expect(solveTotals(board, lex, RULES.classic).words).toBe(3);
    }
  });

  it("does not wrap around the edges", () => {
    const lex = lexiconOf(["cab"]);
    // c is at the end of row 0, a at the start of row 1: not neighbours on a 3-wide board.
    expect(solve(parseBoard("xbc/axx/xxx"), lex, RULES.classic).words).toEqual([]);
    expect(solve(parseBoard("xac/bxx/xxx"), lex, RULES.classic).words.map((w) => w.word)).toEqual(["cab"]);
  });

  it("counts a word traceable along two paths once", () => {
    const lex = lexiconOf(["tat"]);
    const result = solve(parseBoard("tat/xxx/tat"), lex, RULES.classic);
    expect(result.words.map((w) => w.word)).toEqual(["tat"]);
    expect(result.totals.words).toBe(1);
  });

  it("honours the minimum and maximum lengths and skips blanks", () => {
    const lex = lexiconOf(["at", "tab", "tabs"]);
    expect(solve(parseBoard("ta/bs"), lex, RULES.classic).words.map((w) => w.word)).toEqual(["tab", "tabs"]);
    expect(solve(parseBoard("ta/bs"), lex, RULES.big).words.map((w) => w.word)).toEqual(["tabs"]);
    const upTo3 = customRules({ minLength: 2, maxLength: 3, points: [0, 0, 1, 2] });
    expect(solve(parseBoard("ta/bs"), lex, upTo3).words.map((w) => w.word)).toEqual(["at", "tab"]);
    expect(solve(parseBoard("t./bs"), lex, RULES.classic).words).toEqual([]);
  });

  it("finds words through multi-letter faces", () => {
    const lex = lexiconOf(["the", "then", "hen"]);
    const result = solve(parseBoard("[th]e/nx"), lex, RULES.classic);
    expect(result.words.map((w) => [w.word, w.path.length])).toEqual([["the", 2], ["then", 3]]);
  });

  it("reads a multi-letter face with a letter the lexicon lacks as a blank, board after board", () => {
    const lex = lexiconOf(["hen", "then", "tex"]);
    // "tç" is remembered per face after the first board; it must stay unusable, and "th" on the
    // next board must not be taken for it.
    const withUnknown: Board = { rows: 2, cols: 2, faces: ["tç", "h", "e", "n"] };
    const withKnown: Board = { rows: 2, cols: 2, faces: ["th", "h", "e", "n"] };
    for (let round = 0; round < 2; round++) {
      expect(solve(withUnknown, lex, RULES.classic).words.map((w) => w.word)).toEqual(["hen"]);
      expect(solveTotals(withUnknown, lex, RULES.classic).words).toBe(1);
      expect(solve(withKnown, lex, RULES.classic).words.map((w) => w.word)).toEqual(["hen", "then"]);
      expect(solveTotals(withKnown, lex, RULES.classic).words).toBe(2);
    }
  });

  it("lists words alphabetically with valid paths, points, common flags and totals", () => {
    const lex = englishLexicon();
    const board = parseBoard("case/mopi/stre/napd");
    const result = solve(board, lex, RULES.classic);
    const words = result.words.map((w) => w.word);
    expect(words).toEqual([...words].sort());
    expect(new Set(words).size).toBe(words.length);
    for (const w of result.words) {
      expectValidPath(board, w.word, w.path);
      expect(lex.has(w.word)).toBe(true);
      expect(w.common).toBe(lex.isCommon(w.word));
      expect(w.points).toBe(RULES.classic.points(w.word.length));
    }
    expect(words).toContain("case");
    expect(result.totals.words).toBe(words.length);
    expect(result.totals.points).toBe(result.words.reduce((s, w) => s + w.points, 0));
    expect(result.totals.commonWords).toBe(result.words.filter((w) => w.common).length);
    expect(Object.values(result.byLength).reduce((a, b) => a + b, 0)).toBe(words.length);
    expect(solveTotals(board, lex, RULES.classic)).toEqual(result.totals);
  });

  it("is deterministic and works on boards far past 32 tiles", () => {
    const lex = englishLexicon();
    const letters = "etaoinshrdlucmfwypvbgkqjxz";
    const faces = Array.from({ length: 64 * 64 }, (_, i) => letters[(i * 7 + Math.floor(i / 64) * 3) % 26]);
    const board: Board = { rows: 64, cols: 64, faces };
    const a = solve(board, lex, RULES.open);
    expect(a.words.length).toBeGreaterThan(100);
    expect(solve(board, lex, RULES.open)).toEqual(a);
    for (const w of a.words.slice(0, 200)) expectValidPath(board, w.word, w.path);
  });
});

describe("one search after another", () => {
  it("forgets the words of the previous search, whatever the board size or lexicon", () => {
    const english = englishLexicon();
    const small = lexiconOf(["case", "cases", "mop", "tops"]);
    const board = parseBoard("case/mopi/stre/napd");
    const first = solve(board, english, RULES.classic);
    expect(first.words.length).toBeGreaterThan(100);
    // The same words again after searches of other boards (one big) and another lexicon.
    solve(parseBoard("abcd/efgh/ijkl/mnop"), english, RULES.classic);
    solve({ rows: 40, cols: 40, faces: Array.from({ length: 1600 }, (_, i) => "etaoinsr"[i % 8]) }, english, RULES.classic);
    expect(solve(board, small, RULES.classic).words.map((w) => w.word)).toEqual(["case", "mop", "tops"]);
    expect(solve(board, english, RULES.classic)).toEqual(first);
  });
});
