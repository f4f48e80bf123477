// A puzzle's game state in the browser's storage, so that closing and reopening the tab loses
// nothing: the round (and its ticket), every word found, the words still waiting for the server's
// verdict, and the server's receipts for accepted words until they are uploaded
// (receipt-upload.ts). `GameStore` owns the state: every change goes through one of its methods,
// which saves the game before it returns, so no caller has to remember to. The last puzzle loaded
// for each date is kept too, so a puzzle seen before plays offline.
import type { Path } from "../../../../shared/index.ts";
import { todayUtc } from "../../../../shared/calendar.ts";
import type { Puzzle, WordAnswer } from "../core/api.ts";
import { readJson, removeItem, storedKeys, writeJson } from "../core/storage.ts";

export interface FoundEntry {
  word: string;
  points: number;
  path: Path | null;
  /** Found inside the ranked round (counts on the leaderboard) rather than in free play. */
  ranked: boolean;
  /** The server has judged it (or, for free play, nothing needs judging). */
  confirmed: boolean;
}

/** The server's signed proof that a word counts in the round; kept until the server stores it. */
export interface StoredReceipt {
  word: string;
  receipt: string;
  /** An upload of it was accepted (202). Reset when the server's round turns out to lack the word. */
  synced: boolean;
}

export interface PendingWord {
  word: string;
  path: Path | null;
  attempts: number;
}

export interface GameState {
  date: string;
  roundId: string | null;
  /** The round's ticket, from the server: words and uploads carry it. */
  ticket: string | null;
  ranked: boolean;
  /**
   * The ranked round's end on this device's clock (ms since epoch): the server's end moved by how
   * far the server's clock was ahead when the round was started or resumed (see server-clock.ts).
   * The server still judges every word by its own clock, with a grace period.
   */
  endsAt: number | null;
  found: FoundEntry[];
  pending: PendingWord[];
  receipts: StoredReceipt[];
  /** The score the server last reported for the round. */
  serverScore: number;
}

/** The state as callers see it: to change it they call a `GameStore` method. */
export type GameView = {
  readonly [K in keyof GameState]: GameState[K] extends (infer E)[] ? readonly Readonly<E>[] : GameState[K];
};

/** The server's round as the game takes it (its end already on this device's clock). */
export interface RoundTaken {
  roundId: string;
  ticket: string;
  ranked: boolean;
  endsAt: number | null;
  score: number;
  /** The words the server stores for the round. */
  words: readonly string[];
}

/** What the server's verdict did to a word in the game. */
export type Judged =
  /** Counted; it was already on the list. */
  | "confirmed"
  /** Counted, and new to this browser (found before the word list loaded). */
  | "added"
  /** Not counted by the server (late, or refused outright): it stays as a free-play word. */
  | "free-play"
  /** The server's verdict wins over the local one: the word is gone. */
  | "rejected";

const GAME_PREFIX = "tw:game:";
const key = (date: string) => `${GAME_PREFIX}${date}`;

function isGame(value: unknown): value is GameState {
  const game = value as Partial<GameState> | null;
  return typeof game === "object" && game !== null && Array.isArray(game.found) && Array.isArray(game.pending);
}

function freshGame(date: string): GameState {
  return { date, roundId: null, ticket: null, ranked: false, endsAt: null, found: [], pending: [], receipts: [], serverScore: 0 };
}

/** The saved game of a date (a fresh one when none, or when what is stored is unreadable). */
function readGame(date: string): GameState {
  const stored = readJson(key(date), isGame);
  if (!stored || stored.date !== date) return freshGame(date);
  // Games saved before receipts existed have neither field.
  return { ...stored, ticket: stored.ticket ?? null, receipts: Array.isArray(stored.receipts) ? stored.receipts : [] };
}

export class GameStore {
  private readonly state: GameState;
  private saved = true;

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

  /**
   * Saves the game. Storage full or blocked (private mode, an embed iframe): play goes on, only
   * the reload guarantee is lost.
   */
  private save(): void {
    this.saved = writeJson(key(this.state.date), this.state);
  }

  /** Whether the last change was stored (false where storage is blocked or full: the game lives in memory). */
  get kept(): boolean {
    return this.saved;
  }

  private entry(word: string): FoundEntry | undefined {
    return this.state.found.find((f) => f.word === word);
  }

  /**
   * Takes the server's view of the round: its ticket and timing, its score, any stored word this
   * browser lacks (`points` prices it), and the receipts of words it lacks go out again.
   */
  adoptRound(round: RoundTaken, points: (length: number) => number): void {
    const state = this.state;
    state.roundId = round.roundId;
    state.ticket = round.ticket;
    state.ranked = round.ranked;
    state.endsAt = round.ranked ? round.endsAt : null;
    state.serverScore = round.score;
    const known = new Set(state.found.map((f) => f.word));
    for (const word of round.words) {
      if (known.has(word)) continue;
      state.found.push({ word, points: points(word.length), path: null, ranked: round.ranked, confirmed: true });
    }
    const stored = new Set(round.words);
    for (const entry of state.receipts) if (!stored.has(entry.word)) entry.synced = false;
    this.save();
  }

  /** A word the engine accepted. */
  addFound(entry: FoundEntry): void {
    this.state.found.push(entry);
    this.save();
  }

  /** Words that will never count on the leaderboard (an upload refused them): they stay as free play. */
  toFreePlay(words: readonly string[]): void {
    for (const word of words) {
      const entry = this.entry(word);
      if (entry) entry.ranked = false;
    }
    this.save();
  }

  // The submit queue (submit-queue.ts): words waiting for the server's verdict, oldest first.

  /** Queues a word for the server's verdict. */
  queueWord(word: string, path: Path | null): void {
    this.state.pending.push({ word, path, attempts: 0 });
    this.save();
  }

  /** The oldest word waiting for a verdict. */
  nextPending(): Readonly<PendingWord> | undefined {
    return this.state.pending[0];
  }

  /** The oldest word's attempt failed for now; returns how many attempts it has had. */
  pendingFailed(): number {
    const item = this.state.pending[0];
    if (!item) return 0;
    item.attempts += 1;
    this.save();
    return item.attempts;
  }

  /**
   * The server's verdict on the oldest waiting word (null: refused for good, e.g. the round is
   * unknown), applied to the words found and the receipts, and the word taken off the queue.
   */
  judged(answer: WordAnswer | null): Judged {
    const state = this.state;
    const item = state.pending.shift();
    if (!item) return "confirmed";
    const { word, path } = item;
    const entry = this.entry(word);
    let outcome: Judged;
    if (answer && (answer.accepted || answer.reason === "duplicate")) {
      if (answer.receipt) state.receipts.push({ word, receipt: answer.receipt, synced: false });
      if (entry) {
        entry.confirmed = true;
        if (answer.accepted) entry.points = answer.points;
        outcome = "confirmed";
      } else {
        state.found.push({ word, points: answer.points, path, ranked: state.ranked, confirmed: true });
        outcome = "added";
      }
    } else if (!answer || answer.reason === "late") {
      if (entry) Object.assign(entry, { ranked: false, confirmed: true });
      outcome = "free-play";
    } else {
      state.found = state.found.filter((f) => f.word !== word);
      outcome = "rejected";
    }
    this.save();
    return outcome;
  }

  // The receipts (receipt-upload.ts).

  /** Receipts no upload has been accepted for yet. */
  waitingReceipts(): string[] {
    return this.state.receipts.filter((r) => !r.synced).map((r) => r.receipt);
  }

  /**
   * An upload of `batch` was accepted: its receipts are marked uploaded, and the `refused` ones
   * dropped (they can never count). Returns the words of the refused receipts with the reasons.
   */
  receiptsUploaded(batch: readonly string[], refused: readonly { receipt: string; reason: string }[]): { word: string; reason: string }[] {
    const state = this.state;
    const sent = new Set(batch);
    const reasons = new Map(refused.map((r) => [r.receipt, r.reason]));
    const words: { word: string; reason: string }[] = [];
    for (const entry of state.receipts) {
      if (!sent.has(entry.receipt)) continue;
      entry.synced = true;
      const reason = reasons.get(entry.receipt);
      if (reason !== undefined) words.push({ word: entry.word, reason });
    }
    state.receipts = state.receipts.filter((r) => !reasons.has(r.receipt));
    this.save();
    return words;
  }

  /** The server refused the round's receipts outright (a round it no longer knows): the waiting ones can never count. */
  dropWaitingReceipts(): void {
    this.state.receipts = this.state.receipts.filter((r) => r.synced);
    this.save();
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
  if (!puzzle || (requested.startsWith("today") && puzzle.date !== todayUtc())) return null;
  return puzzle;
}
