// The daily game's phases and saved-game transitions, without a page: which phase a game is in,
// how Start, the clock running out and playing in memory move it, what the scores and the
// "send to the server" rule read, and that every transition leaves the state it was given alone.
import { describe, expect, test } from "vitest";
import { GRACE_MS } from "#game/round.ts";
import { type GameState, freshGame, judgedOutcome, reduceGame, refusedWords, waitingReceipts } from "#site/islands/daily/game-state.ts";
import { type PlayState, foundSet, hasResults, initialPlay, isOpen, nextPuzzleAt, phaseOf, rankedScore, reducePlay, sendsToServer, totalScore } from "#site/islands/daily/play-store.ts";
import { accepted, points, refused } from "./verdicts.ts";

const DATE = "2026-03-01";
const END = Date.parse("2026-03-01T12:03:00Z");

function ranked(words: readonly string[] = []): GameState {
  return reduceGame(freshGame(DATE), { type: "round-adopted", round: { roundId: "round-1", ticket: "t", ranked: true, endsAt: END, score: 0, words }, points });
}

const play = (game: GameState, local = false): PlayState => ({ ...initialPlay(game), local });

describe("the phases", () => {
  test("a game with no round is ready; a ranked round runs until its end; after it, or unranked, play is free", () => {
    expect(phaseOf(freshGame(DATE), false, END)).toBe("ready");
    expect(phaseOf(ranked(), false, END - 1)).toBe("round");
    expect(phaseOf(ranked(), false, END)).toBe("free");
    const replay = reduceGame(freshGame(DATE), { type: "round-adopted", round: { roundId: "r", ticket: "t", ranked: false, endsAt: END, score: 0, words: [] }, points });
    expect(phaseOf(replay, false, END - 60_000)).toBe("free");
  });

  test("playing in memory is free play whatever the saved game says", () => {
    expect(phaseOf(freshGame(DATE), true, END)).toBe("free");
    expect(phaseOf(ranked(), true, END - 1)).toBe("free");
  });

  test("Start: settling after the round is taken enters the round; the clock running out enters free play", () => {
    let state = play(freshGame(DATE));
    expect(state.phase).toBe("ready");
    state = reducePlay(state, { type: "game-changed", game: ranked() });
    expect(state.phase).toBe("ready"); // a changed game alone moves no phase: game.ts settles it
    state = reducePlay(state, { type: "settle", now: END - 120_000 });
    expect(state.phase).toBe("round");
    expect(hasResults(state)).toBe(false);
    state = reducePlay(state, { type: "time-up" });
    expect(state.phase).toBe("free");
    expect(hasResults(state)).toBe(true);
  });

  test("a round already over (played on another device) settles straight into free play with its results", () => {
    const state = reducePlay(play(ranked(["stone"])), { type: "settle", now: END + 1 });
    expect(state.phase).toBe("free");
    expect(hasResults(state)).toBe(true);
  });

  test("playing locally is free, stays free on settling, and has no results card", () => {
    let state = reducePlay(play(freshGame(DATE)), { type: "play-locally" });
    expect(state).toMatchObject({ phase: "free", local: true });
    state = reducePlay(state, { type: "settle", now: END });
    expect(state.phase).toBe("free");
    expect(hasResults(state)).toBe(false);
  });

  test("transitions return a new state and leave the one given untouched", () => {
    const before = play(freshGame(DATE));
    const frozen = structuredClone(before);
    reducePlay(before, { type: "play-locally" });
    expect(before).toEqual(frozen);
  });
});

describe("what the state says", () => {
  test("words go to the server during a ranked round and its grace, and always in an unranked replay", () => {
    expect(sendsToServer(freshGame(DATE), END)).toBe(false);
    expect(sendsToServer(ranked(), END + GRACE_MS - 1)).toBe(true);
    expect(sendsToServer(ranked(), END + GRACE_MS)).toBe(false);
    const replay = reduceGame(freshGame(DATE), { type: "round-adopted", round: { roundId: "r", ticket: "t", ranked: false, endsAt: null, score: 0, words: [] }, points });
    expect(sendsToServer(replay, END * 2)).toBe(true);
  });

  test("the ranked score counts ranked words, or the server's score when it is higher; the total counts every word", () => {
    let game = reduceGame(ranked(), { type: "found", entry: { word: "stone", points: 3, path: null, ranked: true, confirmed: true } });
    game = reduceGame(game, { type: "found", entry: { word: "tones", points: 3, path: null, ranked: false, confirmed: true } });
    expect(rankedScore(game)).toBe(3);
    expect(totalScore(game)).toBe(6);
    expect(foundSet(game)).toEqual(new Set(["stone", "tones"]));
    expect(rankedScore({ ...game, serverScore: 10 })).toBe(10);
  });

  test("today's puzzle is open until it closes; then the next puzzle is at the next UTC midnight", () => {
    const puzzle = { closesAt: "2026-03-02T00:00:00Z" };
    expect(isOpen(puzzle, END)).toBe(true);
    expect(nextPuzzleAt(puzzle, END)).toBe(Date.parse("2026-03-02T00:00:00Z"));
    const later = Date.parse("2026-03-05T10:00:00Z");
    expect(isOpen(puzzle, later)).toBe(false);
    expect(nextPuzzleAt(puzzle, later)).toBe(Date.parse("2026-03-06T00:00:00Z"));
  });
});

describe("the saved game's transitions", () => {
  test("a word queued, judged accepted, leaves a receipt waiting until an upload takes it", () => {
    const before = reduceGame(ranked(), { type: "word-queued", word: "stone", path: null });
    const frozen = structuredClone(before);
    expect(judgedOutcome(before, accepted("stone"))).toBe("added");
    const after = reduceGame(before, { type: "judged", answer: accepted("stone") });
    expect(before).toEqual(frozen);
    expect(after.pending).toEqual([]);
    expect(after.found).toMatchObject([{ word: "stone", points: 3, ranked: true, confirmed: true }]);
    expect(waitingReceipts(after)).toEqual(["r-stone"]);
    const uploaded = reduceGame(after, { type: "receipts-uploaded", batch: ["r-stone"], refused: [] });
    expect(waitingReceipts(uploaded)).toEqual([]);
  });

  test("a late word stays as free play; a word the server rejects is gone", () => {
    let game = reduceGame(ranked(), { type: "found", entry: { word: "late", points: 2, path: null, ranked: true, confirmed: false } });
    game = reduceGame(game, { type: "found", entry: { word: "xyzzy", points: 3, path: null, ranked: true, confirmed: false } });
    game = reduceGame(game, { type: "word-queued", word: "late", path: null });
    game = reduceGame(game, { type: "word-queued", word: "xyzzy", path: null });
    expect(judgedOutcome(game, refused("late"))).toBe("free-play");
    game = reduceGame(game, { type: "judged", answer: refused("late") });
    expect(judgedOutcome(game, refused("not-in-lexicon"))).toBe("rejected");
    game = reduceGame(game, { type: "judged", answer: refused("not-in-lexicon") });
    expect(game.found).toMatchObject([{ word: "late", ranked: false, confirmed: true }]);
  });

  test("a failed attempt counts on the oldest word only", () => {
    let game = reduceGame(ranked(), { type: "word-queued", word: "one", path: null });
    game = reduceGame(game, { type: "word-queued", word: "two", path: null });
    game = reduceGame(reduceGame(game, { type: "attempt-failed" }), { type: "attempt-failed" });
    expect(game.pending.map((p) => p.attempts)).toEqual([2, 0]);
  });

  test("refused receipts are named and dropped; their words turn to free play", () => {
    let game = reduceGame(ranked(), { type: "word-queued", word: "stone", path: null });
    game = reduceGame(game, { type: "judged", answer: accepted("stone") });
    const refusal = [{ receipt: "r-stone", reason: "late" }];
    expect(refusedWords(game, ["r-stone"], refusal)).toEqual([{ word: "stone", reason: "late" }]);
    game = reduceGame(game, { type: "receipts-uploaded", batch: ["r-stone"], refused: refusal });
    expect(game.receipts).toEqual([]);
    game = reduceGame(game, { type: "to-free-play", words: ["stone"] });
    expect(game.found[0]).toMatchObject({ word: "stone", ranked: false });
  });
});
