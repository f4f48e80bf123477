// The daily game's play, like the room's (room-store.ts): its phase and the saved game, changed
// only by pure transitions. `reducePlay` moves between the phases — ready (the board covered
// until Start), round (the ranked round's clock runs), free (after the round, a past puzzle, or
// in memory with no server) — and the selectors below read the scores and what a word does. No
// DOM here (test/site/play-store.test.ts); PlayStore holds the state and tells its listeners: the
// view (game-page.ts) draws it, game.ts wires the page, the queue and the syncs to it.
import { nextUtcMidnight } from "#engine";
import { GRACE_MS } from "#game/round.ts";
import type { Puzzle } from "../../core/api.ts";
import type { GameStore } from "./game-store.ts";
import type { FoundEntry, GameView } from "./game-state.ts";

export type Phase = "ready" | "round" | "free";

export interface PlayState {
  game: GameView;
  phase: Phase;
  /** Played in memory without a server round: an embed that can keep nothing, and no player (identity.ts). */
  local: boolean;
}

export type PlayEvent =
  /** The saved game changed (GameStore's listeners). */
  | { type: "game-changed"; game: GameView }
  /** Enter the phase the game is in at `now` (on load, and once a round from the server is taken). */
  | { type: "settle"; now: number }
  /** The ranked round's clock ran out. */
  | { type: "time-up" }
  /** No round on the server: free play judged by the word list, kept in memory. */
  | { type: "play-locally" };

/** The phase a game is in at `now`: ready before a round, round while a ranked one runs, else free. */
export function phaseOf(game: GameView, local: boolean, now: number): Phase {
  if (local) return "free";
  if (!game.roundId) return "ready";
  if (game.ranked && game.endsAt !== null && now < game.endsAt) return "round";
  return "free";
}

export function initialPlay(game: GameView): PlayState {
  return { game, phase: "ready", local: false };
}

export function reducePlay(state: PlayState, event: PlayEvent): PlayState {
  switch (event.type) {
    case "game-changed":
      return { ...state, game: event.game };
    case "settle":
      return { ...state, phase: phaseOf(state.game, state.local, event.now) };
    case "time-up":
      return { ...state, phase: "free" };
    case "play-locally":
      return { ...state, local: true, phase: "free" };
  }
}

/** The words found inside the ranked round. */
export function rankedWords(game: GameView): readonly Readonly<FoundEntry>[] {
  return game.found.filter((f) => f.ranked);
}

/** The ranked round's score: the words here, or the server's count if it has more (words found on another device). */
export function rankedScore(game: GameView): number {
  const local = rankedWords(game).reduce((sum, f) => sum + f.points, 0);
  return Math.max(local, game.serverScore);
}

export function totalScore(game: GameView): number {
  return game.found.reduce((sum, f) => sum + f.points, 0);
}

export function foundSet(game: GameView): Set<string> {
  return new Set(game.found.map((f) => f.word));
}

/** Words go to the server while a round is running (the ranked one, with its grace, or an unranked replay). */
export function sendsToServer(game: GameView, now: number): boolean {
  if (!game.roundId) return false;
  if (!game.ranked) return true;
  return game.endsAt !== null && now < game.endsAt + GRACE_MS;
}

/** Today's puzzle is open (ranked rounds possible) until it closes at the next UTC midnight. */
export function isOpen(puzzle: Pick<Puzzle, "closesAt">, now: number): boolean {
  return now < Date.parse(puzzle.closesAt);
}

/** Today's puzzle closes when the next one opens; on a past puzzle, the next UTC midnight. */
export function nextPuzzleAt(puzzle: Pick<Puzzle, "closesAt">, now: number): number {
  return isOpen(puzzle, now) ? Date.parse(puzzle.closesAt) : nextUtcMidnight(now);
}

/** When the next puzzle opens, on this device's clock (what its countdown counts on), given the server's clock now. */
export function nextPuzzleOnDevice(puzzle: Pick<Puzzle, "closesAt">, deviceNow: number, serverNow: number): number {
  return nextPuzzleAt(puzzle, serverNow) - (serverNow - deviceNow);
}

/** The results card is there after a ranked round. */
export function hasResults(state: PlayState): boolean {
  return state.phase === "free" && state.game.ranked;
}

export class PlayStore {
  private current: PlayState;
  private readonly listeners = new Set<(state: PlayState) => void>();

  constructor(game: GameStore) {
    this.current = initialPlay(game.view);
    game.subscribe((view) => this.dispatch({ type: "game-changed", game: view }));
  }

  get state(): PlayState {
    return this.current;
  }

  dispatch(event: PlayEvent): PlayState {
    this.current = reducePlay(this.current, event);
    for (const listener of this.listeners) listener(this.current);
    return this.current;
  }

  subscribe(listener: (state: PlayState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
