import { describe, expect, it } from "vitest";
import { EngineError, RULES, boardFromRows, boardRows, formatBoard, neighbours, parseBoard } from "../../shared/engine/index.ts";

describe("board text syntax", () => {
  it("reads rows separated by / or whitespace, case-insensitively", () => {
    const a = parseBoard("case/mopi/stre/napd");
    const b = parseBoard("CASE MOPI\nstre  NAPD");
    expect(a).toEqual(b);
    expect(a.rows).toBe(4);
    expect(a.cols).toBe(4);
    expect(boardRows(a)[2]).toEqual(["s", "t", "r", "e"]);
  });

  it("reads q as the Qu face under rules with one, and as a plain q otherwise", () => {
    expect(parseBoard("qa/bc", RULES.classic).faces[0]).toBe("qu");
    expect(parseBoard("qa/bc", RULES.open).faces[0]).toBe("q");
  });

  it("reads bracketed multi-letter faces and blanks", () => {
    const b = parseBoard("[th]a./[In]b[]/xyz");
    expect(b.faces).toEqual(["th", "a", "", "in", "b", "", "x", "y", "z"]);
  });

  it("reads an unseparated square run of tiles as a square board", () => {
    const b = parseBoard("abcdefghi");
    expect(b.rows).toBe(3);
    expect(boardRows(b)[1]).toEqual(["d", "e", "f"]);
  });

  it("rejects ragged rows, non-letters and non-square runs with a reason", () => {
    expect(() => parseBoard("abc/de")).toThrow(/row 2 has 2 tiles, expected 3/);
    expect(() => parseBoard("ab1/def")).toThrow(/"1" is not a letter/);
    expect(() => parseBoard("abcde")).toThrow(/square number of tiles/);
    expect(() => parseBoard("[ab/cd")).toThrow(EngineError);
    expect(() => parseBoard("   ")).toThrow(/empty/);
  });

  it("prints the same syntax back", () => {
    for (const text of ["case/mopi/stre/napd", "q.[th]/abc/de[er]"]) {
      expect(formatBoard(parseBoard(text))).toBe(text);
    }
    expect(formatBoard(parseBoard("qab/cde/fgh", RULES.open), RULES.open)).toBe("qab/cde/fgh");
  });

  it("builds a board from the API's rows of faces and checks them", () => {
    expect(boardFromRows([["t", "qu"], ["a", "e"]]).faces).toEqual(["t", "qu", "a", "e"]);
    expect(() => boardFromRows([["a", "b"], ["c"]])).toThrow(/row 2/);
    expect(() => boardFromRows([["a", "B"], ["c", "d"]])).toThrow(/letters a-z/);
  });
});

describe("neighbours", () => {
  const around = (rows: number, cols: number, tile: number) => {
    const { start, list } = neighbours(rows, cols);
    return [...list.subarray(start[tile], start[tile + 1])].sort((x, y) => x - y);
  };

  it("gives corners 3, edges 5 and inner tiles 8 neighbours, never wrapping", () => {
    expect(around(4, 4, 0)).toEqual([1, 4, 5]);
    expect(around(4, 4, 3)).toEqual([2, 6, 7]); // not 4: no wrap from the end of row 0
    expect(around(4, 4, 4)).toEqual([0, 1, 5, 8, 9]);
    expect(around(4, 4, 5)).toEqual([0, 1, 2, 4, 6, 8, 9, 10]);
    expect(around(4, 4, 15)).toEqual([10, 11, 14]);
  });

  it("works for non-square and large grids", () => {
    expect(around(1, 3, 1)).toEqual([0, 2]);
    expect(around(64, 64, 64 * 64 - 1)).toEqual([64 * 62 + 62, 64 * 62 + 63, 64 * 63 + 62]);
  });
});
