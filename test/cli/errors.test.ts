import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, cli, expectUsageError, tempFiles } from "./run.ts";

const BOARD = "case/mopi/stre/napd";
const files = tempFiles({
  "empty.txt": "",
  "blank.txt": "\n\n",
  "badword.txt": "case\nca5e\nmop\n",
  "short-count.txt": "3\ncase\nmop\n",
  "dice-short.txt": "AAEEGN\nABBJOO\nACHOP\nAFFKPS\n",
  "dice-spaced.txt": "AAEEGN\nA B B J O O\n",
  "dice-count.txt": "AAEEGN\nABBJOO\n",
  "boards-row.txt": "1\ncase\nmo1i\nstre\nnapd\n",
  "boards-short.txt": "1\ncase\nmopi\nstr\nnapd\n",
  "boards-count.txt": "2\ncase\nmopi\nstre\nnapd\n",
  "words.txt": "case\nmop\n",
});
const file = (name: string) => join(files, name);

describe("bad input: one line on stderr, exit code 2, no stack trace", () => {
  const cases: [string, string[], string | RegExp, string?][] = [
    ["unknown flag", ["solve", "--board", BOARD, "--bogus"], "Unknown option '--bogus'"],
    ["unknown short flag", ["shake", "-x"], "Unknown option '-x'"],
    ["flag missing its value", ["solve", "--board"], "--board"],
    ["unexpected argument", ["shake", "extra"], "Unexpected argument 'extra'"],
    ["unknown command", ["solv"], "unknown command 'solv'"],
    ["missing --board", ["solve"], "solve needs --board"],
    ["malformed board: ragged rows", ["solve", "--board", "abc/de"], "board 'abc/de': row 2 has 2 tiles"],
    ["malformed board: a digit", ["solve", "--board", "ab1d/efgh/ijkl/mnop"], /board 'ab1d\/efgh\/ijkl\/mnop': .*"1" is not a letter/],
    ["malformed board: not square", ["check", "--board", "abcde", "ab"], "board 'abcde'"],
    ["unknown rules", ["solve", "--board", BOARD, "--rules", "scrabble"], "unknown rules 'scrabble'"],
    ["bad --min", ["solve", "--board", BOARD, "--min", "three"], "--min must be a whole number"],
    ["missing dictionary file", ["solve", "--board", BOARD, "--dict", file("nope.txt")], `dictionary file '${file("nope.txt")}' does not exist`],
    ["empty dictionary file", ["solve", "--board", BOARD, "--dict", file("empty.txt")], `dictionary file '${file("empty.txt")}': the word list is empty`],
    ["dictionary file of blank lines", ["check", "--board", BOARD, "--dict", file("blank.txt"), "case"], `'${file("blank.txt")}'`],
    ["dictionary file with a bad word", ["solve", "--board", BOARD, "--dict", file("badword.txt")], /badword\.txt': word list line 2: "ca5e"/],
    ["course dictionary short of its count", ["solve", "--board", BOARD, "--dict", file("short-count.txt")], "declares 3 words but holds 2"],
    ["dice file: a die with five faces", ["shake", "--dice", file("dice-short.txt")], /dice-short\.txt: dice file line 3: a die has 6 faces, found 5/],
    ["dice file: faces apart", ["shake", "--dice", file("dice-spaced.txt")], /dice-spaced\.txt: dice file line 2/],
    ["dice file: not a square number of dice", ["shake", "--dice", file("dice-count.txt")], "has 2 dice"],
    ["dice file that does not exist", ["shake", "--dice", "tiny"], "dice file 'tiny' does not exist"],
    ["seed out of range for lfsr16", ["shake", "--rng", "lfsr16", "--seed", "70000"], "--seed must be a whole number from 0 to 65535"],
    ["negative seed", ["shake", "--seed=-1"], "--seed must be a whole number"],
    ["unknown generator", ["shake", "--rng", "mt"], "unknown --rng 'mt'"],
    ["a word with digits", ["check", "--board", BOARD, "case", "ca5e"], "'ca5e' is not a word: use the letters a-z only"],
    ["a word with punctuation", ["check", "--board", BOARD, "--trace", "it's"], "'it's' is not a word"],
    ["check without words", ["check", "--board", BOARD], "check needs at least one WORD"],
    ["batch: missing boards file", ["batch", "--dict", file("words.txt"), "--boards", file("none.txt")], "boards file"],
    ["batch: a row with a digit", ["batch", "--dict", file("words.txt"), "--boards", file("boards-row.txt")], "line 3: a row must be letters a-z only, got 'mo1i'"],
    ["batch: a short row", ["batch", "--dict", file("words.txt"), "--boards", file("boards-short.txt")], "line 4: row 'str' has 3 letters"],
    ["batch: fewer games than announced", ["batch", "--dict", file("words.txt"), "--boards", file("boards-count.txt")], "announces 2 games on line 1 but holds 1"],
    ["batch: missing dictionary", ["batch", "--boards", file("boards-count.txt")], "batch needs --dict"],
    ["play: bad preset timer", ["play", "--timer", "soon"], "--timer must be a whole number"],
    ["play: seed and board together", ["play", "--seed", "1", "--board", BOARD], "give --seed or --board, not both"],
    ["daily: not a date", ["daily", "--date", "2026-02-30", "--secret", "s"], "--date must be a real date written YYYY-MM-DD"],
    ["bench: bad duration", ["bench", "--seconds", "0"], "--seconds must be a number of seconds above 0"],
  ];
  for (const [name, args, mentions] of cases) {
    it(name, () => expectUsageError(cli(args), mentions));
  }

  it("play: input ends during set-up (after the question was asked)", () => {
    const result = cli(["play", "--rules", "open"], { input: "new\n" });
    expect(result.status).toBe(2);
    expect(result.stdout).toContain("Timer in seconds");
    expect(result.stderr).toBe("tumbleword: input ended before the game started\n");
  });

  it("daily: no secret given and none in the environment", () => {
    expectUsageError(cli(["daily", "--date", "2026-11-21"], { env: { DAILY_SECRET: undefined } }), "the daily secret is missing");
  });

  it("the default lexicon is missing: tells the user how to build it", () => {
    // The bundled binary alone in a directory with no dist/lexicon above it.
    const dir = tempFiles({});
    const lonely = join(dir, "cli.js");
    copyFileSync(CLI, lonely);
    expectUsageError(cli(["solve", "--board", BOARD], { bin: lonely }), "run 'npm run build:lexicon'");
  });
});
