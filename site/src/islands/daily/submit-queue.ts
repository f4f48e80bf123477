// The words waiting for the server's verdict, sent in small batches in the order they were found:
// a word found after a quiet spell goes at once, later ones wait for the next batch (the server
// says how long: a sixth of the round, so a round is about seven requests instead of one a
// word), and everything goes at once when the round ends or a caller asks (the results card).
// Each word carries how long ago it was found, so the server dates its receipt when it was found,
// not when the batch left (the fair-play pace rules read those dates).
// The queue lives in the saved game (GameStore in game-store.ts, which saves every change), so a
// word found offline or just before the tab closed is sent on the next attempt; transient
// failures wait with exponential backoff. A page that can keep nothing (a frame whose storage is
// blocked) would lose what waits: it holds nothing back, and has the server store each batch's
// words at once. As the page is hidden or left, every word still waiting goes with keepalive,
// stored at once too, so a reload finds it on the server.
import type { Path } from "#engine";
import { MAX_BATCH_DELAY_MS, MAX_WORDS_PER_BATCH } from "#game/round.ts";
import { ApiError, api } from "../../core/api.ts";
import type { WordAnswer, WordBatchAnswer } from "../../core/api.ts";
import type { GameStore, Judged, PendingWord } from "./game-store.ts";
import { backoffDelay } from "../../core/backoff.ts";
import { errorReason } from "../../core/error-reason.ts";

/** What the server takes as a word (worker/rounds/routes.ts): anything else would spoil its whole batch. */
const SENDABLE = /^\p{L}{1,40}$/u;

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
  /** A flush was asked for while one ran: the running one sends the words added since, too. */
  private again = false;
  private retryTimer: number | undefined;
  private batchTimer: number | undefined;
  /** When the last batch left (this device's clock), and the server's wait between batches. */
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private delayMs = MAX_BATCH_DELAY_MS;
  /** When each word waiting was found (this page only: a word from before a reload is dated on arrival). */
  private readonly foundAt = new Map<string, number>();
  /**
   * Whether every batch has the server store its words at once (besides a page that keeps
   * nothing): the round is played on another device too, which should see them.
   */
  storeEveryBatch = false;
  /** The words last sent as the page was hidden or left, and when. */
  private sentLeaving = { words: "", at: 0 };

  constructor(game: GameStore, events: SubmitQueueEvents) {
    this.game = game;
    this.events = events;
    addEventListener("online", () => void this.flush());
    // Hiding the page may be the last chance (phones): everything waiting goes at once.
    addEventListener("pagehide", () => this.sendLeaving());
    globalThis.document?.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.sendLeaving();
    });
  }

  /** Whether the server stores each batch's words at once (rather than the page syncing receipts later). */
  private get storing(): boolean {
    return this.storeEveryBatch || !this.game.kept;
  }

  add(word: string, path: Path | null): void {
    this.game.queueWord(word, path);
    this.foundAt.set(word, Date.now());
    // Nothing is held back where a reload would lose it.
    if (!this.game.kept || this.game.view.pending.length >= MAX_WORDS_PER_BATCH) void this.flush();
    else this.schedule();
  }

  /**
   * Sends every queued word now, in batches; stops at a transient failure and tries again later.
   * Resolves once this attempt is over, so a caller that needs every verdict in (the results card)
   * waits for the words already on their way too.
   */
  flush(): Promise<void> {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.send().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * The page is hidden or going away: every word waiting (those of a batch on its way too, which
   * the page's end would cancel) is sent with keepalive and stored at once. Nobody may read the
   * answers, so the words stay queued: if the page lives on, the next batch sends them again and
   * takes their verdicts (the server merges a word sent twice).
   */
  private sendLeaving(): void {
    const { roundId, ticket, pending } = this.game.view;
    if (!roundId || !ticket) return;
    const now = Date.now();
    const words = pending.filter(({ word }) => SENDABLE.test(word)).map(({ word }) => ({ word, age: Math.max(0, now - (this.foundAt.get(word) ?? now)) }));
    // A reload fires both "hidden" and "pagehide": the same words go once.
    const sending = words.map((w) => w.word).join(" ");
    if (sending === this.sentLeaving.words && now - this.sentLeaving.at < 2000) return;
    this.sentLeaving = { words: sending, at: now };
    for (let i = 0; i < words.length; i += MAX_WORDS_PER_BATCH) {
      api.submitWords(roundId, ticket, words.slice(i, i + MAX_WORDS_PER_BATCH), { keepalive: true, store: true }).catch(() => undefined);
    }
  }

  /** The next batch leaves once the server's wait since the last one is over, and no later than the round's end. */
  private schedule(): void {
    if (this.batchTimer !== undefined) return;
    const now = Date.now();
    let wait = Math.max(0, this.lastSentAt + this.delayMs - now);
    const { endsAt } = this.game.view;
    if (endsAt !== null && endsAt > now) wait = Math.min(wait, endsAt - now);
    this.batchTimer = window.setTimeout(() => {
      this.batchTimer = undefined;
      void this.flush();
    }, wait);
  }

  private reschedule(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    this.schedule();
  }

  private async send(): Promise<void> {
    const game = this.game;
    const { roundId, ticket } = game.view;
    if (!roundId) return;
    if (!ticket) return this.events.onMissingTicket();
    clearTimeout(this.retryTimer);
    try {
      // The words waiting when the attempt starts (and again if a caller asks meanwhile); words
      // found while a batch is on its way wait for the next one.
      do {
        this.again = false;
        for (let left = game.view.pending.length; left > 0; ) {
          const { batch, skipped } = this.nextBatch(left);
          if (batch.length + skipped === 0) break; // the queue was emptied meanwhile
          left -= batch.length + skipped;
          if (batch.length > 0 && !(await this.sendBatch(roundId, ticket, batch))) return;
        }
      } while (this.again && game.view.pending.length > 0);
      this.events.onWaiting(0);
      // Words found while a batch was on its way were scheduled with the delay known then: the
      // answer may have brought another (the first answer of a page always does).
      if (game.view.pending.length > 0) this.reschedule();
    } finally {
      this.events.onSettled();
    }
  }

  /**
   * The oldest waiting words, at most `limit` and as many as a batch takes. A word the server
   * could never take (it would refuse the whole batch) is refused here when it comes first, and
   * ends the batch before it otherwise.
   */
  private nextBatch(limit: number): { batch: readonly Readonly<PendingWord>[]; skipped: number } {
    let skipped = 0;
    for (let first = this.game.nextPending(); first && skipped < limit && !SENDABLE.test(first.word); first = this.game.nextPending()) {
      this.answered(first.word, null, "this is not a word the server can judge");
      skipped++;
    }
    const batch = this.game.view.pending.slice(0, Math.min(limit - skipped, MAX_WORDS_PER_BATCH));
    const bad = batch.findIndex(({ word }) => !SENDABLE.test(word));
    return { batch: bad === -1 ? batch : batch.slice(0, bad), skipped };
  }

  /** Sends one batch and applies its verdicts; false after a transient failure (a retry is scheduled). */
  private async sendBatch(roundId: string, ticket: string, batch: readonly Readonly<PendingWord>[]): Promise<boolean> {
    const now = Date.now();
    const words = batch.map(({ word }) => ({ word, age: Math.max(0, now - (this.foundAt.get(word) ?? now)) }));
    this.lastSentAt = now;
    let verdicts: readonly WordAnswer[] = [];
    let stored: WordBatchAnswer["stored"] = null;
    let error = "";
    try {
      const answer = await api.submitWords(roundId, ticket, words, { store: this.storing });
      verdicts = answer.verdicts;
      stored = answer.stored ?? null;
      if (Number.isFinite(answer.batchDelayMs) && answer.batchDelayMs > 0) this.delayMs = Math.min(MAX_BATCH_DELAY_MS, answer.batchDelayMs);
    } catch (failure) {
      if (failure instanceof ApiError && failure.transient) {
        const attempts = this.game.pendingFailed();
        this.events.onWaiting(this.game.view.pending.length);
        this.retryTimer = window.setTimeout(() => void this.flush(), backoffDelay(attempts));
        return false;
      }
      // Refused for good (e.g. the round is unknown): the game keeps the words for free play only.
      error = errorReason(failure);
    }
    for (const [i, { word }] of batch.entries()) this.answered(word, verdicts[i] ?? null, error);
    // Stored by the server already: these receipts need no upload.
    if (stored) this.game.receiptsUploaded(verdicts.flatMap((v) => (v.receipt ? [v.receipt] : [])), stored.refused);
    return true;
  }

  /** Applies the verdict on the oldest waiting word (null: refused for good). */
  private answered(word: string, answer: WordAnswer | null, error: string): void {
    this.foundAt.delete(word);
    this.events.onAnswer(word, this.game.judged(answer), answer, error);
  }
}
