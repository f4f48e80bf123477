// What the daily game opens beside the board, each loaded when first needed: the hints and the
// length grid (once the board is visible, counted from the day's words), the solution (after
// the ranked round, or asked for on a closed puzzle) and the results card (after the ranked round:
// by itself once per puzzle, then on request). They read the play's state (play-store.ts).
import { type Board, DayWords, LANGUAGES, type Rules, type WordList } from "#engine";
import type { Puzzle } from "../../core/api.ts";
import { readItem, writeItem } from "../../core/storage.ts";
import { knowSpellings } from "../../core/spellings.ts";
import { SolutionPanel } from "../solution/solution-panel.ts";
import { scoreParts } from "./bonus-words.ts";
import type { GamePage } from "./game-page.ts";
import type { Hints } from "./hints.ts";
import { type PlayState, foundSet, hasResults, rankedScore, rankedWords } from "./play-store.ts";
import type { ResultsCard } from "./results-card.ts";
import { GRACE_MS } from "#game/round.ts";

export interface PanelsContext {
  puzzle: Puzzle;
  board: Board;
  rules: Rules;
  /** The play as it stands now. */
  play(): PlayState;
  /** Today's puzzle is still open (ranked rounds possible). */
  open(): boolean;
  /** When the next puzzle opens (the results card counts down to it). */
  nextPuzzleAt(): number;
  /** The ranked round is running now (hints used in it are marked as such). */
  inRound(): boolean;
  /** Resolves to the ranked score once the round's words and receipts are in. */
  synced(): Promise<number>;
}

export class SidePanels {
  /**
   * What judges a word here: the day's words (the puzzle's `dayWords`, at once), or for a puzzle
   * stored before they were sent, the lexicon once loaded; null meanwhile (the server judges).
   */
  judge: WordList | null = null;
  /** The day's words, when the puzzle carried them: the hints count from them. */
  dayWords: DayWords | null = null;
  private readonly solution: SolutionPanel;
  private readonly page: GamePage;
  private readonly game: PanelsContext;
  private results: ResultsCard | null = null;
  private hints: Hints | null = null;

  constructor(page: GamePage, game: PanelsContext) {
    this.page = page;
    this.game = game;
    this.solution = new SolutionPanel({ section: page.el("solution"), showButton: page.el("show-solution") }, game.puzzle, game.board, game.rules);
  }

  /** Unknown until the word list or the solution is in: then counted as everyday, never claimed as bonus. */
  isCommon(word: string): boolean {
    return this.judge?.isCommon(word) ?? this.solution.words?.find((w) => w.word === word)?.common ?? true;
  }

  /**
   * Loads what judges words: the puzzle's day's words (a few KB, already in hand), or for a
   * puzzle stored before they were sent, the lexicon (630 KB, cached after its first load).
   */
  async loadJudge(): Promise<void> {
    const { puzzle } = this.game;
    if (puzzle.dayWords) {
      const dayWords = (this.dayWords = new DayWords(puzzle.dayWords, LANGUAGES[puzzle.lang].fold));
      knowSpellings(puzzle.lang, (word) => dayWords.spelling(word));
    }
    this.judge = this.dayWords ?? (await (await import("../../core/lexicon.ts")).loadLexicon(puzzle.lang));
    void this.initHints();
  }

  setFound(found: Set<string>): void {
    this.hints?.setFound(found);
  }

  /** A phase was entered: after a ranked round the solution and the results come by themselves. */
  entered(): void {
    const state = this.game.play();
    if (state.phase !== "free") return;
    const ranked = state.game.ranked;
    // After a ranked round the solution comes by itself; a past puzzle shows it on request.
    // (Not while today's puzzle is open, in memory: the server keeps its solution until the close.)
    this.solution.offer(!ranked && !(state.local && this.game.open()));
    if (!ranked) return;
    // A margin over the grace for the estimate of the server's clock.
    if (state.game.endsAt !== null) this.solution.opensAt = state.game.endsAt + GRACE_MS + 500;
    void this.loadSolution(false);
    void this.showResults(true);
  }

  /** Hints and the length grid, once the board is visible, counted from the day's words. */
  async initHints(): Promise<void> {
    const state = this.game.play();
    const root = this.page.el("hints");
    const dayWords = this.dayWords;
    if (this.hints || !root || !dayWords || state.phase === "ready") return;
    const { Hints } = await import("./hints.ts");
    this.hints ??= new Hints(root, this.game.puzzle.id, dayWords, () => this.game.inRound());
    this.hints.setFound(foundSet(this.game.play().game));
  }

  /** The results card after the ranked round: by itself once per puzzle (`auto`), then on request. */
  async showResults(auto: boolean): Promise<void> {
    const state = this.game.play();
    const dialog = this.page.el<HTMLDialogElement>("results");
    if (!dialog || !hasResults(state)) return;
    const seenKey = `tw:results-seen:${state.game.date}`;
    // Without storage the card shows at the end of the round, which is the moment that matters.
    if (auto && readItem(seenKey)) return;
    writeItem(seenKey, "1");
    const { ResultsCard } = await import("./results-card.ts");
    this.results ??= new ResultsCard(dialog, () => void this.loadSolution(true).then(() => this.solution.reveal()));
    const game = this.game.play().game;
    const words = rankedWords(game);
    const parts = scoreParts(words, (word) => this.isCommon(word));
    const { puzzle } = this.game;
    this.results.open({
      puzzle,
      score: rankedScore(game),
      everyday: parts.everyday,
      bonus: parts.bonus,
      words: words.map((f) => f.word),
      closesAt: this.game.nextPuzzleAt(),
      // The card's standing waits for the round's own upload (and the score it leaves: refused words drop out).
      synced: this.game.synced(),
    });
    // The best word missed comes with the solution, which the server opens moments after the round.
    if (this.solution.words) this.results.setSolution(this.solution.words);
  }

  /** The full solution: once the ranked round is over (or any time, asked for, on a closed puzzle). */
  async loadSolution(asked: boolean): Promise<void> {
    if (!this.solution.present) return;
    const result = await this.solution.load(foundSet(this.game.play().game));
    if (typeof result === "string") {
      if (asked) this.page.announce(this.page.t.trouble.solutionNotYet(result), "bad");
      return;
    }
    this.results?.setSolution(result);
  }
}
