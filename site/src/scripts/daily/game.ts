// A loaded daily puzzle's game (today's ranked round, a past puzzle unranked, or the compact
// embed): runs the round, judges words instantly with the engine once the lexicon is in, hands
// found words to the submit queue for the server's verdict, keeps the receipts of accepted words
// until they are uploaded (receipt-upload.ts); the game's state lives in a GameStore, whose
// methods save it. The clock, the submit queue, the score panel and the
// solution panel are their own modules; game-element.ts loads the puzzle and builds a Game only
// once it has one.
import { boardFromRows, checkWord, getRules } from "../../../../shared/index.ts";
import { LANGUAGES, type Language } from "../../../../shared/languages.ts";
import type { Board, Lexicon, Path, Rules } from "../../../../shared/index.ts";
import { ApiError, api, identity } from "../core/api.ts";
import { LOCAL_PLAY_EVENT, knownPlayer, mayMakePlayer } from "../core/identity.ts";
import type { Puzzle, StartedRound, WordAnswer } from "../core/api.ts";
import { onDeviceClock } from "../core/server-clock.ts";
import { BoardView } from "../board/board-view.ts";
import { nextUtcMidnight } from "../../../../shared/calendar.ts";
import { DEFAULT_ROUND_SECONDS, GRACE_MS } from "../../../../shared/round.ts";
import { formatDuration, formatLongDate } from "../core/dates.ts";
import { GameStore } from "./game-store.ts";
import type { FoundEntry, GameView, Judged } from "./game-store.ts";
import { loadLexicon } from "../core/lexicon.ts";
import { UPLOAD_INTERVAL_MS, beaconReceipts, uploadOtherGames, uploadReceipts } from "./receipt-upload.ts";
import { rankFor } from "../../../../shared/ranks.ts";
import { shareResult } from "./share.ts";
import { signal } from "../core/feedback.ts";
import type { Hints } from "./hints.ts";
import type { ResultsCard } from "./results-card.ts";
import { RoundClock } from "../core/round-clock.ts";
import { ScorePanel } from "./score-panel.ts";
import { scoreParts } from "./bonus-words.ts";
import { SolutionPanel } from "../solution/solution-panel.ts";
import { SubmitQueue, backoffDelay } from "./submit-queue.ts";
import { followVisualViewport } from "../core/viewport.ts";
import { partOf } from "../core/parts.ts";
import { readItem, writeItem } from "../core/storage.ts";
import { reasonText } from "../core/verdicts.ts";
import { puzzleHref } from "../core/puzzle-links.ts";
import { type Messages, messages } from "../../i18n/messages.ts";

/** How many times a resumed game asks a busy or unreachable server for its round (about 15 s in all). */
const RESYNC_ATTEMPTS = 5;

type Phase = "ready" | "round" | "free";


export class Game {
  private readonly root: HTMLElement;
  private readonly puzzle: Puzzle;
  private readonly board: Board;
  private readonly rules: Rules;
  /** The board's language: how a typed word is spelled, which lexicon judges it. */
  private readonly language: Language;
  /** The interface's words, in the page's language. */
  private readonly t: Messages = messages();
  private readonly game: GameStore;
  private readonly view: BoardView;
  private readonly queue: SubmitQueue;
  private readonly solution: SolutionPanel;
  private readonly score: ScorePanel;
  /** Null until the word list is in (the server judges meanwhile), or if it never loads. */
  private lexicon: Lexicon | null = null;
  private phase: Phase = "ready";
  /** Played in memory without a server round: an embed that can keep nothing, and no player (identity.ts). */
  private local = false;
  /** The upload under way, if any: one at a time. */
  private syncRun: Promise<void> | null = null;
  /** Whether the board is drawn covered; null before it is first drawn. */
  private boardHidden: boolean | null = null;
  /** Loaded on demand, when first needed. */
  private results: ResultsCard | null = null;
  private hints: Hints | null = null;

  constructor(root: HTMLElement, puzzle: Puzzle) {
    this.root = root;
    this.puzzle = puzzle;
    this.rules = getRules(puzzle.rules);
    this.language = LANGUAGES[puzzle.lang];
    this.board = boardFromRows(puzzle.board, this.language.boardLetters);
    this.game = GameStore.load(puzzle.id);
    const field = this.el<HTMLInputElement>("word");
    this.view = new BoardView(partOf(root, "board"), field, {
      onSubmit: (word, path) => void this.submit(word, path),
      onChange: (word) => {
        this.el("word-points")?.replaceChildren(word ? this.t.letters(word.length) : "");
        // The last verdict is about the last word: it goes once the next one is being built.
        if (word) this.announce("");
      },
    });
    if (this.language.code !== "en") this.view.fold = this.language.fold;
    followVisualViewport(field);
    this.queue = new SubmitQueue(this.game, {
      onAnswer: (word, judged, answer, error) => this.announceAnswer(word, judged, answer, error),
      onWaiting: (count) => this.setText("sync", count > 0 ? `${count} word(s) waiting to be sent; retrying…` : ""),
      onMissingTicket: () => void this.resync(),
      onSettled: () => {
        this.render();
        // Receipts that can't be stored go to the server at once, so a reload finds the words there.
        if (!this.game.kept) void this.sync();
      },
    });
    this.score = new ScorePanel(root, puzzle.totals);
    this.solution = new SolutionPanel({ section: this.el("solution"), showButton: this.el("show-solution") }, puzzle, this.board, this.rules);
    this.el("results-open")?.addEventListener("click", () => void this.showResults(false));
    this.el("submit")?.addEventListener("click", () => this.view.submit());
    this.el("clear")?.addEventListener("click", () => this.view.clear());
    this.el("start")?.addEventListener("click", () => void this.startRound());
    this.el("share")?.addEventListener("click", () => void this.share());
    this.el("show-solution")?.addEventListener("click", () => void this.loadSolution(true));
    // Leaving the page (or hiding it, which on phones may be the last chance): the browser sends
    // the waiting receipts even after the page is gone.
    addEventListener("pagehide", () => beaconReceipts(this.game));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") beaconReceipts(this.game);
    });
  }

  /** The game as it stands (read-only: changes go through `this.game`, which saves them). */
  private get state(): GameView {
    return this.game.view;
  }

  private el<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return this.root.querySelector<T>(`[data-${name}]`);
  }

  private setText(name: string, text: string): void {
    const el = this.el(name);
    if (el) el.textContent = text;
  }

  /** Says a verdict or a status; `bonus` marks an accepted rare word (shown and spoken after the verdict). */
  private announce(text: string, tone: "good" | "bad" | "info" = "info", bonus = false): void {
    const el = this.el("feedback");
    if (!el) return;
    el.textContent = text;
    el.dataset.tone = tone;
    if (bonus) el.dataset.bonus = this.t.bonusVerdict;
    else delete el.dataset.bonus;
    if (tone !== "info") signal(this.el("board"), tone);
  }

  /**
   * Draws the puzzle, resumes its saved game (or with `resume`, the server's round that nothing
   * here stored) and starts the clock, the queue and the syncs.
   */
  begin(resume = false): void {
    const puzzle = this.puzzle;
    this.setText("title", `Tumbleword #${puzzle.number}`);
    this.setText("date", formatLongDate(puzzle.date));
    this.root.dataset.date = puzzle.date;
    this.root.dataset.lang = puzzle.lang;
    // The board says its language (to screen readers too): its letters are read in it.
    const tiles = this.el("board")?.querySelector("[data-tiles]");
    tiles?.setAttribute("lang", puzzle.lang);
    tiles?.setAttribute("aria-label", `${this.t.letterBoard}: ${this.language.nativeName}`);
    const fullGame = this.el<HTMLAnchorElement>("full-game");
    if (fullGame) fullGame.href = puzzleHref(puzzle, this.isOpen());
    // The lexicon (a few MB, cached after the first visit) makes every verdict instant.
    loadLexicon(puzzle.lang)
      .then((lexicon) => {
        this.lexicon = lexicon;
        this.root.dataset.lexicon = "ready";
        void this.initHints();
      })
      .catch(() => this.announce("The word list could not be loaded: the server will judge each word.", "info"));
    this.enterPhase(this.currentPhase());
    new RoundClock(
      { timer: this.el("timer"), warning: this.el("time-warning"), countdown: this.el("countdown") },
      {
        roundEndsAt: () => (this.phase === "round" ? this.state.endsAt : null),
        idleText: () => (this.phase === "free" && this.state.ranked ? this.t.roundOver : ""),
        nextPuzzleAt: () => this.nextPuzzleAt(),
        onTimeUp: () => this.timeUp(),
      },
    ).start();
    void this.queue.flush();
    if (this.state.roundId) void this.resync();
    else if (resume) void this.resumeRound();
    else if (identity() && this.isOpen()) void this.resumeFromServer();
    // A running ranked round syncs once, at its end (and by beacon when the page is hidden).
    window.setInterval(() => {
      if (this.phase !== "round") void this.sync();
    }, UPLOAD_INTERVAL_MS);
    void uploadOtherGames(puzzle.id);
  }

  /**
   * A resumed game asks for its round again (the same round comes back) to pick up server state.
   * A busy or unreachable server is asked again a few times (backing off): meanwhile, and if it
   * never answers, the local state stands and the queue gets words through when it can.
   */
  private async resync(attempt = 1): Promise<void> {
    try {
      const round = await api.startRound(this.puzzle.id);
      if (round.roundId !== this.state.roundId) return;
      this.adoptRound(round);
      this.render();
      void this.queue.flush();
      void this.sync();
    } catch (error) {
      if (error instanceof ApiError && error.transient && attempt < RESYNC_ATTEMPTS) window.setTimeout(() => void this.resync(attempt + 1), backoffDelay(attempt));
    }
  }

  /**
   * A player with no round of the day in this browser may have played it elsewhere (a passkey
   * sign-in on a new device): the server's round, if any, is taken as it stands (over, with its
   * words) rather than offering Start. Start waits for the answer, briefly.
   */
  private async resumeFromServer(): Promise<void> {
    const start = this.el<HTMLButtonElement>("start");
    if (start) start.disabled = true;
    try {
      const round = await api.myRound(this.puzzle.id);
      if (!round || this.state.roundId) return;
      this.adoptRound(round);
      this.enterPhase(this.currentPhase());
      void this.initHints();
    } catch {
      // Offline or unknown player: Start stays, and starting resumes the same round anyway.
    } finally {
      if (start) start.disabled = false;
    }
  }

  /**
   * Sends the receipts waiting to be synced (at the round's end, every minute in free play, on
   * the next visit). Uploads run one after another: a call made while one is under way uploads
   * after it whatever arrived meanwhile (the last word's receipt), rather than sharing its answer.
   */
  private sync(): Promise<void> {
    const run = (this.syncRun ?? Promise.resolve()).then(() => this.upload());
    this.syncRun = run;
    void run.finally(() => {
      if (this.syncRun === run) this.syncRun = null;
    });
    return run;
  }

  private async upload(): Promise<void> {
    if (this.game.waitingReceipts().length === 0) return;
    try {
      const { refused } = await uploadReceipts(this.game);
      for (const { word } of refused) this.announce(`${word.toUpperCase()} could not be recorded for the leaderboard.`, "info");
      if (refused.length > 0) {
        // The server will never count them: they stay found, as free-play words.
        this.game.toFreePlay(refused.map((r) => r.word));
        this.render();
      }
    } catch {
      // Offline or busy: the receipts wait for the next attempt.
    }
  }

  /** Today's puzzle is open (ranked rounds possible) until it closes at the next UTC midnight. */
  private isOpen(): boolean {
    return Date.now() < Date.parse(this.puzzle.closesAt);
  }

  /** Today's puzzle closes when the next one opens; on a past puzzle, the next UTC midnight. */
  private nextPuzzleAt(): number {
    return this.isOpen() ? Date.parse(this.puzzle.closesAt) : nextUtcMidnight(Date.now());
  }

  /** "3-minute": the server's round length (a puzzle stored before it said so: the default). */
  private roundLength(): string {
    return this.t.roundLength((this.puzzle as { roundSeconds?: number }).roundSeconds ?? DEFAULT_ROUND_SECONDS);
  }

  private currentPhase(): Phase {
    if (this.local) return "free";
    const state = this.state;
    if (!state.roundId) return "ready";
    if (state.ranked && state.endsAt !== null && Date.now() < state.endsAt) return "round";
    return "free";
  }

  private timeUp(): void {
    this.announce(this.t.timeUp, "info");
    this.enterPhase("free");
    // The last words' verdicts may still be on their way: sync once they are in.
    window.setTimeout(() => void this.sync(), GRACE_MS);
    void this.sync();
  }

  private enterPhase(phase: Phase): void {
    this.phase = phase;
    this.root.dataset.phase = phase;
    const open = this.isOpen();
    // Only a ranked round keeps the board covered until it starts (a fair timer for everyone).
    const hidden = phase === "ready" && open;
    if (hidden !== this.boardHidden) {
      this.view.setBoard(this.board, this.rules, { hidden });
      this.boardHidden = hidden;
    }
    this.view.setEnabled(phase === "round" || phase === "free");
    const start = this.el<HTMLButtonElement>("start");
    if (start) {
      start.hidden = phase !== "ready";
      start.textContent = open ? this.t.start(this.roundLength()) : this.t.playPast;
      // The walkthrough says the length too (built with the default).
      for (const el of document.querySelectorAll("[data-round-length]")) el.textContent = this.roundLength();
    }
    if (phase === "ready") {
      this.setText("status", open ? this.t.status.readyToday(this.roundLength()) : this.t.status.readyPast);
    } else if (phase === "round") {
      this.setText("status", this.t.status.round);
    } else {
      const ranked = this.state.ranked;
      const rankedWords = this.state.found.filter((f) => f.ranked).length;
      this.setText("status", ranked ? this.t.status.afterRound(this.rankedScore(), rankedWords) : this.t.status.free);
      // After a ranked round the solution comes by itself; a past puzzle shows it on request.
      // (Not while today's puzzle is open, in memory: the server keeps its solution until the close.)
      this.solution.offer(!ranked && !(this.local && this.isOpen()));
      if (ranked) {
        // A margin over the grace for the estimate of the server's clock.
        if (this.state.endsAt !== null) this.solution.opensAt = this.state.endsAt + GRACE_MS + 500;
        void this.loadSolution(false);
        void this.showResults(true);
      }
    }
    if (phase === "round" || phase === "free") void this.initHints();
    this.render();
  }

  private async startRound(): Promise<void> {
    if (!knownPlayer() && !mayMakePlayer()) return this.playLocally();
    const start = this.el<HTMLButtonElement>("start");
    if (start) start.disabled = true;
    try {
      const round = await api.startRound(this.puzzle.id);
      this.adoptRound(round);
      this.enterPhase(this.currentPhase());
      // A round already over (played on another device) has had its "Time's up!".
      if (this.phase === "round" || !round.ranked) this.announce(round.ranked ? this.t.go : this.t.goFree, "info");
      // Keyboard players type straight away; on touch screens focusing the field would pop up the
      // on-screen keyboard over the board, so the board gets the focus instead.
      if (matchMedia("(pointer: fine)").matches) this.el<HTMLInputElement>("word")?.focus({ preventScroll: true });
      else this.el("board")?.querySelector<HTMLElement>(".tile")?.focus({ preventScroll: true });
    } catch (error) {
      // Offline: the board is here (seen before), but a ranked round is started by the server.
      if (error instanceof ApiError && error.status === 0) this.announce(this.t.comeback.offlineToday, "bad");
      else this.announce(this.t.roundFailed(error instanceof Error ? error.message : String(error)), "bad");
    } finally {
      if (start) start.disabled = false;
    }
  }

  /** The server's round that nothing here stored (see begin()); failing that, Start resumes it. */
  private async resumeRound(): Promise<void> {
    try {
      this.adoptRound(await api.startRound(this.puzzle.id));
      this.enterPhase(this.currentPhase());
      void this.queue.flush();
    } catch {
      // The Start button stays: it gives the same round back.
    }
  }

  /** No round on the server: free play judged by the word list, kept in memory. */
  private playLocally(): void {
    this.local = true;
    this.root.dispatchEvent(new CustomEvent(LOCAL_PLAY_EVENT, { bubbles: true }));
    this.enterPhase("free");
    this.announce(this.t.goFree, "info");
  }

  /** Takes the server's view of the round: its timing, and any stored word this browser lacks. */
  private adoptRound(round: StartedRound): void {
    // Kept on this device's clock, which every countdown and check here reads.
    const endsAt = round.ranked && round.endsAt ? onDeviceClock(round.endsAt, round.clockOffset) : null;
    this.game.adoptRound({ ...round, endsAt }, (length) => this.rules.points(length));
  }

  private foundSet(): Set<string> {
    return new Set(this.state.found.map((f) => f.word));
  }

  /** Words go to the server while a round is running (the ranked one, or an unranked replay). */
  private sendsToServer(): boolean {
    const state = this.state;
    if (!state.roundId) return false;
    if (!state.ranked) return true;
    return state.endsAt !== null && Date.now() < state.endsAt + GRACE_MS;
  }

  private async submit(raw: string, tracedPath: Path | null): Promise<void> {
    if (this.phase === "ready") return;
    const rules = this.rules;
    // As the board's language spells it ("élève" is the French "eleve").
    const word = this.language.normalize(raw);
    if (word === null || word === "") return this.announce(reasonText("not-a-word", raw, rules, this.t), "bad");
    if (this.foundSet().has(word)) return this.announce(reasonText("duplicate", word, rules, this.t), "bad");
    const toServer = this.sendsToServer();
    if (!this.lexicon && !toServer) {
      this.announce("Loading the word list…");
      try {
        this.lexicon = await loadLexicon(this.puzzle.lang);
      } catch {
        return this.announce("The word list could not be loaded; check the connection and try again.", "bad");
      }
    }
    let path = tracedPath;
    if (this.lexicon) {
      const verdict = checkWord(this.board, this.lexicon, rules, word, this.foundSet());
      if (!verdict.accepted) return this.announce(reasonText(verdict.reason, word, rules, this.t), "bad");
      path = verdict.path;
      this.addFound({ word, points: verdict.points, path, ranked: toServer && this.state.ranked, confirmed: !toServer });
      this.announce(`${word.toUpperCase()} +${verdict.points}`, "good", !verdict.common);
    } else {
      this.announce(`Checking ${word.toUpperCase()}…`);
    }
    if (toServer) this.queue.add(word, path);
  }

  private addFound(entry: FoundEntry): void {
    this.game.addFound(entry);
    this.render();
  }

  /** Says what the server's answer (null: refused outright), already applied to the game, did to the word. */
  private announceAnswer(word: string, judged: Judged, answer: WordAnswer | null, error: string): void {
    const shown = word.toUpperCase();
    if (judged === "added" && answer) this.announce(`${shown} +${answer.points}`, "good", !this.isCommon(word));
    else if (judged === "free-play") {
      // Not counted by the server, but the engine accepted it: it stays as a free-play word.
      this.announce(answer ? reasonText("late", word, this.rules, this.t) : `${shown} could not be recorded: ${error}`, "info");
    } else if (judged === "rejected" && answer?.reason) this.announce(reasonText(answer.reason, word, this.rules, this.t), "bad");
  }

  private rankedWords(): readonly Readonly<FoundEntry>[] {
    return this.state.found.filter((f) => f.ranked);
  }

  private rankedScore(): number {
    const local = this.rankedWords().reduce((sum, f) => sum + f.points, 0);
    return Math.max(local, this.state.serverScore);
  }

  private totalScore(): number {
    return this.state.found.reduce((sum, f) => sum + f.points, 0);
  }

  private render(): void {
    const state = this.state;
    this.score.draw({
      found: state.found,
      ranked: state.ranked,
      total: this.totalScore(),
      rankedScore: this.rankedScore(),
      parts: scoreParts(state.found, (word) => this.isCommon(word)),
      isCommon: (word) => this.isCommon(word),
    });
    const share = this.el("share");
    if (share) share.hidden = state.found.length === 0;
    const resultsOpen = this.el("results-open");
    if (resultsOpen) resultsOpen.hidden = !(this.phase === "free" && state.ranked);
    this.hints?.setFound(this.foundSet());
  }

  /** Hints and the length grid, once the board is visible and the engine can count its words. */
  private async initHints(): Promise<void> {
    const root = this.el("hints");
    const lexicon = this.lexicon;
    if (this.hints || !root || !lexicon || this.phase === "ready") return;
    const { Hints } = await import("./hints.ts");
    this.hints ??= new Hints(root, this.puzzle.id, this.board, lexicon, this.rules, () => this.currentPhase() === "round");
    this.hints.setFound(this.foundSet());
  }

  /** The results card after the ranked round: by itself once per puzzle, then on request. */
  private async showResults(auto: boolean): Promise<void> {
    const dialog = this.el<HTMLDialogElement>("results");
    const state = this.state;
    if (!dialog || !state.ranked || this.phase !== "free") return;
    const seenKey = `tw:results-seen:${state.date}`;
    // Without storage the card shows at the end of the round, which is the moment that matters.
    if (auto && readItem(seenKey)) return;
    writeItem(seenKey, "1");
    const { ResultsCard } = await import("./results-card.ts");
    this.results ??= new ResultsCard(dialog, () => void this.loadSolution(true).then(() => this.solution.reveal()));
    const parts = scoreParts(this.rankedWords(), (word) => this.isCommon(word));
    this.results.open({
      puzzle: this.puzzle,
      score: this.rankedScore(),
      everyday: parts.everyday,
      bonus: parts.bonus,
      words: this.rankedWords().map((f) => f.word),
      closesAt: this.nextPuzzleAt(),
      // The card's standing waits for the round's own upload (and the score it leaves: refused words drop out).
      synced: this.queue.flush().then(() => this.sync()).then(() => this.rankedScore()),
    });
    // The best word missed needs no server: the engine's own solve has it while the solution loads.
    if (this.solution.words) this.results.setSolution(this.solution.words);
    else if (this.lexicon) {
      const { solve } = await import("../../../../shared/solver/index.ts");
      if (!this.solution.words) this.results.setSolution(solve(this.board, this.lexicon, this.rules).words);
    }
  }

  /** Unknown until the lexicon or the solution is in: then counted as everyday, never claimed as bonus. */
  private isCommon(word: string): boolean {
    return this.lexicon?.isCommon(word) ?? this.solution.words?.find((w) => w.word === word)?.common ?? true;
  }

  /** The full solution: once the ranked round is over (or any time, asked for, on a closed puzzle). */
  private async loadSolution(asked: boolean): Promise<void> {
    if (!this.solution.present) return;
    const result = await this.solution.load(this.foundSet());
    if (typeof result === "string") {
      if (asked) this.announce(`The solution isn't available yet: ${result}`, "bad");
      return;
    }
    this.results?.setSolution(result);
  }

  private async share(): Promise<void> {
    const puzzle = this.puzzle;
    const state = this.state;
    const score = state.ranked ? this.rankedScore() : this.totalScore();
    const words = state.ranked ? this.rankedWords() : state.found;
    const parts = scoreParts(words, (word) => this.isCommon(word));
    const { usedHintNames } = await import("./hints.ts");
    const { outcome, text } = await shareResult(
      {
        number: puzzle.number,
        lang: puzzle.lang,
        ranked: state.ranked,
        score,
        bonus: parts.bonus,
        words: words.map((f) => f.word),
        rank: rankFor(parts.everyday, puzzle.totals.commonPoints).name,
        // Mid-round, the share says the score is partial.
        timeLeft: this.phase === "round" && state.endsAt !== null ? formatDuration(state.endsAt - Date.now()) : undefined,
        hints: usedHintNames(puzzle.id, state.ranked ? "ranked" : "all"),
      },
      this.el<HTMLTextAreaElement>("share-fallback") ?? undefined,
    );
    if (text) this.announce(text, outcome === "copied" ? "good" : "info");
  }
}
