// /practice reads everything from its URL: a shared link opens the same game, and a damaged one
// still opens a playable one.
import { describe, expect, test } from "vitest";
import { BOARD_SIZES, BOARD_SIZE_RULES } from "#game/board-sizes.ts";
import { DICE, EngineError, LANGUAGES, boardRows } from "#engine";
import { boardFor, readSettings, settingsQuery } from "#site/islands/practice/practice-settings.ts";

describe("readSettings", () => {
  test("reads every setting of a link", () => {
    expect(readSettings("?seed=abc&size=5&rules=open&timer=180&players=3")).toEqual({ seed: "abc", size: 5, rules: "open", timer: 180, players: 3, board: null, lang: "en" });
  });

  test("a size brings its own rules unless the link names them", () => {
    for (const size of BOARD_SIZES) expect(readSettings(`?seed=x&size=${size}`).rules).toBe(BOARD_SIZE_RULES[size].rules);
    expect(readSettings("?seed=x&size=6&rules=classic").rules).toBe("classic");
  });

  test("anything missing or out of range falls back to a playable default", () => {
    const s = readSettings("?size=9&rules=nonsense&timer=-5&players=40");
    expect(s).toMatchObject({ size: 4, rules: "classic", timer: 0, players: 6, board: null });
    expect(s.seed).toMatch(/^[0-9a-z]{1,10}$/);
    expect(readSettings("?timer=99999&players=0")).toMatchObject({ timer: 3600, players: 1 });
    expect(readSettings("?seed=" + "s".repeat(100)).seed).toHaveLength(64);
  });

  test("a board in another language: its own dice (4x4 only), its letters, and the language kept in the link", () => {
    const spanish = readSettings("?seed=olé&size=6&lang=es");
    expect(spanish).toMatchObject({ lang: "es", size: 4 });
    expect(settingsQuery(spanish)).toContain("lang=es");
    const board = boardFor(spanish);
    expect(board.rows).toBe(4);
    // Every face is one of the Spanish dice's faces, never k or w.
    const faces = new Set(LANGUAGES.es.dice.flat());
    for (const face of board.faces) expect(faces.has(face)).toBe(true);
    expect(boardRows(board)).not.toEqual(boardRows(boardFor({ ...spanish, lang: "en" })));
    // A typed board may use the language's own letters.
    expect(boardFor({ ...spanish, board: "añop/casa/niño/sols" }).faces).toContain("ñ");
    expect(readSettings("?lang=klingon").lang).toBe("en");
  });

  test("a link without a seed gets a fresh one each time", () => {
    expect(readSettings("").seed).not.toBe(readSettings("").seed);
  });
});

describe("settingsQuery", () => {
  test("round-trips through readSettings", () => {
    const settings = { seed: "k3y", size: 6, rules: "big", timer: 60, players: 2, board: null, lang: "en" } as const;
    expect(readSettings(settingsQuery(settings))).toEqual(settings);
    const german = { ...settings, size: 4, rules: "classic", lang: "de" } as const;
    expect(readSettings(settingsQuery(german))).toEqual(german);
  });

  test("a typed board replaces the seed and size in the link", () => {
    const query = settingsQuery({ seed: "k3y", size: 4, rules: "classic", timer: 0, players: 1, board: "case/mopi/stre/napd", lang: "en" });
    expect(query).toBe("?board=case%2Fmopi%2Fstre%2Fnapd&rules=classic");
  });
});

describe("boardFor", () => {
  test("a seed gives the same board every time, shaken from the size's own dice", () => {
    for (const size of BOARD_SIZES) {
      const settings = { seed: "same", size, rules: BOARD_SIZE_RULES[size].rules, timer: 0, players: 1, board: null, lang: "en" } as const;
      const board = boardFor(settings);
      expect(boardRows(board)).toEqual(boardRows(boardFor(settings)));
      expect(board.rows).toBe(size);
      const faces = new Set(DICE[BOARD_SIZE_RULES[size].dice].flat());
      expect(boardRows(board).flat().every((face) => faces.has(face))).toBe(true);
    }
  });

  test("a typed board is parsed, and a malformed one is an EngineError", () => {
    const settings = { seed: "x", size: 4, rules: "classic", timer: 0, players: 1, lang: "en" } as const;
    expect(boardRows(boardFor({ ...settings, board: "case/mopi/stre/napd" }))[0]).toEqual(["c", "a", "s", "e"]);
    expect(() => boardFor({ ...settings, board: "ab/c" })).toThrow(EngineError);
  });
});
