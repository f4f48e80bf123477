import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BufferedOutput } from "../../cli/buffered-output.ts";
import { COURSE_RULES, writeGames } from "../../cli/commands/batch.ts";
import { boardFromRows, createRng, DICE, Lexicon, shake, solve } from "../../shared/index.ts";
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

describe("batch output", () => {
  it("writes every game's words, in the course's format, the same whatever the chunk size", () => {
    const english = Lexicon.fromBytes(readFileSync(LEXICON));
    // Plain letters, as the course's boards are (the Qu face becomes its q).
    const boards = Array.from({ length: 40 }, (_, i) => {
      const faces = shake(DICE.new, createRng(i)).faces.map((f) => f[0]);
      return boardFromRows([0, 1, 2, 3].map((r) => faces.slice(4 * r, 4 * r + 4)));
    });
    const expected = boards
      .map((b, i) => `Words for Game #${i + 1}:\n${solve(b, english, COURSE_RULES).words.map((w) => `${w.word}\n`).join("")}\n\n`)
      .join("");
    for (const chunk of [5, 64, 1 << 20]) {
      const writes: Uint8Array[] = [];
      writeGames(boards, english, new BufferedOutput((bytes) => writes.push(bytes), chunk));
      expect(Buffer.concat(writes).toString("latin1")).toBe(expected);
      if (chunk === 64) expect(writes.length).toBeGreaterThan(10);
    }
  });
});
