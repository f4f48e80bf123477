import { describe, expect, it } from "vitest";
import { RULES, checkWord, compareLists, normalizeWord, parseBoard, traceWord } from "../../shared/engine/index.ts";
import { lexiconOf } from "./lexicon-fixture.ts";

const board = parseBoard("case/mopi/stre/napd");
const lex = lexiconOf(["case", "cases", "map", "mop", "zebra", "ca", "stop"], ["stop"]);

describe("checkWord", () => {
  it("accepts a word with its path, points and common flag", () => {
    expect(checkWord(board, lex, RULES.classic, " Case ")).toEqual({
      accepted: true, word: "case", path: [[0, 0], [0, 1], [0, 2], [0, 3]], points: 1, common: true,
    });
  });

  it("gives each failure its own reason", () => {
    const reason = (w: string, found?: Set<string>) => {
      const v = checkWord(board, lex, RULES.classic, w, found);
      return v.accepted ? "accepted" : v.reason;
    };
    expect(reason("ca")).toBe("too-short");
    expect(reason("cass")).toBe("not-a-word");
    expect(reason("c4se")).toBe("not-a-word");
    expect(reason("zebra")).toBe("not-on-board");
    expect(reason("case", new Set(["case"]))).toBe("duplicate");
    expect(reason("mop")).toBe("accepted");
  });
});

describe("traceWord (no dictionary)", () => {
  it("finds a path for any traceable string and null otherwise", () => {
    expect(traceWord(board, "mop")).toEqual([[1, 0], [1, 1], [1, 2]]);
    const path = traceWord(board, "sto")!;
    expect(path.map(([r, c]) => board.faces[r * 4 + c]).join("")).toBe("sto");
    expect(traceWord(board, "cc")).toBeNull();
    expect(traceWord(board, "xyz")).toBeNull();
    expect(traceWord(board, "")).toBeNull();
  });

  it("matches a Qu face only against qu", () => {
    const qb = parseBoard("qi/tx");
    expect(traceWord(qb, "quit")).toHaveLength(3);
    expect(traceWord(qb, "qit")).toBeNull();
  });
});

describe("normalizeWord", () => {
  it("lowercases and trims, refusing anything but letters", () => {
    expect(normalizeWord("  HeLLo ")).toBe("hello");
    expect(normalizeWord("don't")).toBeNull();
    expect(normalizeWord("abc1")).toBeNull();
  });
});

describe("compareLists", () => {
  it("strikes words found by more than one player and scores the rest", () => {
    const { players } = compareLists([["case", "mop", "stop"], ["CASE", "map"], ["stop", "stop"]], RULES.classic);
    expect(players.map((p) => p.score)).toEqual([1, 1, 0]);
    expect(players[0].words).toEqual([
      { word: "case", points: 1, struck: true },
      { word: "mop", points: 1, struck: false },
      { word: "stop", points: 1, struck: true },
    ]);
    expect(players[2].words).toHaveLength(1);
  });
});
