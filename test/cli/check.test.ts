import { describe, expect, it } from "vitest";
import { cli } from "./run.ts";

const BOARD = "case/mopi/stre/napd";

describe("tumbleword check", () => {
  it("gives each word its verdict, in order, with duplicates caught", () => {
    const result = cli(["check", "--board", BOARD, "case", "ca", "xyzzy", "cases", "CASE"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.split("\n")).toEqual([
      "case   accepted, 1 point, path 0,0 0,1 0,2 0,3",
      "ca     rejected: too short (too-short)",
      "xyzzy  rejected: not in the dictionary (not-a-word)",
      "cases  rejected: cannot be traced on the board (not-on-board)",
      "case   rejected: already found (duplicate)",
      "",
    ]);
  });

  it("prints verdicts as JSON with --json", () => {
    const out = JSON.parse(cli(["check", "--board", BOARD, "--json", "mop", "xyzzy"]).stdout);
    expect(out.results).toEqual([
      { accepted: true, word: "mop", path: [[1, 0], [1, 1], [1, 2]], points: 1, common: true },
      { accepted: false, word: "xyzzy", reason: "not-a-word" },
    ]);
  });

  it("only traces strings with --trace, with no dictionary", () => {
    const result = cli(["check", "--board", BOARD, "--trace", "caspi", "cm", "ce"]);
    expect(result.status).toBe(0);
    expect(result.stdout.split("\n")).toEqual([
      "caspi  traceable, path 0,0 0,1 0,2 1,2 1,3",
      "cm     traceable, path 0,0 1,0",
      "ce     cannot be traced on the board",
      "",
    ]);
  });

  it("uses the rules: under cs106 a 3-letter word is too short", () => {
    const out = JSON.parse(cli(["check", "--board", BOARD, "--rules", "cs106", "--json", "mop", "tops"]).stdout);
    expect(out.results.map((r: { reason?: string; points?: number }) => r.reason ?? r.points)).toEqual(["too-short", 1]);
  });
});
