// The submit queue: a caller that asks for a flush while a word is on its way waits for that word's
// verdict (the results card does this before it syncs and shows a standing: before, it got an
// answer at once and synced without the round's last word).
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { api } from "../../site/src/scripts/core/api.ts";
import type { WordAnswer } from "../../site/src/scripts/core/api.ts";
import { GameStore } from "../../site/src/scripts/daily/game-store.ts";
import { SubmitQueue } from "../../site/src/scripts/daily/submit-queue.ts";
import { memoryStorage } from "./memory-storage.ts";

beforeEach(() => {
  vi.stubGlobal("localStorage", memoryStorage());
  vi.stubGlobal("addEventListener", () => {});
  vi.stubGlobal("window", { setTimeout, clearTimeout });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const accepted = (word: string): WordAnswer => ({ accepted: true, word, points: word.length - 2, receipt: `r-${word}`, score: 0 }) as unknown as WordAnswer;

function rankedGame(): GameStore {
  const game = GameStore.load("2026-03-01");
  game.adoptRound({ roundId: "round-1", ticket: "t-1", ranked: true, endsAt: Date.now() + 60_000, score: 0, words: [] }, (n) => n - 2);
  return game;
}

test("a flush asked for while a word is on its way resolves only once that word has its receipt", async () => {
  const answers: Array<() => void> = [];
  vi.spyOn(api, "submitWord").mockImplementation((_round, _ticket, word) => new Promise((resolve) => answers.push(() => resolve(accepted(word)))));
  const game = rankedGame();
  const queue = new SubmitQueue(game, { onAnswer: () => {}, onWaiting: () => {}, onMissingTicket: () => {}, onSettled: () => {} });

  queue.add("tone", null);
  queue.add("notes", null); // found while TONE's verdict is on its way
  let settled = false;
  const waited = queue.flush().then(() => (settled = true));
  await vi.waitFor(() => expect(answers).toHaveLength(1));
  answers[0]();
  await vi.waitFor(() => expect(answers).toHaveLength(2));
  expect(settled).toBe(false);
  answers[1]();
  await waited;
  expect(game.view.pending).toEqual([]);
  expect(game.waitingReceipts()).toEqual(["r-tone", "r-notes"]);
});

test("a flush with nothing queued or no round resolves at once", async () => {
  const submit = vi.spyOn(api, "submitWord");
  const queue = new SubmitQueue(GameStore.load("2026-03-02"), { onAnswer: () => {}, onWaiting: () => {}, onMissingTicket: () => {}, onSettled: () => {} });
  await queue.flush();
  expect(submit).not.toHaveBeenCalled();
});
