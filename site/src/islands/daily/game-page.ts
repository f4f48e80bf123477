// The daily game's page, drawn from the play's state (play-store.ts): the puzzle's heading, the
// phase (the board covered or open, Start, the status line), the score panel, the verdict line.
// It reads the state and changes nothing of it; game.ts decides when a phase is entered.
import type { Board, Language, Rules } from "#engine";
import type { Puzzle, WordAnswer } from "../../core/api.ts";
import { reasonText } from "../../core/verdicts.ts";
import { type Judged, wordSync } from "./game-state.ts";
import type { BoardView } from "../board/board-view.ts";
import { formatLongDate } from "../../core/dates.ts";
import { signal } from "../../core/feedback.ts";
import { puzzleHref } from "../../core/puzzle-links.ts";
import type { Messages } from "../../i18n/messages.ts";
import { scoreParts } from "./bonus-words.ts";
import type { ScorePanel } from "./score-panel.ts";
import { type PlayState, hasResults, rankedScore, rankedWords, totalScore } from "./play-store.ts";

export type Tone = "good" | "bad" | "info";

export class GamePage {
  /** Whether the board is drawn covered; null before it is first drawn. */
  private boardHidden: boolean | null = null;

  private readonly root: HTMLElement;
  /** The page's catalogue (the panels beside the board speak it too). */
  readonly t: Messages;
  private readonly view: BoardView;
  private readonly score: ScorePanel;

  constructor(root: HTMLElement, t: Messages, view: BoardView, score: ScorePanel) {
    this.root = root;
    this.t = t;
    this.view = view;
    this.score = score;
  }

  el<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return this.root.querySelector<T>(`[data-${name}]`);
  }

  setText(name: string, text: string): void {
    const el = this.el(name);
    if (el) el.textContent = text;
  }

  /** Says a verdict or a status; `bonus` marks an accepted rare word (shown and spoken after the verdict). */
  announce(text: string, tone: Tone = "info", bonus = false): void {
    const el = this.el("feedback");
    if (!el) return;
    el.textContent = text;
    el.dataset.tone = tone;
    if (bonus) el.dataset.bonus = this.t.bonusVerdict;
    else delete el.dataset.bonus;
    if (tone !== "info") signal(this.el("board"), tone);
  }

  /** Says what the server's answer (null: refused outright), already applied to the game, did to the word. */
  announceAnswer(said: { word: string; judged: Judged; answer: WordAnswer | null; error: string }, rules: Rules, isCommon: (word: string) => boolean): void {
    const { word, judged, answer, error } = said;
    const shown = word.toUpperCase();
    if (judged === "added" && answer) this.announce(`${shown} +${answer.points}`, "good", !isCommon(word));
    else if (judged === "free-play") {
      // Not counted by the server, but the engine accepted it: it stays as a free-play word.
      this.announce(answer ? reasonText("late", word, rules, this.t) : this.t.trouble.notRecorded(shown, error), "info");
    } else if (judged === "rejected" && answer?.reason) this.announce(reasonText(answer.reason, word, rules, this.t), "bad");
  }

  /** The puzzle's heading, its language and the link to the full game (the embed's). */
  drawPuzzle(puzzle: Puzzle, language: Language, open: boolean): void {
    this.setText("title", `Tumbleword #${puzzle.number}`);
    this.setText("date", formatLongDate(puzzle.date));
    this.root.dataset.date = puzzle.date;
    this.root.dataset.lang = puzzle.lang;
    // The board says its language (to screen readers too): its letters are read in it.
    const tiles = this.el("board")?.querySelector("[data-tiles]");
    tiles?.setAttribute("lang", puzzle.lang);
    tiles?.setAttribute("aria-label", this.t.boardNamed(language.nativeName));
    const fullGame = this.el<HTMLAnchorElement>("full-game");
    if (fullGame) fullGame.href = puzzleHref(puzzle, open);
  }

  /** The board, Start and the status line for the phase just entered. */
  drawPhase(state: PlayState, board: { board: Board; rules: Rules }, open: boolean, roundLength: string): void {
    const { phase, game } = state;
    this.root.dataset.phase = phase;
    // Only a ranked round keeps the board covered until it starts (a fair timer for everyone).
    const hidden = phase === "ready" && open;
    if (hidden !== this.boardHidden) {
      this.view.setBoard(board.board, board.rules, { hidden });
      this.boardHidden = hidden;
    }
    this.view.setEnabled(phase === "round" || phase === "free");
    const start = this.el<HTMLButtonElement>("start");
    if (start) {
      start.hidden = phase !== "ready";
      start.textContent = open ? this.t.start(roundLength) : this.t.playPast;
      // The walkthrough says the length too (built with the default).
      for (const el of document.querySelectorAll("[data-round-length]")) el.textContent = roundLength;
    }
    if (phase === "ready") this.setText("status", open ? this.t.status.readyToday(roundLength) : this.t.status.readyPast);
    else if (phase === "round") this.setText("status", this.t.status.round);
    else this.setText("status", game.ranked ? this.t.status.afterRound(rankedScore(game), rankedWords(game).length) : this.t.status.free);
  }

  /** The score panel and the buttons that depend on the words found. */
  render(state: PlayState, isCommon: (word: string) => boolean): void {
    const { game } = state;
    this.score.draw({
      found: game.found,
      ranked: game.ranked,
      total: totalScore(game),
      rankedScore: rankedScore(game),
      parts: scoreParts(game.found, isCommon),
      isCommon,
      syncOf: (entry) => wordSync(game, entry),
    });
    const share = this.el("share");
    if (share) share.hidden = game.found.length === 0;
    const resultsOpen = this.el("results-open");
    if (resultsOpen) resultsOpen.hidden = !hasResults(state);
  }
}
