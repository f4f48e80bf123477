import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gameBoard, writeGames } from "../../cli/batch-threads.ts";
import { parseBoardsFile } from "../../cli/boards-file.ts";
import { GrowingOutput } from "../../cli/growing-output.ts";
import { BATCH_RULES, type Board, boardFromRows, createRng, DICE, Lexicon, shake, solve } from "#engine";
import { cli, LEXICON, tempFiles } from "./run.ts";

// A course-format dictionary (count first) and boards file (count first, 4x4 games, blank lines).
const DICTIONARY = ["10", "ab", "case", "cases", "cat", "mop", "mopes", "qat", "quit", "tops", "zoo"].join("\n");
const BOARDS = ["2", "case", "mopi", "stre", "napd", "", "qatx", "xxxx", "xxxx", "xxxx", ""].join("\n");

describe("tumbleword batch", () => {
  it("prints the course's format: a header per game, words one per line, two blank lines between games", () => {
    const dir = tempFiles({ "dictionary.txt": DICTIONARY, "boggle.txt": BOARDS });
    const result = cli(["batch", "--dict", join(dir, "dictionary.txt"), "--boards", join(dir, "boggle.txt")]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    // 'ab' is below 3 letters; on game 2 'q' is the plain letter q, so 'qat' counts and 'quit' cannot.
    expect(result.stdout).toBe("Words for Game #1:\ncase\nmop\nmopes\ntops\n\n\nWords for Game #2:\nqat\n\n\n");
  });

  it("accepts games not separated by blank lines, and prints a game with no words", () => {
    const dir = tempFiles({
      "dictionary.txt": DICTIONARY,
      "boggle.txt": "2\nzzzz\nzzzz\nzzzz\nzzzz\ncase\nmopi\nstre\nnapd\n",
    });
    const result = cli(["batch", "--dict", join(dir, "dictionary.txt"), "--boards", join(dir, "boggle.txt")]);
    expect(result.stdout).toBe("Words for Game #1:\n\n\nWords for Game #2:\ncase\nmop\nmopes\ntops\n\n\n");
  });
});

/** Plain-letter 4x4 boards, as the course's are (the Qu face becomes its q). */
function courseBoards(count: number): Board[] {
  return Array.from({ length: count }, (_, i) => {
    const faces = shake(DICE.new, createRng(i)).faces.map((f) => f[0]);
    return boardFromRows([0, 1, 2, 3].map((r) => faces.slice(4 * r, 4 * r + 4)));
  });
}

/** The batch output the course expects, built from the engine's plain solve(). */
function expectedOutput(boards: Board[], lexicon: Lexicon): string {
  return boards.map((b, i) => `Words for Game #${i + 1}:\n${solve(b, lexicon, BATCH_RULES).words.map((w) => `${w.word}\n`).join("")}\n\n`).join("");
}

/** A boards file in the course's format. */
function boardsFile(boards: Board[]): string {
  return `${boards.length}\n${boards.map((b) => [0, 1, 2, 3].map((r) => b.faces.slice(4 * r, 4 * r + 4).join("")).join("\n")).join("\n\n")}\n`;
}

describe("batch output", () => {
  it("reads a boards file into the same boards", () => {
    const boards = courseBoards(40);
    const games = parseBoardsFile(boardsFile(boards), "boggle.txt");
    expect(games.count).toBe(40);
    expect(Array.from({ length: games.count }, (_, g) => gameBoard(games, g))).toEqual(boards);
  });

  it("writes every game's words, in the course's format, from any starting game, into a buffer that grows", () => {
    const english = Lexicon.fromBytes(readFileSync(LEXICON));
    const boards = courseBoards(40);
    const games = parseBoardsFile(boardsFile(boards), "boggle.txt");
    const out = new GrowingOutput(16);
    writeGames(games, 0, 40, english, BATCH_RULES, out);
    expect(Buffer.from(out.buffer.subarray(0, out.at)).toString("latin1")).toBe(expectedOutput(boards, english));
    const tail = new GrowingOutput();
    writeGames(games, 30, 40, english, BATCH_RULES, tail);
    const expected = expectedOutput(boards, english);
    expect(Buffer.from(tail.buffer.subarray(0, tail.at)).toString("latin1")).toBe(expected.slice(expected.indexOf("Words for Game #31:")));
  });
});

describe("a large batch", () => {
  it("is solved on every core and printed in game order, as one thread would print it", () => {
    // 1,000 games: enough for a worker thread beside the main one on a machine with 2 cores.
    const boards = courseBoards(1000);
    const english = Lexicon.fromBytes(readFileSync(LEXICON));
    const words = [...english.words()];
    const dir = tempFiles({
      "dictionary.txt": `${words.length}\n${words.join("\n")}\n`,
      "boggle.txt": boardsFile(boards),
    });
    const result = cli(["batch", "--dict", join(dir, "dictionary.txt"), "--boards", join(dir, "boggle.txt")]);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    // Compared line by line: a failure names the first wrong line instead of diffing 3 MB.
    const got = result.stdout.split("\n");
    const want = expectedOutput(boards, english).split("\n");
    const firstDifference = want.findIndex((line, i) => got[i] !== line);
    expect(firstDifference === -1 ? null : { line: firstDifference + 1, got: got[firstDifference], want: want[firstDifference] }).toBeNull();
    expect(got.length).toBe(want.length);
  });
});
