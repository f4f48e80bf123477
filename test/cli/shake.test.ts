import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { boardRows, createRng, DICE, formatBoard, Lfsr16, parseDiceFile, shake } from "#engine";
import { cli, tempFiles } from "./run.ts";

describe("tumbleword shake", () => {
  it("shakes the same board as the engine for a seed, as JSON", () => {
    const out = JSON.parse(cli(["shake", "--seed", "2026", "--json"]).stdout);
    const board = shake(DICE.new, createRng(2026));
    expect(out).toEqual({ seed: 2026, rng: "default", dice: "new", lang: "en", board: boardRows(board), text: formatBoard(board) });
  });

  it("uses the classroom LFSR16 and other dice sets when asked", () => {
    const out = JSON.parse(cli(["shake", "--seed", "1", "--rng", "lfsr16", "--dice", "big", "--json"]).stdout);
    expect(out.board).toEqual(boardRows(shake(DICE.big, new Lfsr16(1))));
    expect(out.board).toHaveLength(5);
  });

  it("prints the grid and the one-line syntax, and a random seed that replays the board", () => {
    const first = cli(["shake"]);
    expect(first.status).toBe(0);
    const seed = /^seed: (\d+) /m.exec(first.stdout)?.[1];
    const text = /^board: (\S+)$/m.exec(first.stdout)?.[1];
    expect(seed).toBeDefined();
    expect(text).toMatch(/^[a-z]{4}(\/[a-z]{4}){3}$/);
    const again = cli(["shake", "--seed", seed!]);
    expect(again.stdout).toBe(first.stdout);
    expect(first.stdout.split("\n")[0]).toMatch(/^ {2}(Qu|[A-Z]) +\S/);
  });

  it("reads a dice file", () => {
    const dice = "AAAAAA\nBBBBBB\nCCCCCC\n[Qu]QQQQQ\n";
    const dir = tempFiles({ "dice.txt": dice });
    const out = JSON.parse(cli(["shake", "--dice", join(dir, "dice.txt"), "--seed", "5", "--json"]).stdout);
    expect(out.board).toEqual(boardRows(shake(parseDiceFile(dice), createRng(5))));
    expect(out.board.flat().sort()).toEqual(["a", "b", "c", "qu"]);
  });
});
