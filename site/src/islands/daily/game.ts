// A loaded daily puzzle's game (today's ranked round, a past puzzle unranked, or the compact
// embed): wires the page to the play's store. The state and its transitions are pure
// (play-store.ts for the phases, game-state.ts for the saved game, which GameStore saves); the
// view draws them (game-page.ts), the receipts sync on their own (game-sync.ts), sharing is
// game-share.ts. Here: the clock, the server's round (start, resume), judging words with the
// engine against the day's words and handing them to the submit queue for the server's verdict, and
// what entering a phase opens (hints, the solution, the results card). main.ts loads the puzzle
// and builds a Game only once it has one.
import { type Board, LANGUAGES, type Language, type Path, type Rules, boardFromRows, getRules } from "#engine";
import { type Puzzle, type StartedRound, api, identity } from "../../core/api.ts";
import { LOCAL_PLAY_EVENT, knownPlayer, mayMakePlayer } from "../../core/identity.ts";
import { onDeviceClock } from "../../core/server-clock.ts";
import { serverNow, serverToday } from "../../core/server-day.ts";
import { BoardView } from "../board/board-view.ts";
import { DEFAULT_ROUND_SECONDS, GRACE_MS } from "#game/round.ts";
import { GameStore } from "./game-store.ts";
import { RoundClock } from "../../core/round-clock.ts";
import { ScorePanel } from "./score-panel.ts";
import { SubmitQueue } from "./submit-queue.ts";
import { retryingTransient } from "../../core/retrying.ts";
import { followVisualViewport } from "../../core/viewport.ts";
import { partOf } from "../../core/parts.ts";
import { type Messages, messages } from "../../i18n/messages.ts";
import { GamePage } from "./game-page.ts";
import { GameSync } from "./game-sync.ts";
import { shareGame } from "./game-share.ts";
import { SidePanels } from "./side-panels.ts";
import { type PlayEvent, PlayStore, foundSet, isOpen, nextPuzzleOnDevice, phaseOf, rankedScore } from "./play-store.ts";
import { RoundFollow } from "./round-follow.ts";
import { roundFromServer, startRoundOnServer } from "./round-start.ts";
import { submitWord } from "./word-submit.ts";

/** How many times a resumed game asks a busy or unreachable server for its round (about 15 s in all). */
const RESYNC_ATTEMPTS = 5;
export class Game {
  private readonly root: HTMLElement;
  private readonly puzzle: Puzzle;
  private readonly board: Board;
  private readonly rules: Rules;
  /** The board's language: how a typed word is spelled. */
  private readonly language: Language;
  /** The interface's words, in the page's language. */
  private readonly t: Messages = messages();
  private readonly game: GameStore;
  private readonly store: PlayStore;
  private readonly page: GamePage;
  private readonly boardView: BoardView;
  private readonly queue: SubmitQueue;
  private readonly syncs: GameSync;
  /** Hints, the solution and the results card (and what judges words, once it is in). */
  private readonly panels: SidePanels;
  /** Whether the round is followed on the server (see follow()). */
  private readonly follow: RoundFollow;

  constructor(root: HTMLElement, puzzle: Puzzle) {
    this.root = root;
    this.puzzle = puzzle;
    this.rules = getRules(puzzle.rules);
    this.language = LANGUAGES[puzzle.lang];
    this.board = boardFromRows(puzzle.board, this.language.boardLetters);
    this.game = GameStore.load(puzzle.id);
    this.store = new PlayStore(this.game);
    const field = root.querySelector<HTMLInputElement>("[data-word]");
    this.boardView = new BoardView(partOf(root, "board"), field, {
      onSubmit: (word, path) => void this.submit(word, path),
      onChange: (word) => {
        this.page.el("word-points")?.replaceChildren(word ? this.t.letters(word.length) : "");
        // The last verdict is about the last word: it goes once the next one is being built.
        if (word) this.page.announce("");
      },
    });
    if (this.language.code !== "en") this.boardView.fold = this.language.fold;
    followVisualViewport(field);
    this.page = new GamePage(root, this.t, this.boardView, new ScorePanel(root, puzzle.totals));
    this.queue = new SubmitQueue(this.game, {
      onAnswer: (word, judged, answer, error) => this.page.announceAnswer({ word, judged, answer, error }, this.rules, (w) => this.panels.isCommon(w)),
      onWaiting: (count) => this.page.setText("sync", count > 0 ? this.t.trouble.wordsWaiting(count) : ""),
      onMissingTicket: () => void this.resync(),
      onSettled: () => {
        this.render();
        // Receipts that can't be stored go to the server at once, so a reload finds the words there.
        if (!this.game.kept) void this.syncs.sync();
      },
    });
    this.syncs = new GameSync(this.game, {
      roundRunning: () => this.store.state.phase === "round",
      onRefused: (words) => {
        for (const word of words) this.page.announce(this.t.trouble.notRecordedForLeaderboard(word.toUpperCase()), "info");
        this.game.toFreePlay(words);
      },
    });
    this.follow = new RoundFollow({
      running: () => this.store.state.phase === "round",
      read: (reopen) => this.readServerRound(reopen),
      storeEveryBatch: () => (this.queue.storeEveryBatch = true),
      sync: () => void this.syncs.sync(),
    });
    this.panels = new SidePanels(this.page, {
      puzzle,
      board: this.board,
      rules: this.rules,
      play: () => this.store.state,
      open: () => this.isOpen(),
      nextPuzzleAt: () => nextPuzzleOnDevice(this.puzzle, Date.now(), serverNow()),
      inRound: () => phaseOf(this.game.view, this.store.state.local, Date.now()) === "round",
      // The round's words from every device: this page's sent, then whatever the server holds besides.
      synced: () =>
        this.queue
          .flush()
          .then(() => this.syncs.sync())
          .then(() => this.readServerRound(true))
          .then(() => rankedScore(this.game.view)),
    });
    // Every change of the game or the phase redraws the score and the buttons that depend on it.
    this.store.subscribe(() => this.render());
    const on = (name: string, action: () => void) => this.page.el(name)?.addEventListener("click", action);
    on("results-open", () => void this.panels.showResults(false));
    on("submit", () => this.boardView.submit());
    on("clear", () => this.boardView.clear());
    on("start", () => void this.startRound());
    on("share", () => void this.share());
    on("show-solution", () => void this.panels.loadSolution(true));
  }

  /**
   * Draws the puzzle, resumes its saved game (or with `resume`, the server's round that nothing
   * here stored) and starts the clock, the queue and the syncs.
   */
  begin(resume = false): void {
    const puzzle = this.puzzle;
    this.page.drawPuzzle(puzzle, this.language, this.isOpen());
    // The day's words make every verdict instant (side-panels.ts loadJudge); the page says when.
    this.panels.loadJudge().then(
      () => void (this.root.dataset.judge = "ready"),
      () => this.page.announce(this.t.trouble.lexiconServerJudges, "info"),
    );
    this.enter({ type: "settle", now: Date.now() });
    new RoundClock(
      { timer: this.page.el("timer"), warning: this.page.el("time-warning"), countdown: this.page.el("countdown") },
      {
        roundEndsAt: () => (this.store.state.phase === "round" ? this.game.view.endsAt : null),
        idleText: () => (this.store.state.phase === "free" && this.game.view.ranked ? this.t.roundOver : ""),
        nextPuzzleAt: () => nextPuzzleOnDevice(this.puzzle, Date.now(), serverNow()),
        onTimeUp: () => this.timeUp(),
      },
    ).start();
    void this.queue.flush();
    if (this.game.view.roundId) void this.resync();
    else if (resume) void this.resumeRound();
    else if (identity() && this.isOpen()) void this.resumeFromServer();
    // A running ranked round syncs once, at its end (and by beacon when the page is hidden).
    this.syncs.start(puzzle.id);
    // Back to this page (after playing on another device, say): the round's words found there come in.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible" && this.store.state.phase === "round") void this.readServerRound();
    });
  }

  /**
   * A resumed game asks for its round again (the same round comes back) to pick up server state;
   * a busy or unreachable server is asked again a few times, backing off (retrying.ts).
   */
  private resync(): Promise<void> {
    return retryingTransient(RESYNC_ATTEMPTS, async () => {
      const round = await api.startRound(this.puzzle.id);
      if (round.roundId !== this.game.view.roundId) return;
      this.adoptRound(round);
      // Come back to mid-play, it may be played on another device too, whose last words may still
      // be on their way to the server (stored through the queue): it is followed.
      if (round.ranked && this.store.state.phase === "round") this.follow.start();
      void this.queue.flush();
      void this.syncs.sync();
    });
  }

  /**
   * A player with no round of the day in this browser may have played it elsewhere (a passkey
   * sign-in on a new device): the server's round, if any, is taken as it stands (round-start.ts).
   */
  private async resumeFromServer(): Promise<void> {
    const round = await roundFromServer(this.page, () => api.myRound(this.puzzle.id));
    if (!round || this.game.view.roundId) return;
    this.adoptRound(round);
    this.enter({ type: "settle", now: Date.now() });
    void this.panels.initHints();
    this.follow.start();
  }

  /** Today's puzzle still takes ranked rounds, on the server's clock (server-day.ts); another day's never. */
  private isOpen(): boolean {
    return this.puzzle.date === serverToday() && isOpen(this.puzzle, serverNow());
  }

  /** "3-minute": the server's round length (a puzzle stored before it said so: the default). */
  private roundLength(): string {
    return this.t.roundLength((this.puzzle as { roundSeconds?: number }).roundSeconds ?? DEFAULT_ROUND_SECONDS);
  }

  private timeUp(): void {
    this.page.announce(this.t.timeUp, "info");
    this.enter({ type: "time-up" });
    // The last words' verdicts may still be on their way: sync once they are in.
    window.setTimeout(() => void this.syncs.sync(), GRACE_MS);
    void this.syncs.sync();
    this.follow.ended();
  }

  /**
   * Takes the words the server's round holds that this page lacks (found on another device, or
   * stored as an earlier page went away); with `reopen`, an open results card is drawn again with
   * them. True when it brought any.
   */
  private async readServerRound(reopen = false): Promise<boolean> {
    const { roundId } = this.game.view;
    if (!roundId) return false;
    try {
      const round = await api.myRound(this.puzzle.id);
      if (!round || round.roundId !== roundId) return false;
      const brought = this.adoptRound(round);
      if (brought && reopen && this.page.el<HTMLDialogElement>("results")?.open) void this.panels.showResults(false);
      return brought;
    } catch {
      return false; // Offline: the next read, or the card's own, tries again.
    }
  }

  /** Moves the play to a phase (the same one again after a round was taken) and opens what it brings. */
  private enter(event: PlayEvent): void {
    const state = this.store.dispatch(event);
    this.page.drawPhase(state, { board: this.board, rules: this.rules }, this.isOpen(), this.roundLength());
    this.panels.entered();
    if (state.phase !== "ready") void this.panels.initHints();
    this.render();
  }

  private async startRound(): Promise<void> {
    if (!knownPlayer() && !mayMakePlayer()) return this.playLocally();
    const adopt = (round: StartedRound) => {
      this.adoptRound(round);
      this.enter({ type: "settle", now: Date.now() });
    };
    await startRoundOnServer({ puzzleId: this.puzzle.id, page: this.page, t: this.t, adopt, running: () => this.store.state.phase === "round" });
  }

  /** The server's round that nothing here stored (see begin()); failing that, Start resumes it. */
  private async resumeRound(): Promise<void> {
    // Failing that, the Start button stays: it gives the same round back.
    const round = await api.startRound(this.puzzle.id).catch(() => null);
    if (!round) return;
    this.adoptRound(round);
    this.enter({ type: "settle", now: Date.now() });
    void this.queue.flush();
    this.follow.start();
  }

  /** No round on the server: free play judged by the word list, kept in memory. */
  private playLocally(): void {
    this.root.dispatchEvent(new CustomEvent(LOCAL_PLAY_EVENT, { bubbles: true }));
    this.enter({ type: "play-locally" });
    this.page.announce(this.t.goFree, "info");
  }

  /**
   * Takes the server's view of the round: its end (on this device's clock; a round ended here keeps
   * the end it ended at), and any stored word this browser lacks. True when it brought such words
   * (found elsewhere: the round is then followed, see follow()).
   */
  private adoptRound(round: StartedRound): boolean {
    const known = this.game.view.roundId === round.roundId ? this.game.view.endsAt : null;
    const endsAt = known !== null && known <= Date.now() ? known : round.ranked && round.endsAt ? onDeviceClock(round.endsAt, round.clockOffset) : null;
    const before = this.game.view.found.length;
    this.game.adoptRound({ ...round, endsAt }, (length) => this.rules.points(length));
    const brought = this.game.view.found.length > before;
    if (brought && round.ranked) this.follow.start();
    return brought;
  }

  private async submit(raw: string, tracedPath: Path | null): Promise<void> {
    if (this.store.state.phase === "ready") return;
    const { board, rules, language, game, t, panels, page, queue } = this;
    await submitWord(
      { board, rules, language, game, t, judge: panels.judge, setJudge: (judge) => (panels.judge = judge), announce: page.announce.bind(page), send: (word, path) => queue.add(word, path) },
      raw,
      tracedPath,
    );
  }

  private render(): void {
    this.page.render(this.store.state, (word) => this.panels.isCommon(word));
    this.panels.setFound(foundSet(this.game.view));
  }

  private async share(): Promise<void> {
    const fallback = this.page.el<HTMLTextAreaElement>("share-fallback") ?? undefined;
    const { outcome, text } = await shareGame(this.puzzle, this.store.state, (word) => this.panels.isCommon(word), fallback);
    if (text) this.page.announce(text, outcome === "copied" ? "good" : "info");
  }
}
