// A puzzle's game as the browser keeps it, and every change to it as a pure transition:
// `reduceGame` takes a state and an action and returns the next state (the old one untouched), so
// the round's bookkeeping is tested without a page or storage (test/site/game-state.test.ts).
// GameStore (game-store.ts) holds the current state, saves it and tells its listeners.
import type { Path } from "#engine";
import type { WordAnswer } from "../../core/api.ts";

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

export type GameAction =
  /** The server's round: its ticket and timing, its score, the stored words this browser lacks (priced by `points`). */
  | { type: "round-adopted"; round: RoundTaken; points: (length: number) => number }
  /** A word the engine accepted. */
  | { type: "found"; entry: FoundEntry }
  /** Words that will never count on the leaderboard (an upload refused them): they stay as free play. */
  | { type: "to-free-play"; words: readonly string[] }
  /** A word queued for the server's verdict. */
  | { type: "word-queued"; word: string; path: Path | null }
  /** The oldest queued word's attempt failed for now. */
  | { type: "attempt-failed" }
  /** The server's verdict on the oldest queued word (null: refused for good). */
  | { type: "judged"; answer: WordAnswer | null }
  /** An upload of `batch` was accepted; the `refused` receipts can never count. */
  | { type: "receipts-uploaded"; batch: readonly string[]; refused: readonly { receipt: string; reason: string }[] }
  /** The server refused the round's receipts outright: the waiting ones can never count. */
  | { type: "waiting-receipts-dropped" };

export function freshGame(date: string): GameState {
  return { date, roundId: null, ticket: null, ranked: false, endsAt: null, found: [], pending: [], receipts: [], serverScore: 0 };
}

/** The server counts the word (accepted now, or stored already). */
const counts = (answer: WordAnswer | null): boolean => !!answer && (answer.accepted || answer.reason === "duplicate");

/** What the server's verdict on the oldest queued word does to it (before the "judged" action applies it). */
export function judgedOutcome(state: GameView, answer: WordAnswer | null): Judged {
  const item = state.pending[0];
  if (!item) return "confirmed";
  const known = state.found.some((f) => f.word === item.word);
  if (counts(answer)) return known ? "confirmed" : "added";
  if (!answer || answer.reason === "late") return "free-play";
  return "rejected";
}

/** The words of the `refused` receipts among an uploaded batch, with the reasons. */
export function refusedWords(state: GameView, batch: readonly string[], refused: readonly { receipt: string; reason: string }[]): { word: string; reason: string }[] {
  const sent = new Set(batch);
  const reasons = new Map(refused.map((r) => [r.receipt, r.reason]));
  return state.receipts.filter((r) => sent.has(r.receipt) && reasons.has(r.receipt)).map((r) => ({ word: r.word, reason: reasons.get(r.receipt) ?? "" }));
}

/**
 * Where a found word stands with the server, as its mark on the list says: waiting to be judged
 * (found here, not answered yet), sent (judged, its receipt kept here until an upload), or counted
 * (the server holds it: its receipt was stored, or the server's round brought it).
 */
export type WordSync = "pending" | "sent" | "counted";

export function wordSync(state: GameView, entry: Readonly<FoundEntry>): WordSync {
  if (!entry.confirmed) return "pending";
  return state.receipts.some((r) => r.word === entry.word && !r.synced) ? "sent" : "counted";
}

/** Receipts no upload has been accepted for yet. */
export function waitingReceipts(state: GameView): string[] {
  return state.receipts.filter((r) => !r.synced).map((r) => r.receipt);
}

function adoptRound(state: GameState, round: RoundTaken, points: (length: number) => number): GameState {
  const known = new Set(state.found.map((f) => f.word));
  const added = round.words.filter((word) => !known.has(word)).map((word) => ({ word, points: points(word.length), path: null, ranked: round.ranked, confirmed: true }));
  const stored = new Set(round.words);
  return {
    ...state,
    roundId: round.roundId,
    ticket: round.ticket,
    ranked: round.ranked,
    endsAt: round.ranked ? round.endsAt : null,
    serverScore: round.score,
    found: [...state.found, ...added],
    receipts: state.receipts.map((r) => (stored.has(r.word) ? r : { ...r, synced: false })),
  };
}

function judge(state: GameState, answer: WordAnswer | null): GameState {
  const [item, ...pending] = state.pending;
  if (!item) return state;
  const { word, path } = item;
  const outcome = judgedOutcome(state, answer);
  const next = { ...state, pending };
  if (answer && counts(answer)) {
    if (answer.receipt) next.receipts = [...state.receipts, { word, receipt: answer.receipt, synced: false }];
    if (outcome === "added") next.found = [...state.found, { word, points: answer.points, path, ranked: state.ranked, confirmed: true }];
    else next.found = state.found.map((f) => (f.word === word ? { ...f, confirmed: true, points: answer.accepted ? answer.points : f.points } : f));
  } else if (outcome === "free-play") {
    next.found = state.found.map((f) => (f.word === word ? { ...f, ranked: false, confirmed: true } : f));
  } else {
    next.found = state.found.filter((f) => f.word !== word);
  }
  return next;
}

/** The game after one action. */
export function reduceGame(state: GameState, action: GameAction): GameState {
  switch (action.type) {
    case "round-adopted":
      return adoptRound(state, action.round, action.points);
    case "found":
      return { ...state, found: [...state.found, action.entry] };
    case "to-free-play": {
      const words = new Set(action.words);
      return { ...state, found: state.found.map((f) => (words.has(f.word) ? { ...f, ranked: false } : f)) };
    }
    case "word-queued":
      return { ...state, pending: [...state.pending, { word: action.word, path: action.path, attempts: 0 }] };
    case "attempt-failed": {
      const [head, ...rest] = state.pending;
      return head ? { ...state, pending: [{ ...head, attempts: head.attempts + 1 }, ...rest] } : state;
    }
    case "judged":
      return judge(state, action.answer);
    case "receipts-uploaded": {
      const sent = new Set(action.batch);
      const refused = new Set(action.refused.map((r) => r.receipt));
      const receipts = state.receipts.filter((r) => !refused.has(r.receipt)).map((r) => (sent.has(r.receipt) ? { ...r, synced: true } : r));
      return { ...state, receipts };
    }
    case "waiting-receipts-dropped":
      return { ...state, receipts: state.receipts.filter((r) => r.synced) };
  }
}
