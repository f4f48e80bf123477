import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, tempFiles } from "./run.ts";

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
