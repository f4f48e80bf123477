import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRng, DICE, shake } from "#engine";
import { cli, cliOpen, tempFiles } from "./run.ts";

// A small dictionary makes the computer's turn exact: on case/mopi/stre/napd it can trace
// case (1 point), mop (1), mopes (2) and tops (1), but not cases.
const dir = tempFiles({ "words.txt": "case\ncases\nmop\nmopes\ntops\n" });
const DICT = join(dir, "words.txt");
const BOARD = "case/mopi/stre/napd";
const ESC = "\x1b";

describe("tumbleword play through a pipe", () => {
  it("asks every question, re-asks for a bad typed board, judges each word, then plays the computer", () => {
    const input = ["classic", "new", "0", "t", "abc", "case/mop1/stre/napd", "CASE MOPI STRE NAPD", "case", "case", "xyzzy", "ca", "cases", "9x", "", "ignored"];
    const result = cli(["play", "--dict", DICT], { input: input.join("\n") + "\n" });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(out).not.toContain(ESC);
    for (const prompt of [
      "Rules [classic/big/cs106/open] (classic): classic\n",
      "Dice [classic/new/big/superbig or a dice file] (new): new\n",
      "Timer in seconds, 0 for untimed (180): 0\n",
      "Board: (s)hake the dice or (t)ype it in? (s): t\n",
    ]) {
      expect(out).toContain(prompt);
    }
    expect(out).toContain("board, row by row: abc\n  that is 3 letters; a 4 x 4 board needs 16. Try again.\n");
    expect(out).toContain("board, row by row: case/mop1/stre/napd\n  '1' is not a letter A-Z. Try again.\n");
    expect(out).toContain("  C  A  S  E\n  M  O  P  I\n  S  T  R  E\n  N  A  P  D\n");
    expect(out).toContain("Type one word per line; a blank line or q ends your turn.\n");
    const turn = out.slice(out.indexOf("Word: case"), out.indexOf("Computer's turn"));
    expect(turn.split("\n")).toEqual([
      "Word: case",
      "  case: accepted, 1 point (score 1)",
      "Word: case",
      "  case: rejected: already found",
      "Word: xyzzy",
      "  xyzzy: rejected: not in the dictionary",
      "Word: ca",
      "  ca: rejected: too short",
      "Word: cases",
      "  cases: rejected: cannot be traced on the board",
      "Word: 9x",
      "  9x: rejected: use the letters a-z only",
      "Word: ",
      "",
      "",
    ]);
    expect(out).toContain("Computer's turn: 3 words you missed, 4 points.\n  mop 1    mopes 2  tops 1\n");
    expect(out).toContain("Your score: 1 (1 word)\nComputer's score: 4 (3 words)\nThe computer wins.\n");
    expect(out).not.toContain("ignored");
  });

  it("skips the questions answered by flags; the player wins with the greater score", () => {
    const result = cli(["play", "--dict", DICT, "--rules", "classic", "--timer", "0", "--board", BOARD], { input: "mopes\ntops\nq\n" });
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain("Rules [");
    expect(result.stdout).not.toContain("Timer in seconds");
    expect(result.stdout).toContain("  tops: accepted, 1 point (score 3)\n");
    expect(result.stdout).toContain("Computer's turn: 2 words you missed, 2 points.\n  case 1  mop 1\n");
    expect(result.stdout).toMatch(/Your score: 3 \(2 words\)\nComputer's score: 2 \(2 words\)\nYou win!\n$/);
  });

  it("gives a tie to the player (the computer needs a strictly greater score); end of input ends the turn", () => {
    const result = cli(["play", "--dict", DICT, "--rules", "classic", "--timer", "0", "--board", BOARD], { input: "case\nmop\nmopes" });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("Your score: 4 (3 words)\nComputer's score: 1 (1 word)\nYou win!");
    const tie = cli(["play", "--dict", DICT, "--rules", "classic", "--timer", "0", "--board", "xxxx/xxxx/xxxx/xxxx"], { input: "" });
    expect(tie.stdout).toContain("Computer's turn: 0 words you missed, 0 points.\n");
    expect(tie.stdout).toContain("A tie: you win (the computer needs a strictly greater score).");
  });

  it("shakes the board from the seed typed at the prompt and prints the seed", () => {
    const result = cli(["play", "--dict", DICT], { input: "\n\n0\ns\n2026\n\n" });
    expect(result.status).toBe(0);
    const board = shake(DICE.new, createRng(2026));
    const firstRow = board.faces.slice(0, 4).map((f) => f[0].toUpperCase() + f.slice(1));
    expect(result.stdout).toContain("Seed (blank for random): 2026\n");
    expect(result.stdout).toMatch(new RegExp(`\\n {2}${firstRow.join(" +")}\\n(.*\\n){3}\\nSeed: 2026 \\(replay this board with --seed 2026 --dice new\\)\\n`));
  });

  it("ends the turn when the timer runs out, even with input still open", async () => {
    const session = cliOpen(["play", "--dict", DICT, "--rules", "classic", "--timer", "1", "--board", BOARD]);
    session.write("mop\n");
    const result = await session.done;
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("You have 1 second.");
    expect(result.stdout).toContain("Word (0:01 left): mop\n  mop: accepted, 1 point (score 1)\n");
    expect(result.stdout).toContain("Time's up!\n");
    expect(result.stdout).toContain("Computer's score: 4 (3 words)\nThe computer wins.\n");
    session.close();
  });
});
