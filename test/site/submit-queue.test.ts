// The submit queue sends words in batches: a word found after a quiet spell goes at once, words
// found soon after wait for the server's delay (or the round's end) and go together, a flush sends
// everything at once, and a caller that asks for a flush while a batch is on its way waits for
// that batch's verdicts (the results card does this before it syncs and shows a standing: before,
// it got an answer at once and synced without the round's last word). A page that keeps nothing
// holds no word back and has the server store each batch; a page going away sends what waits.
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api } from "#site/core/api.ts";
import type { BatchedWord } from "#site/core/api.ts";
import { GameStore } from "#site/islands/daily/game-store.ts";
import { SubmitQueue } from "#site/islands/daily/submit-queue.ts";
import { MAX_WORDS_PER_BATCH } from "#game/round.ts";
import { memoryStorage } from "./memory-storage.ts";
import { accepted } from "./verdicts.ts";

beforeEach(() => {
  vi.stubGlobal("localStorage", memoryStorage());
  vi.stubGlobal("addEventListener", () => {});
  vi.stubGlobal("window", { setTimeout: (f: () => void, ms: number) => setTimeout(f, ms), clearTimeout: (t: number) => clearTimeout(t) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const events = { onAnswer: () => {}, onWaiting: () => {}, onMissingTicket: () => {}, onSettled: () => {} };
const DELAY = 15_000;

function rankedGame(date: string, endsIn = 120_000): GameStore {
  const game = GameStore.load(date);
  game.adoptRound({ roundId: "round-1", ticket: "t-1", ranked: true, endsAt: Date.now() + endsIn, score: 0, words: [] }, (n) => n - 2);
  return game;
}

/** Batches sent (their words), each answered when the test says so. */
function heldServer() {
  const batches: BatchedWord[][] = [];
  const answers: Array<() => void> = [];
  vi.spyOn(api, "submitWords").mockImplementation((_round, _ticket, words) => {
    batches.push(words);
    return new Promise((resolve) => answers.push(() => resolve({ verdicts: words.map((w) => accepted(w.word)), batchDelayMs: DELAY, stored: null })));
  });
  return { batches, answers };
}

/** Batches sent, each answered at once. */
function quickServer(delay = DELAY) {
  const batches: BatchedWord[][] = [];
  vi.spyOn(api, "submitWords").mockImplementation(async (_round, _ticket, words) => {
    batches.push(words);
    return { verdicts: words.map((w) => accepted(w.word)), batchDelayMs: delay, stored: null };
  });
  return batches;
}

test("a flush asked for while a batch is on its way resolves only once the words found meanwhile have their receipts", async () => {
  const { batches, answers } = heldServer();
  const game = rankedGame("2026-03-01");
  const queue = new SubmitQueue(game, events);

  queue.add("tone", null); // the first word goes at once
  await vi.waitFor(() => expect(answers).toHaveLength(1));
  queue.add("notes", null); // found while TONE's verdict is on its way
  let settled = false;
  const waited = queue.flush().then(() => (settled = true));
  answers[0]();
  await vi.waitFor(() => expect(answers).toHaveLength(2));
  expect(batches.map((b) => b.map((w) => w.word))).toEqual([["tone"], ["notes"]]);
  expect(settled).toBe(false);
  answers[1]();
  await waited;
  expect(game.view.pending).toEqual([]);
  expect(game.waitingReceipts()).toEqual(["r-tone", "r-notes"]);
});

test("words found within the server's delay go together in one batch, each with how long ago it was found", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const batches = quickServer();
  const game = rankedGame("2026-03-03");
  const queue = new SubmitQueue(game, events);

  queue.add("tone", null);
  await vi.advanceTimersByTimeAsync(0);
  expect(batches.map((b) => b.map((w) => w.word))).toEqual([["tone"]]);
  for (const word of ["notes", "stone", "onset"]) {
    await vi.advanceTimersByTimeAsync(3000);
    queue.add(word, null);
  }
  // Nothing leaves before the delay since the last batch is over.
  await vi.advanceTimersByTimeAsync(DELAY - 9000 - 1);
  expect(batches).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(batches).toHaveLength(2);
  expect(batches[1]).toEqual([
    { word: "notes", age: DELAY - 3000 },
    { word: "stone", age: DELAY - 6000 },
    { word: "onset", age: DELAY - 9000 },
  ]);
  expect(game.view.pending).toEqual([]);
  expect(game.waitingReceipts()).toEqual(["r-tone", "r-notes", "r-stone", "r-onset"]);
});

test("a word found while the page's first batch is on its way waits the delay the server gives, not the default", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const batches: string[][] = [];
  const answers: Array<() => void> = [];
  vi.spyOn(api, "submitWords").mockImplementation((_round, _ticket, words) => {
    batches.push(words.map((w) => w.word));
    return new Promise((resolve) => answers.push(() => resolve({ verdicts: words.map((w) => accepted(w.word)), batchDelayMs: 2000, stored: null })));
  });
  const game = rankedGame("2026-03-07");
  const queue = new SubmitQueue(game, events);
  queue.add("tone", null);
  await vi.advanceTimersByTimeAsync(0);
  queue.add("notes", null); // scheduled before any answer said how long to wait
  await vi.advanceTimersByTimeAsync(500);
  answers[0]();
  await vi.advanceTimersByTimeAsync(1499);
  expect(batches).toEqual([["tone"]]);
  await vi.advanceTimersByTimeAsync(1);
  expect(batches).toEqual([["tone"], ["notes"]]);
  answers[1]();
});

test("a batch waiting leaves at the round's end at the latest, so its words are not late", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const batches = quickServer();
  const game = rankedGame("2026-03-04", 5000);
  const queue = new SubmitQueue(game, events);
  queue.add("tone", null);
  await vi.advanceTimersByTimeAsync(0);
  queue.add("notes", null);
  await vi.advanceTimersByTimeAsync(4999);
  expect(batches).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(batches.map((b) => b.map((w) => w.word))).toEqual([["tone"], ["notes"]]);
});

test(`a flush sends everything waiting at once, at most ${MAX_WORDS_PER_BATCH} words a batch`, async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const words = Array.from({ length: MAX_WORDS_PER_BATCH + 5 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
  // Queued offline (a saved game): the server answers nothing yet.
  vi.spyOn(api, "submitWords").mockRejectedValue(new (await import("#site/core/api.ts")).ApiError(0, "network", "offline"));
  const game = rankedGame("2026-03-05");
  const queue = new SubmitQueue(game, events);
  for (const word of words) queue.add(word, null);
  await vi.advanceTimersByTimeAsync(0);
  expect(game.view.pending).toHaveLength(words.length);
  vi.restoreAllMocks();
  const batches = quickServer();
  await queue.flush();
  expect(batches.map((b) => b.length)).toEqual([MAX_WORDS_PER_BATCH, 5]);
  expect(batches.flat().map((w) => w.word)).toEqual(words);
  expect(game.view.pending).toEqual([]);
  expect(game.waitingReceipts()).toHaveLength(words.length);
});

test("a word the server could never take is refused alone, not with its batch", async () => {
  const batches = quickServer();
  const game = rankedGame("2026-03-06");
  const answers: [string, string][] = [];
  const queue = new SubmitQueue(game, { ...events, onAnswer: (word, judged) => answers.push([word, judged]) });
  game.queueWord("tone", null);
  game.queueWord("no-tes", null);
  game.queueWord("stone", null);
  await queue.flush();
  expect(batches.map((b) => b.map((w) => w.word))).toEqual([["tone"], ["stone"]]);
  expect(answers).toEqual([["tone", "added"], ["no-tes", "free-play"], ["stone", "added"]]);
});

test("a flush with nothing queued or no round resolves at once", async () => {
  const submit = vi.spyOn(api, "submitWords");
  const queue = new SubmitQueue(GameStore.load("2026-03-02"), events);
  await queue.flush();
  expect(submit).not.toHaveBeenCalled();
});

test("where nothing can be stored, each word goes at once and the server stores it: no receipt is left waiting for a later upload", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const sent: { words: string[]; store: boolean | undefined }[] = [];
  vi.spyOn(api, "submitWords").mockImplementation(async (_round, _ticket, words, options) => {
    sent.push({ words: words.map((w) => w.word), store: options?.store });
    return { verdicts: words.map((w) => accepted(w.word)), batchDelayMs: DELAY, stored: { queued: words.length, refused: [] } };
  });
  const game = rankedGame("2026-03-08");
  // The frame's storage is blocked from here on (as an embed on another site finds it).
  vi.stubGlobal("localStorage", { ...memoryStorage(), setItem: () => { throw new DOMException("blocked", "SecurityError"); } });
  const queue = new SubmitQueue(game, events);
  queue.add("tone", null);
  await vi.advanceTimersByTimeAsync(0);
  queue.add("notes", null);
  queue.add("stone", null);
  // Not the server's delay: within a moment every word is on its way.
  await vi.advanceTimersByTimeAsync(10);
  expect(game.kept).toBe(false);
  expect(sent.flatMap((b) => b.words)).toEqual(["tone", "notes", "stone"]);
  expect(sent.every((b) => b.store === true)).toBe(true);
  expect(game.view.pending).toEqual([]);
  expect(game.waitingReceipts()).toEqual([]);
});

test("as the page is hidden or left, every word waiting goes with keepalive and is stored at once; it stays queued until answered", async () => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  const listeners = new Map<string, () => void>();
  vi.stubGlobal("addEventListener", (type: string, listener: () => void) => listeners.set(type, listener));
  const sent: { words: string[]; options: unknown }[] = [];
  vi.spyOn(api, "submitWords").mockImplementation((_round, _ticket, words, options) => {
    sent.push({ words: words.map((w) => w.word), options });
    // The first batch is still on its way when the page goes.
    return new Promise(() => {});
  });
  const game = rankedGame("2026-03-09");
  const queue = new SubmitQueue(game, events);
  queue.add("tone", null);
  await vi.advanceTimersByTimeAsync(0);
  queue.add("notes", null);
  await vi.advanceTimersByTimeAsync(1000);
  listeners.get("pagehide")!();
  listeners.get("pagehide")!(); // the same words twice in a row go once
  expect(sent).toEqual([
    { words: ["tone"], options: { store: false } },
    { words: ["tone", "notes"], options: { keepalive: true, store: true } },
  ]);
  expect(game.view.pending.map((p) => p.word)).toEqual(["tone", "notes"]);
});
