// The game store: each method changes the game and saves it before it returns, so a reload (a
// fresh store on the same storage) finds every change; games saved by older versions still load;
// and where storage is refused, play goes on in memory.
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { WordAnswer } from "#site/core/api.ts";
import { GameStore, forgetGame, loadGame, localHistory, playedDates, savedDates, storedPuzzle, savePuzzle } from "#site/islands/daily/game-store.ts";
import { wordSync } from "#site/islands/daily/game-state.ts";
import { todayUtc } from "#engine";
import { memoryStorage, refuse } from "./memory-storage.ts";
import { accepted, points, refused } from "./verdicts.ts";

const DATE = "2026-03-01";


let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("localStorage", storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** What a reload finds. */
const reloaded = () => GameStore.load(DATE).view;

function rankedGame(): GameStore {
  const game = GameStore.load(DATE);
  game.adoptRound({ roundId: "round-1", ticket: "t-1", ranked: true, endsAt: 90_000, score: 0, words: [] }, points);
  return game;
}

describe("a fresh game", () => {
  test("has no round and nothing found, and saves nothing until it changes", () => {
    const game = GameStore.load(DATE);
    expect(game.view).toEqual({ date: DATE, roundId: null, ticket: null, ranked: false, endsAt: null, found: [], pending: [], receipts: [], serverScore: 0 });
    expect(storage.items.size).toBe(0);
  });

  test("an unreadable or foreign entry reads as a fresh game", () => {
    storage.setItem(`tw:game:${DATE}`, "{not json");
    expect(reloaded().found).toEqual([]);
    storage.setItem(`tw:game:${DATE}`, JSON.stringify({ date: "2020-01-01", found: [{ word: "x" }], pending: [] }));
    expect(reloaded().found).toEqual([]);
  });

  test("a game saved before tickets and receipts existed gains both fields", () => {
    storage.setItem(`tw:game:${DATE}`, JSON.stringify({ date: DATE, roundId: "r", ranked: true, endsAt: 1, found: [], pending: [], serverScore: 3 }));
    expect(reloaded()).toMatchObject({ roundId: "r", ticket: null, receipts: [], serverScore: 3 });
  });
});

describe("the round", () => {
  test("adopting the server's round saves its timing and adds the words this browser lacked", () => {
    const game = GameStore.load(DATE);
    game.addFound({ word: "cat", points: 1, path: null, ranked: true, confirmed: false });
    game.adoptRound({ roundId: "round-1", ticket: "t-1", ranked: true, endsAt: 90_000, score: 7, words: ["cat", "stone"] }, points);
    const view = reloaded();
    expect(view).toMatchObject({ roundId: "round-1", ticket: "t-1", ranked: true, endsAt: 90_000, serverScore: 7 });
    expect(view.found.map((f) => [f.word, f.points, f.confirmed])).toEqual([
      ["cat", 1, false],
      ["stone", 3, true],
    ]);
  });

  test("an unranked round keeps no end", () => {
    const game = GameStore.load(DATE);
    game.adoptRound({ roundId: "r", ticket: "t", ranked: false, endsAt: 5, score: 0, words: [] }, points);
    expect(reloaded().endsAt).toBeNull();
  });

  test("receipts of words the server's round lacks are sent again", () => {
    const game = rankedGame();
    game.queueWord("cat", null);
    game.judged(accepted("cat"));
    game.receiptsUploaded(["r-cat"], []);
    expect(game.waitingReceipts()).toEqual([]);
    game.adoptRound({ roundId: "round-1", ticket: "t-1", ranked: true, endsAt: 90_000, score: 0, words: [] }, points);
    expect(GameStore.load(DATE).waitingReceipts()).toEqual(["r-cat"]);
  });
});

describe("the submit queue", () => {
  test("queued words survive a reload, oldest first, with their failed attempts", () => {
    const game = rankedGame();
    game.queueWord("cat", null);
    game.queueWord("dog", [[0, 0]] as never);
    expect(game.pendingFailed()).toBe(1);
    expect(game.pendingFailed()).toBe(2);
    const again = GameStore.load(DATE);
    expect(again.nextPending()).toEqual({ word: "cat", path: null, attempts: 2 });
    expect(again.view.pending.map((p) => p.word)).toEqual(["cat", "dog"]);
  });

  test("an accepted word is confirmed at the server's points and its receipt kept", () => {
    const game = rankedGame();
    game.addFound({ word: "stone", points: 1, path: null, ranked: true, confirmed: false });
    game.queueWord("stone", null);
    expect(game.judged(accepted("stone"))).toBe("confirmed");
    const view = reloaded();
    expect(view.pending).toEqual([]);
    expect(view.found).toEqual([{ word: "stone", points: 3, path: null, ranked: true, confirmed: true }]);
    expect(view.receipts).toEqual([{ word: "stone", receipt: "r-stone", synced: false }]);
  });

  test("a word the server accepts before the word list loaded is added, ranked as the round is", () => {
    const game = rankedGame();
    game.queueWord("stone", null);
    expect(game.judged(accepted("stone"))).toBe("added");
    expect(reloaded().found).toEqual([{ word: "stone", points: 3, path: null, ranked: true, confirmed: true }]);
  });

  test("a late word, or one refused for good, stays as free play", () => {
    const game = rankedGame();
    for (const word of ["cat", "dog"]) {
      game.addFound({ word, points: 1, path: null, ranked: true, confirmed: false });
      game.queueWord(word, null);
    }
    expect(game.judged(refused("late"))).toBe("free-play");
    expect(game.judged(null)).toBe("free-play");
    expect(reloaded().found.map((f) => [f.ranked, f.confirmed])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(reloaded().receipts).toEqual([]);
  });

  test("a word the server rejects is removed", () => {
    const game = rankedGame();
    game.addFound({ word: "zzz", points: 1, path: null, ranked: true, confirmed: false });
    game.queueWord("zzz", null);
    expect(game.judged(refused("not-a-word"))).toBe("rejected");
    expect(reloaded().found).toEqual([]);
  });
});

describe("the receipts", () => {
  function withReceipts(words: string[]): GameStore {
    const game = rankedGame();
    for (const word of words) {
      game.queueWord(word, null);
      game.judged(accepted(word));
    }
    return game;
  }

  test("an accepted upload marks its receipts uploaded and drops the refused ones", () => {
    const game = withReceipts(["cat", "dog", "emu"]);
    expect(game.waitingReceipts()).toEqual(["r-cat", "r-dog", "r-emu"]);
    const refusedWords = game.receiptsUploaded(["r-cat", "r-dog"], [{ receipt: "r-dog", reason: "bad signature" }]);
    expect(refusedWords).toEqual([{ word: "dog", reason: "bad signature" }]);
    const view = reloaded();
    expect(view.receipts).toEqual([
      { word: "cat", receipt: "r-cat", synced: true },
      { word: "emu", receipt: "r-emu", synced: false },
    ]);
    expect(GameStore.load(DATE).waitingReceipts()).toEqual(["r-emu"]);
  });

  test("words refused by an upload turn to free play", () => {
    const game = withReceipts(["cat", "dog"]);
    game.toFreePlay(["dog", "unknown"]);
    expect(reloaded().found.map((f) => [f.word, f.ranked])).toEqual([
      ["cat", true],
      ["dog", false],
    ]);
  });

  test("a round the server no longer knows drops the waiting receipts, not the uploaded ones", () => {
    const game = withReceipts(["cat", "dog"]);
    game.receiptsUploaded(["r-cat"], []);
    game.dropWaitingReceipts();
    expect(reloaded().receipts.map((r) => r.word)).toEqual(["cat"]);
  });
});

describe("the saved games", () => {
  test("dates, played dates and the local history come from what is stored", () => {
    GameStore.load("2026-02-01").adoptRound({ roundId: "a", ticket: "t", ranked: true, endsAt: 1, score: 0, words: ["stone", "cat"] }, points);
    GameStore.load("2026-02-02").adoptRound({ roundId: "b", ticket: "t", ranked: false, endsAt: null, score: 0, words: [] }, points);
    storage.setItem("tw:hints:2026-02-03", "[]");
    expect(savedDates().sort()).toEqual(["2026-02-01", "2026-02-02"]);
    expect([...playedDates()]).toEqual(["2026-02-01"]);
    expect(localHistory()).toEqual([{ date: "2026-02-01", score: 4, words: 2 }]);
    expect(loadGame("2026-02-01").roundId).toBe("a");
  });

  test("a forgotten game is gone: the next load is a fresh one", () => {
    rankedGame().addFound({ word: "cat", points: 1, path: null, ranked: true, confirmed: true });
    forgetGame(DATE);
    expect(savedDates()).toEqual([]);
    expect(reloaded().roundId).toBeNull();
  });

  test("a stored puzzle for today is only today's", () => {
    const puzzle = { date: "2020-01-01", number: 1 } as never;
    savePuzzle(puzzle, "2020-01-01");
    savePuzzle(puzzle, "today");
    expect(storedPuzzle("2020-01-01")).toEqual(puzzle);
    expect(storedPuzzle("today")).toBeNull();
    savePuzzle({ date: todayUtc(), number: 2 } as never, "today");
    expect(storedPuzzle("today")).toMatchObject({ number: 2 });
  });
});

describe("where the browser refuses storage", () => {
  test("play goes on in memory and nothing throws", () => {
    vi.stubGlobal("localStorage", { ...memoryStorage(), getItem: refuse, setItem: refuse, key: refuse });
    const game = rankedGame();
    game.addFound({ word: "cat", points: 1, path: null, ranked: true, confirmed: false });
    game.queueWord("cat", null);
    expect(game.judged(accepted("cat"))).toBe("confirmed");
    expect(game.view.found).toHaveLength(1);
    expect(game.waitingReceipts()).toEqual(["r-cat"]);
    expect(savedDates()).toEqual([]);
    expect(GameStore.load(DATE).view.found).toEqual([]);
  });
});

test("each ranked word's mark says where it stands with the server: pending until judged, sent with its receipt kept here, counted once stored", () => {
  const game = GameStore.load("2026-04-02");
  game.adoptRound({ roundId: "r", ticket: "t", ranked: true, endsAt: Date.now() + 60_000, score: 0, words: ["fromelsewhere"] }, (n) => n - 2);
  game.addFound({ word: "tone", points: 1, path: null, ranked: true, confirmed: false });
  game.queueWord("tone", null);
  const sync = (word: string) => wordSync(game.view, game.view.found.find((f) => f.word === word)!);
  expect(sync("tone")).toBe("pending");
  // The server's round brought it: counted there.
  expect(sync("fromelsewhere")).toBe("counted");
  game.judged({ accepted: true, word: "tone", points: 1, receipt: "r-tone" } as WordAnswer);
  expect(sync("tone")).toBe("sent");
  game.receiptsUploaded(["r-tone"], []);
  expect(sync("tone")).toBe("counted");
});
