// The words waiting for the server's verdict, sent one at a time in the order they were found.
// The queue lives in the saved game (game-store.ts), so a word found offline or just before the
// tab closed is sent on the next attempt; transient failures wait with exponential backoff.
import type { Path } from "../../../shared/index.ts";
import { ApiError, api } from "./api.ts";
import type { WordAnswer } from "./api.ts";
import { saveGame } from "./game-store.ts";
import type { GameState } from "./game-store.ts";

const MAX_BACKOFF_MS = 30_000;

export interface SubmitQueueEvents {
  /** The server's answer for a word; null when it refused the word for good (error says why). */
  onAnswer(word: string, path: Path | null, answer: WordAnswer | null, error: string): void;
  /** How many words still wait after a transient failure (0 once the queue is empty). */
  onWaiting(count: number): void;
  /** A game saved before rounds had tickets: the round must be fetched again first. */
  onMissingTicket(): void;
  /** A flush is over (the game redraws). */
  onSettled(): void;
}

/** The wait before the next attempt: doubling from 1 s up to 30 s, jittered by ±25%. */
export function backoffDelay(attempts: number, random = Math.random()): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempts - 1)) * (0.75 + random / 2);
}

export class SubmitQueue {
  private readonly state: GameState;
  private readonly events: SubmitQueueEvents;
  private flushing = false;
  private retryTimer: number | undefined;

  constructor(state: GameState, events: SubmitQueueEvents) {
    this.state = state;
    this.events = events;
    addEventListener("online", () => void this.flush());
  }

  add(word: string, path: Path | null): void {
    this.state.pending.push({ word, path, attempts: 0 });
    saveGame(this.state);
    void this.flush();
  }

  /** Sends queued words in order; stops at a transient failure and tries again later. */
  async flush(): Promise<void> {
    const state = this.state;
    const { roundId, ticket } = state;
    if (!roundId || this.flushing) return;
    if (!ticket) return this.events.onMissingTicket();
    this.flushing = true;
    clearTimeout(this.retryTimer);
    try {
      while (state.pending.length > 0) {
        const item = state.pending[0];
        try {
          const answer = await api.submitWord(roundId, ticket, item.word, item.path);
          state.pending.shift();
          this.events.onAnswer(item.word, item.path, answer, "");
        } catch (error) {
          if (error instanceof ApiError && error.transient) {
            item.attempts += 1;
            this.events.onWaiting(state.pending.length);
            this.retryTimer = window.setTimeout(() => void this.flush(), backoffDelay(item.attempts));
            return;
          }
          // Refused for good (e.g. the round is unknown): the game keeps the word for free play only.
          state.pending.shift();
          this.events.onAnswer(item.word, item.path, null, error instanceof Error ? error.message : String(error));
        }
        saveGame(state);
      }
      this.events.onWaiting(0);
    } finally {
      saveGame(state);
      this.flushing = false;
      this.events.onSettled();
    }
  }
}
