// The room's judging and scoring on their own (pure functions), on a fixed board.
import { describe, expect, test } from "vitest";
import { RULES, boardRows, parseBoard, solve } from "#engine";
import { indexSolution, judgeWord, scoreRound } from "#worker/rooms/scoring.ts";
import { normalizeRoomCode } from "#game/room-code.ts";
import { freshBoard, roomBoard } from "#worker/rooms/settings.ts";
import { defaultLexicon } from "#worker/puzzles/engine.ts";

const board = parseBoard("case/mopi/stre/napd");
const solution = indexSolution(board, solve(board, defaultLexicon(), RULES.classic).words);
const pick = (word: string) => {
  const hit = solution.byWord.get(word);
  expect(hit, word).toBeDefined();
  return hit!;
};

describe("judgeWord", () => {
  test("accepts solution words once, with their points; says why otherwise", () => {
    const word = solution.words.find((w) => w.word.length >= 5)!;
    expect(judgeWord(` ${word.word.toUpperCase()} `, solution, defaultLexicon(), RULES.classic, new Set())).toEqual({ accepted: true, word: word.word, points: word.points });
    expect(judgeWord(word.word, solution, defaultLexicon(), RULES.classic, new Set([word.word]))).toMatchObject({ accepted: false, reason: "duplicate" });
    expect(judgeWord("zebra", solution, defaultLexicon(), RULES.classic, new Set())).toMatchObject({ accepted: false, reason: "not-on-board" });
    expect(judgeWord("xqzv", solution, defaultLexicon(), RULES.classic, new Set())).toMatchObject({ accepted: false, reason: "not-a-word" });
    expect(judgeWord("ca", solution, defaultLexicon(), RULES.classic, new Set())).toMatchObject({ accepted: false, reason: "too-short" });
    expect(judgeWord("c4t!", solution, defaultLexicon(), RULES.classic, new Set())).toMatchObject({ accepted: false, reason: "not-a-word" });
  });
});

describe("scoreRound", () => {
  test("words on two or more lists are struck; ties share a rank; missed words exclude every found one", () => {
    const [a, b, c, d] = solution.words.filter((w) => w.word.length >= 4).slice(0, 4).map((w) => pick(w.word));
    const results = scoreRound(
      [
        { seatId: "s1", name: "Ann", playerId: "p1", words: [a.word, b.word] },
        { seatId: "s2", name: "Ben", playerId: null, words: [a.word, c.word] },
        { seatId: "s3", name: "Cy", playerId: null, words: [a.word] },
        { seatId: "s4", name: "Di", playerId: null, words: [] },
      ],
      solution,
      RULES.classic,
    );
    const by = Object.fromEntries(results.players.map((p) => [p.name, p]));
    expect(by.Ann.score).toBe(b.points);
    expect(by.Ben.score).toBe(c.points);
    expect(by.Cy).toMatchObject({ score: 0, words: [{ word: a.word, points: a.points, struck: true }] });
    expect(by.Ann.words.find((w) => w.word === a.word)?.struck).toBe(true);
    expect(by.Ann.words.find((w) => w.word === b.word)?.struck).toBe(false);
    expect(by.Cy.rank).toBe(by.Di.rank);
    expect(results.players.map((p) => p.score)).toEqual([...results.players.map((p) => p.score)].sort((x, y) => y - x));
    const missed = new Set(results.missed.map((m) => m.word));
    expect(missed.has(a.word) || missed.has(b.word) || missed.has(c.word)).toBe(false);
    expect(missed.has(d.word)).toBe(true);
    expect(results.missed).toHaveLength(solution.words.length - 3);
    expect(results.totals.words).toBe(solution.words.length);
  });
});

describe("settings", () => {
  test("room boards use the size's dice and are the same for the same seed", () => {
    expect(roomBoard(5, "abc")).toEqual(roomBoard(5, "abc"));
    expect(roomBoard(6, "abc").faces).toHaveLength(36);
    expect(roomBoard(4, "abc")).not.toEqual(roomBoard(4, "abd"));
    expect(normalizeRoomCode(" abcd ")).toBe("ABCD");
    expect(normalizeRoomCode("ABIO")).toBeNull();
  });
});

describe("freshBoard", () => {
  test("a shake equal to today's daily board is shaken again with the next seed", () => {
    const daily = boardRows(roomBoard(4, "first"));
    const seeds = ["first", "second"];
    const picked = freshBoard(4, daily, () => seeds.shift()!);
    expect(picked.seed).toBe("second");
    expect(boardRows(picked.board)).not.toEqual(daily);
    expect(freshBoard(4, null, () => "first").seed).toBe("first");
  });
});
