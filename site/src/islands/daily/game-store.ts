// A puzzle's game state in the browser's storage, so that closing and reopening the tab loses
// nothing: the round (and its ticket), every word found, the words still waiting for the server's
// verdict, and the server's receipts for accepted words until they are uploaded
// (receipt-upload.ts). `GameStore` holds the state: every change goes through one of its methods,
// which applies a pure transition (game-state.ts), saves the game before it returns (so no caller
// has to remember to) and tells the store's listeners (the page redraws). The last puzzle loaded
// for each date is kept too, so a puzzle seen before plays offline.
import type { Path } from "#engine";
import { serverToday } from "../../core/server-day.ts";
import type { Puzzle, WordAnswer } from "../../core/api.ts";
import { readJson, removeItem, storedKeys, writeJson } from "../../core/storage.ts";
import { type FoundEntry, type GameAction, type GameState, type GameView, type Judged, type PendingWord, type RoundTaken, freshGame, judgedOutcome, reduceGame, refusedWords, waitingReceipts } from "./game-state.ts";

export type { FoundEntry, GameState, GameView, Judged, PendingWord, RoundTaken, StoredReceipt } from "./game-state.ts";

const GAME_PREFIX = "tw:game:";
const key = (date: string) => `${GAME_PREFIX}${date}`;

function isGame(value: unknown): value is GameState {
  const game = value as Partial<GameState> | null;
  return typeof game === "object" && game !== null && Array.isArray(game.found) && Array.isArray(game.pending);
}

/** The saved game of a date (a fresh one when none, or when what is stored is unreadable). */
function readGame(date: string): GameState {
  const stored = readJson(key(date), isGame);
  if (!stored || stored.date !== date) return freshGame(date);
  // Games saved before receipts existed have neither field.
  return { ...stored, ticket: stored.ticket ?? null, receipts: Array.isArray(stored.receipts) ? stored.receipts : [] };
}

export class GameStore {
  private state: GameState;
  private saved = true;
  private readonly listeners = new Set<(game: GameView) => void>();

  private constructor(state: GameState) {
    this.state = state;
  }

  /** The game saved for a date, or a fresh one. */
  static load(date: string): GameStore {
    return new GameStore(readGame(date));
  }

  get view(): GameView {
    return this.state;
  }

  /** Whether the last change was stored (false where storage is blocked or full: the game lives in memory). */
  get kept(): boolean {
    return this.saved;
  }

  /** Calls `listener` with the game after each change; returns the unsubscribe. */
  subscribe(listener: (game: GameView) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Applies one change and saves the game before telling the listeners. Storage full or blocked
   * (private mode, an embed iframe): play goes on, only the reload guarantee is lost.
   */
  private apply(action: GameAction): void {
    this.state = reduceGame(this.state, action);
    this.saved = writeJson(key(this.state.date), this.state);
    for (const listener of this.listeners) listener(this.state);
  }

  /**
   * Takes the server's view of the round: its ticket and timing, its score, any stored word this
   * browser lacks (`points` prices it), and the receipts of words it lacks go out again.
   */
  adoptRound(round: RoundTaken, points: (length: number) => number): void {
    this.apply({ type: "round-adopted", round, points });
  }

  /** A word the engine accepted. */
  addFound(entry: FoundEntry): void {
    this.apply({ type: "found", entry });
  }

  /** Words that will never count on the leaderboard (an upload refused them): they stay as free play. */
  toFreePlay(words: readonly string[]): void {
    this.apply({ type: "to-free-play", words });
  }

  // The submit queue (submit-queue.ts): words waiting for the server's verdict, oldest first.

  /** Queues a word for the server's verdict. */
  queueWord(word: string, path: Path | null): void {
    this.apply({ type: "word-queued", word, path });
  }

  /** The oldest word waiting for a verdict. */
  nextPending(): Readonly<PendingWord> | undefined {
    return this.state.pending[0];
  }

  /** The oldest word's attempt failed for now; returns how many attempts it has had. */
  pendingFailed(): number {
    if (this.state.pending.length === 0) return 0;
    this.apply({ type: "attempt-failed" });
    return this.state.pending[0]?.attempts ?? 0;
  }

  /**
   * The server's verdict on the oldest waiting word (null: refused for good, e.g. the round is
   * unknown), applied to the words found and the receipts, and the word taken off the queue.
   */
  judged(answer: WordAnswer | null): Judged {
    if (this.state.pending.length === 0) return "confirmed";
    const outcome = judgedOutcome(this.state, answer);
    this.apply({ type: "judged", answer });
    return outcome;
  }

  // The receipts (receipt-upload.ts).

  /** Receipts no upload has been accepted for yet. */
  waitingReceipts(): string[] {
    return waitingReceipts(this.state);
  }

  /**
   * An upload of `batch` was accepted: its receipts are marked uploaded, and the `refused` ones
   * dropped (they can never count). Returns the words of the refused receipts with the reasons.
   */
  receiptsUploaded(batch: readonly string[], refused: readonly { receipt: string; reason: string }[]): { word: string; reason: string }[] {
    const words = refusedWords(this.state, batch, refused);
    this.apply({ type: "receipts-uploaded", batch, refused });
    return words;
  }

  /** The server refused the round's receipts outright (a round it no longer knows): the waiting ones can never count. */
  dropWaitingReceipts(): void {
    this.apply({ type: "waiting-receipts-dropped" });
  }
}

/** A saved game, to read (the archive, the stats); playing it goes through `GameStore`. */
export function loadGame(date: string): GameView {
  return readGame(date);
}

/** Drops a day's saved game (after a sign-in, when that day's round is another player's). */
export function forgetGame(date: string): void {
  removeItem(key(date));
}

/** Every saved game's date. */
export function savedDates(): string[] {
  return storedKeys(GAME_PREFIX).map((name) => name.slice(GAME_PREFIX.length));
}

/** Dates with a saved game, for marking puzzles as done in the archive. */
export function playedDates(): Set<string> {
  return new Set(savedDates().filter((date) => loadGame(date).found.length > 0));
}

export interface LocalDay {
  date: string;
  score: number;
  words: number;
}

/** Per-day results kept in the browser: the stats fallback for players the server doesn't know. */
export function localHistory(): LocalDay[] {
  const days: LocalDay[] = [];
  for (const date of playedDates()) {
    const game = loadGame(date);
    const ranked = game.found.filter((f) => f.ranked);
    if (ranked.length === 0 && !game.ranked) continue;
    days.push({ date, score: ranked.reduce((sum, f) => sum + f.points, 0), words: ranked.length });
  }
  return days.sort((a, b) => b.date.localeCompare(a.date));
}

const puzzleKey = (requested: string) => `tw:puzzle:${requested}`;

function isPuzzle(value: unknown): value is Puzzle {
  return typeof value === "object" && value !== null && typeof (value as { date?: unknown }).date === "string";
}

/** Keeps the puzzle loaded for a date ("today" included, while it is still today). Without storage the page just needs the network. */
export function savePuzzle(puzzle: Puzzle, requested: string): void {
  writeJson(puzzleKey(requested), puzzle);
}

/** The puzzle last loaded for a date; "today" (or "today-fr") only while that puzzle is still today's. */
export function storedPuzzle(requested: string): Puzzle | null {
  const puzzle = readJson(puzzleKey(requested), isPuzzle);
  if (!puzzle || (requested.startsWith("today") && puzzle.date !== serverToday())) return null;
  return puzzle;
}
