// The daily game's receipts going to the server (receipt-upload.ts does the requests): at the
// round's end, every minute outside a running round, when the page is hidden or left (by beacon),
// and on the next visit. Uploads run one after another: a call made while one is under way
// uploads after it whatever arrived meanwhile (the last word's receipt), rather than sharing its
// answer.
import { UPLOAD_INTERVAL_MS, beaconReceipts, uploadOtherGames, uploadReceipts } from "./receipt-upload.ts";
import type { GameStore } from "./game-store.ts";

export interface SyncEvents {
  /** Words the server will never count (it refused their receipts): they stay found, as free play. */
  onRefused(words: readonly string[]): void;
  /** Whether a ranked round is running (it syncs once, at its end). */
  roundRunning(): boolean;
}

export class GameSync {
  /** The upload under way, if any: one at a time. */
  private syncRun: Promise<void> | null = null;
  private readonly game: GameStore;
  private readonly events: SyncEvents;

  constructor(game: GameStore, events: SyncEvents) {
    this.game = game;
    this.events = events;
    // Leaving the page (or hiding it, which on phones may be the last chance): the browser sends
    // the waiting receipts even after the page is gone.
    addEventListener("pagehide", () => beaconReceipts(this.game));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") beaconReceipts(this.game);
    });
  }

  /** The minute's upload outside a running round, and the other days' games left waiting. */
  start(puzzleId: string): void {
    window.setInterval(() => {
      if (!this.events.roundRunning()) void this.sync();
    }, UPLOAD_INTERVAL_MS);
    void uploadOtherGames(puzzleId);
  }

  /** Sends the receipts waiting to be synced, after the upload under way if there is one. */
  sync(): Promise<void> {
    const run = (this.syncRun ?? Promise.resolve()).then(() => this.upload());
    this.syncRun = run;
    void run.finally(() => {
      if (this.syncRun === run) this.syncRun = null;
    });
    return run;
  }

  private async upload(): Promise<void> {
    if (this.game.waitingReceipts().length === 0) return;
    try {
      const { refused } = await uploadReceipts(this.game);
      // The server will never count them: they stay found, as free-play words.
      if (refused.length > 0) this.events.onRefused(refused.map((r) => r.word));
    } catch {
      // Offline or busy: the receipts wait for the next attempt.
    }
  }
}
