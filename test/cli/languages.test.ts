import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BATCH_RULES, LANGUAGES, Lexicon, boardRows, createRng, dailyPuzzle, formatBoard, parseBlocklist, parseBoard, shake, solve } from "#engine";
import { cli, expectUsageError, ROOT, tempFiles } from "./run.ts";

const lexiconOf = (code: "fr" | "es" | "de") => Lexicon.fromBytes(readFileSync(join(ROOT, "dist/lexicon", `${code}.bin`)));

describe("--lang", () => {
  it.each([
    ["solve", ["solve", "--board", "abcd/efgh/ijkl/mnop", "--lang", "xx"]],
    ["check", ["check", "--board", "abcd/efgh/ijkl/mnop", "--lang", "klingon", "abc"]],
    ["shake", ["shake", "--lang", "pt"]],
    ["daily", ["daily", "--lang", "it", "--secret", "s"]],
    ["play", ["play", "--lang", "nl"]],
    ["batch", ["batch", "--lang", "sv", "--boards", "boards.txt"]],
  ])("%s with an unknown language: one line, exit 2", (_, args) => {
    expectUsageError(cli(args), "unknown --lang");
  });

  it("rejects a board letter the language lacks, and a word of other letters, in one line", () => {
    expectUsageError(cli(["solve", "--lang", "es", "--board", "kabc/defg/hijl/mnop"]), /"k" is not a letter of Spanish/);
    expectUsageError(cli(["check", "--lang", "es", "--board", "abcd/efgh/ijlm/nopr", "whisky"]), /'whisky' is not a Spanish word: use the letters a-z \(no k or w\) and ñ/);
    expectUsageError(cli(["check", "--lang", "fr", "--board", "abcd/efgh/ijlm/nopr", "aujourd'hui"]), "is not a French word");
    expectUsageError(cli(["solve", "--board", "añoe/abcd/efgh/ijkl"]), /not a letter/);
  });
});

describe("tumbleword check --lang", () => {
  it("judges a French word typed with or without accents as the same word", () => {
    const result = cli(["check", "--lang", "fr", "--board", "elev/abce/fghi/jkmn", "--json", "élève", "eleve"]);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out.lang).toBe("fr");
    expect(out.results[0]).toMatchObject({ accepted: true, word: "eleve", points: 2 });
    expect(out.results[1]).toMatchObject({ accepted: false, word: "eleve", reason: "duplicate" });
  });

  it("keeps Spanish año and ano apart", () => {
    const result = cli(["check", "--lang", "es", "--board", "año./..../..../....", "--json", "AÑO", "ano"]);
    expect(result.status, result.stderr).toBe(0);
    const [año, ano] = JSON.parse(result.stdout).results;
    expect(año).toMatchObject({ accepted: true, word: "año" });
    expect(ano).toMatchObject({ accepted: false, word: "ano", reason: "not-on-board" });
  });

  it("reads a German umlaut as two letters", () => {
    const result = cli(["check", "--lang", "de", "--board", "scho/.ne./..../....", "schön", "schoen"]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^schoen +accepted/m);
    expect(result.stdout).toMatch(/^schoen +rejected: already found/m);
  });
});

describe("tumbleword solve / shake / daily / batch --lang", () => {
  it("solve --lang es lists the engine's words with ñ in them", () => {
    const board = "añod/niño/ecsa/rtlu";
    const result = cli(["solve", "--lang", "es", "--board", board, "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    const expected = solve(parseBoard(board, { letters: "ñ" }), lexiconOf("es"), LANGUAGES.es.rules);
    expect(out.lang).toBe("es");
    expect(out.words.map((w: { word: string }) => w.word)).toEqual(expected.words.map((w) => w.word));
    expect(out.words.some((w: { word: string }) => w.word.includes("ñ"))).toBe(true);
  });

  it("shake --lang shakes the language's dice, reproducibly", () => {
    for (const code of ["fr", "es", "de"] as const) {
      const out = JSON.parse(cli(["shake", "--lang", code, "--seed", "99", "--json"]).stdout);
      const board = shake(LANGUAGES[code].dice, createRng(99));
      expect(out).toEqual({ seed: 99, rng: "default", dice: code, lang: code, board: boardRows(board), text: formatBoard(board) });
    }
    // A language's set may also be named with --dice, whatever the language.
    expect(JSON.parse(cli(["shake", "--dice", "fr", "--seed", "99", "--json"]).stdout).board).toEqual(boardRows(shake(LANGUAGES.fr.dice, createRng(99))));
  });

  it("daily --lang prints the board the shared daily code derives for that language", async () => {
    const language = LANGUAGES.de;
    const blocklist = parseBlocklist(readFileSync(join(ROOT, language.blocklistFile), "utf8"), (w) => language.normalize(w));
    const expected = await dailyPuzzle("test-secret", "2026-11-21", lexiconOf("de"), blocklist, language);
    const result = cli(["daily", "--lang", "de", "--date", "2026-11-21", "--secret", "test-secret", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out).toEqual({
      date: "2026-11-21",
      lang: "de",
      board: boardRows(expected.board),
      rules: "classic",
      totals: expected.solution.totals,
      attempts: expected.attempts,
    });
    const english = JSON.parse(cli(["daily", "--date", "2026-11-21", "--secret", "test-secret", "--json"]).stdout);
    expect(english.board).not.toEqual(out.board);
  });

  it("batch --lang es reads ñ in a boards file and writes its words in UTF-8", () => {
    const dir = tempFiles({ "boards.txt": "2\nañod\nniño\necsa\nrtlu\n\nabcd\nefgh\nijlm\nnopr\n" });
    const result = cli(["batch", "--lang", "es", "--boards", join(dir, "boards.txt")]);
    expect(result.status, result.stderr).toBe(0);
    const games = result.stdout.split("\n\n\n").filter((g) => g !== "");
    expect(games).toHaveLength(2);
    const [header, ...words] = games[0].split("\n");
    expect(header).toBe("Words for Game #1:");
    const board = parseBoard("añod/niño/ecsa/rtlu", { quFace: false, letters: "ñ" });
    const expected = solve(board, lexiconOf("es"), BATCH_RULES);
    expect(words).toEqual(expected.words.map((w) => w.word));
    expect(words).toContain("año");
  });

  it("batch --lang es --dict folds a user's word list into Spanish letters", () => {
    const dir = tempFiles({ "boards.txt": "1\nañod\nniño\necsa\nrtlu\n", "dict.txt": "AÑO\nniño\ncanción\nano\n" });
    const result = cli(["batch", "--lang", "es", "--dict", join(dir, "dict.txt"), "--boards", join(dir, "boards.txt")]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe("Words for Game #1:\naño\nniño\n\n\n");
  });
});

describe("tumbleword play --lang", () => {
  it("takes a French word typed with its accents", () => {
    const result = cli(["play", "--lang", "fr", "--board", "elev/abce/fghi/jkmn", "--timer", "0", "--rules", "classic"], { input: "élève\n\n" });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/eleve: accepted, 2 points/);
  });
});
