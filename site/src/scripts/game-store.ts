// A puzzle's game state in localStorage, so that closing and reopening the tab loses nothing:
// the round (and its ticket), every word found, the words still waiting for the server's verdict,
// and the server's receipts for accepted words until they are synced (receipt-sync.ts). The last
// puzzle loaded for each date is kept too, so a puzzle seen before plays offline.
import type { Path } from "../../../shared/index.ts";
import { todayUtc } from "../../../shared/calendar.ts";
import type { Puzzle } from "./api.ts";

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
  /** A sync of it was accepted (202). Reset when the server's round turns out to lack the word. */
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
  /** The round's ticket, from the server: words and syncs carry it. */
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

const GAME_PREFIX = "tw:game:";
const key = (date: string) => `${GAME_PREFIX}${date}`;

export function loadGame(date: string): GameState {
  try {
    const stored = JSON.parse(localStorage.getItem(key(date)) ?? "null") as GameState | null;
    if (stored && stored.date === date && Array.isArray(stored.found) && Array.isArray(stored.pending)) {
      // Games saved before receipts existed have neither field.
      return { ...stored, ticket: stored.ticket ?? null, receipts: Array.isArray(stored.receipts) ? stored.receipts : [] };
    }
  } catch {
    // A corrupt entry is replaced by a fresh game rather than breaking the page.
  }
  return { date, roundId: null, ticket: null, ranked: false, endsAt: null, found: [], pending: [], receipts: [], serverScore: 0 };
}

export function saveGame(state: GameState): void {
  try {
    localStorage.setItem(key(state.date), JSON.stringify(state));
  } catch {
    // Storage full or blocked (private mode): play goes on, only the reload guarantee is lost.
  }
}

/** Drops a day's saved game (after a sign-in, when that day's round is another player's). */
export function forgetGame(date: string): void {
  try {
    localStorage.removeItem(key(date));
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Every saved game's date. */
export function savedDates(): string[] {
  const dates: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const name = localStorage.key(i);
    if (name?.startsWith(GAME_PREFIX)) dates.push(name.slice(GAME_PREFIX.length));
  }
  return dates;
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

/** Keeps the puzzle loaded for a date ("today" included, while it is still today). */
export function savePuzzle(puzzle: Puzzle, requested: string): void {
  try {
    localStorage.setItem(puzzleKey(requested), JSON.stringify(puzzle));
  } catch {
    // Without storage the page just needs the network.
  }
}

/** The puzzle last loaded for a date; "today" (or "today-fr") only while that puzzle is still today's. */
export function storedPuzzle(requested: string): Puzzle | null {
  try {
    const puzzle = JSON.parse(localStorage.getItem(puzzleKey(requested)) ?? "null") as Puzzle | null;
    if (!puzzle || (requested.startsWith("today") && puzzle.date !== todayUtc())) return null;
    return puzzle;
  } catch {
    return null;
  }
}
