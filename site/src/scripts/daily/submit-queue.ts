// The words waiting for the server's verdict, sent one at a time in the order they were found.
// The queue lives in the saved game (GameStore in game-store.ts, which saves every change), so a
// word found offline or just before the tab closed is sent on the next attempt; transient
// failures wait with exponential backoff.
import type { Path } from "../../../../shared/index.ts";
import { ApiError, api } from "../core/api.ts";
import type { WordAnswer } from "../core/api.ts";
import type { GameStore, Judged } from "./game-store.ts";
import { backoffDelay } from "../core/backoff.ts";

export interface SubmitQueueEvents {
  /**
   * The server's answer for a word, already applied to the game (`judged` says how); answer null
   * when it refused the word for good (error says why).
   */
  onAnswer(word: string, judged: Judged, answer: WordAnswer | null, error: string): void;
  /** How many words still wait after a transient failure (0 once the queue is empty). */
  onWaiting(count: number): void;
  /** A game saved before rounds had tickets: the round must be fetched again first. */
  onMissingTicket(): void;
  /** A flush is over (the game redraws). */
  onSettled(): void;
}

export class SubmitQueue {
  private readonly game: GameStore;
  private readonly events: SubmitQueueEvents;
  /** The flush under way: a second caller waits for it (its loop also sends words added meanwhile). */
  private running: Promise<void> | null = null;
  private retryTimer: number | undefined;

  constructor(game: GameStore, events: SubmitQueueEvents) {
    this.game = game;
    this.events = events;
    addEventListener("online", () => void this.flush());
  }

  add(word: string, path: Path | null): void {
    this.game.queueWord(word, path);
    void this.flush();
  }

  /**
   * Sends queued words in order; stops at a transient failure and tries again later. Resolves
   * once this attempt is over, so a caller that needs every verdict in (the results card) waits
   * for the words already on their way too.
   */
  flush(): Promise<void> {
    this.running ??= this.send().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async send(): Promise<void> {
    const game = this.game;
    const { roundId, ticket } = game.view;
    if (!roundId) return;
    if (!ticket) return this.events.onMissingTicket();
    clearTimeout(this.retryTimer);
    try {
      for (let item = game.nextPending(); item; item = game.nextPending()) {
        let answer: WordAnswer | null = null;
        let error = "";
        try {
          answer = await api.submitWord(roundId, ticket, item.word, item.path);
        } catch (failure) {
          if (failure instanceof ApiError && failure.transient) {
            const attempts = game.pendingFailed();
            this.events.onWaiting(game.view.pending.length);
            this.retryTimer = window.setTimeout(() => void this.flush(), backoffDelay(attempts));
            return;
          }
          // Refused for good (e.g. the round is unknown): the game keeps the word for free play only.
          error = failure instanceof Error ? failure.message : String(failure);
        }
        this.events.onAnswer(item.word, game.judged(answer), answer, error);
      }
      this.events.onWaiting(0);
    } finally {
      this.events.onSettled();
    }
  }
}
