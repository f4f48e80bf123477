import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lexicon, parseBoard, RULES, solve, buildLexicon, customRules } from "#engine";
import { cli, LEXICON, tempFiles } from "./run.ts";

const BOARD = "case/mopi/stre/napd";
const english = Lexicon.fromBytes(readFileSync(LEXICON));

/** Every step of a path goes to a distinct neighbouring tile, and the faces spell the word. */
function spells(rows: string[][], word: string, path: [number, number][]): boolean {
  const seen = new Set(path.map(([r, c]) => `${r},${c}`));
  if (seen.size !== path.length) return false;
  for (let i = 1; i < path.length; i++) {
    const [r0, c0] = path[i - 1];
    const [r1, c1] = path[i];
    if (Math.max(Math.abs(r1 - r0), Math.abs(c1 - c0)) !== 1) return false;
  }
  return path.map(([r, c]) => rows[r][c]).join("") === word;
}

describe("tumbleword solve --json", () => {
  it("prints exactly one JSON object that matches the engine's solution", () => {
    const result = cli(["solve", "--board", BOARD, "--json"]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout.trim().split("\n")).toHaveLength(1);
    const out = JSON.parse(result.stdout);

    const expected = solve(parseBoard(BOARD), english, RULES.classic);
    expect(Object.keys(out)).toEqual(["board", "rules", "lang", "count", "score", "words"]);
    expect(out.board).toEqual([["c", "a", "s", "e"], ["m", "o", "p", "i"], ["s", "t", "r", "e"], ["n", "a", "p", "d"]]);
    expect(out.rules).toBe("classic");
    expect(out.count).toBe(expected.totals.words);
    expect(out.score).toBe(expected.totals.points);
    expect(out.words).toEqual(expected.words.map(({ word, path, points, common }) => ({ word, path, points, common })));
    expect(out.words.length).toBeGreaterThan(100);
  });

  it("sorts words alphabetically, each once, with a path that spells it", () => {
    const out = JSON.parse(cli(["solve", "--board", BOARD, "--json"]).stdout);
    const words: string[] = out.words.map((w: { word: string }) => w.word);
    expect(words).toEqual([...words].sort());
    expect(new Set(words).size).toBe(words.length);
    for (const w of out.words) {
      expect(Object.keys(w)).toEqual(["word", "path", "points", "common"]);
      expect(spells(out.board, w.word, w.path), w.word).toBe(true);
    }
    expect(out.words.find((w: { word: string }) => w.word === "case")).toEqual({
      word: "case",
      path: [[0, 0], [0, 1], [0, 2], [0, 3]],
      points: 1,
      common: true,
    });
  });

  it("shows the Qu face as 'qu' and counts it as two letters", () => {
    const out = JSON.parse(cli(["solve", "--board", "qitx/xxxx/xxxx/xxxx", "--json"]).stdout);
    expect(out.board[0]).toEqual(["qu", "i", "t", "x"]);
    const quit = out.words.find((w: { word: string }) => w.word === "quit");
    expect(quit).toEqual({ word: "quit", path: [[0, 0], [0, 1], [0, 2]], points: 1, common: true });
  });

  it("applies --rules, --min and a --dict in the course format", () => {
    const dir = tempFiles({ "dict.txt": "5\ncase\nmop\ntops\nsoap\nqat\n" });
    const out = JSON.parse(cli(["solve", "--board", "qatc/mopi/stre/napd", "--rules", "open", "--dict", join(dir, "dict.txt"), "--json"]).stdout);
    expect(out.rules).toBe("open");
    expect(out.words.map((w: { word: string }) => w.word)).toEqual(["mop", "qat", "soap"]);
    const mine = Lexicon.fromBytes(buildLexicon(["case", "mop", "tops", "soap", "qat"]));
    const expected = solve(parseBoard("qatc/mopi/stre/napd", RULES.open), mine, RULES.open);
    expect(out.score).toBe(expected.totals.points);

    const min4 = JSON.parse(cli(["solve", "--board", BOARD, "--min", "6", "--json"]).stdout);
    const rules6 = customRules({ minLength: 6, points: (n) => RULES.classic.points(n) });
    expect(min4.words.every((w: { word: string }) => w.word.length >= 6)).toBe(true);
    expect(min4.count).toBe(solve(parseBoard(BOARD), english, rules6).totals.words);
  });
});

describe("tumbleword solve (text)", () => {
  it("prints the grid, a table of words and the totals", () => {
    const result = cli(["solve", "--board", BOARD]);
    expect(result.status).toBe(0);
    const expected = solve(parseBoard(BOARD), english, RULES.classic).totals;
    expect(result.stdout).toContain("  C  A  S  E\n  M  O  P  I\n");
    expect(result.stdout).toMatch(/^case\s+4\s+1\s+yes\s+0,0 0,1 0,2 0,3$/m);
    expect(result.stdout).toContain(
      `Total: ${expected.words} words, ${expected.points} points (common: ${expected.commonWords} words, ${expected.commonPoints} points)`,
    );
  });
});
