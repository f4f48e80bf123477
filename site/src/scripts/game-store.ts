// A puzzle's game state in localStorage, so that closing and reopening the tab loses nothing:
// the round, every word found, and the words still waiting to reach the server.
import type { Path } from "../../../shared/index.ts";

export interface FoundEntry {
  word: string;
  points: number;
  path: Path | null;
  /** Found inside the ranked round (counts on the leaderboard) rather than in free play. */
  ranked: boolean;
  /** The server has stored it (or, for free play, nothing needs storing). */
  confirmed: boolean;
}

export interface PendingWord {
  word: string;
  path: Path | null;
  attempts: number;
}

export interface GameState {
  date: string;
  roundId: string | null;
  ranked: boolean;
  /** Round end in this device's clock (server time corrected for skew), ms since epoch. */
  endsAt: number | null;
  found: FoundEntry[];
  pending: PendingWord[];
  /** The score the server last reported for the round. */
  serverScore: number;
}

const key = (date: string) => `tw:game:${date}`;

export function loadGame(date: string): GameState {
  try {
    const stored = JSON.parse(localStorage.getItem(key(date)) ?? "null") as GameState | null;
    if (stored && stored.date === date && Array.isArray(stored.found) && Array.isArray(stored.pending)) return stored;
  } catch {
    // A corrupt entry is replaced by a fresh game rather than breaking the page.
  }
  return { date, roundId: null, ranked: false, endsAt: null, found: [], pending: [], serverScore: 0 };
}

export function saveGame(state: GameState): void {
  try {
    localStorage.setItem(key(state.date), JSON.stringify(state));
  } catch {
    // Storage full or blocked (private mode): play goes on, only the reload guarantee is lost.
  }
}

/** Dates with a saved game, for marking puzzles as done in the archive. */
export function playedDates(): Set<string> {
  const dates = new Set<string>();
  for (let i = 0; i < localStorage.length; i++) {
    const name = localStorage.key(i);
    if (!name?.startsWith("tw:game:")) continue;
    const game = loadGame(name.slice("tw:game:".length));
    if (game.found.length > 0) dates.add(game.date);
  }
  return dates;
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
