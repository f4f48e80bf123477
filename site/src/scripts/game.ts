// The daily puzzle game (today's ranked round, a past puzzle unranked, or the compact embed):
// loads the puzzle, runs the round with a visible timer, judges words instantly with the engine
// once the lexicon is in, sends found words to the server for its verdict (queued and retried with
// backoff, persisted so a closed tab loses nothing), keeps the receipts of accepted words until
// they are synced (receipt-sync.ts), then shows the solution and the share text.
import { boardFromRows, checkWord, getRules, normalizeWord } from "../../../shared/index.ts";
import type { Board, Lexicon, Path, Rules } from "../../../shared/index.ts";
import { ApiError, api } from "./api.ts";
import type { Puzzle, RejectReason, Round, SolutionWord, WordAnswer } from "./api.ts";
import { BoardView } from "./board-view.ts";
import { nextUtcMidnight, todayUtc } from "../../../shared/calendar.ts";
import { GRACE_MS } from "../../../shared/round.ts";
import { formatDuration, formatLongDate } from "./dates.ts";
import { loadGame, saveGame } from "./game-store.ts";
import type { FoundEntry, GameState } from "./game-store.ts";
import { loadLexicon } from "./lexicon.ts";
import { SYNC_INTERVAL_MS, beaconReceipts, resendMissing, syncOtherGames, syncReceipts } from "./receipt-sync.ts";
import { RANKS, pointsToNext, rankFor, rankIndex } from "../../../shared/ranks.ts";
import { resultText, shareText } from "./share.ts";
import { signal } from "./feedback.ts";
import type { Hints } from "./hints.ts";
import type { ResultsCard } from "./results-card.ts";
import { SolutionView } from "./solution-view.ts";
import { followVisualViewport } from "./viewport.ts";
import { plural } from "../../../shared/plural.ts";
import { reasonText } from "./verdicts.ts";

const MAX_BACKOFF_MS = 30_000;

type Phase = "loading" | "ready" | "round" | "free" | "error";

export interface GameOptions {
  /** "today" or a YYYY-MM-DD date. */
  date: string;
  compact?: boolean;
}

export class Game {
  private readonly root: HTMLElement;
  private readonly options: GameOptions;
  private readonly view: BoardView;
  private puzzle: Puzzle | null = null;
  private board: Board | null = null;
  private rules: Rules | null = null;
  private state: GameState | null = null;
  private lexicon: Lexicon | null = null;
  private phase: Phase = "loading";
  private flushing = false;
  private syncing = false;
  private retryTimer: number | undefined;
  private solution: SolutionWord[] | null = null;
  private boardHidden = false;
  private results: ResultsCard | null = null;
  private hints: Hints | null = null;
  private solutionView: SolutionView | null = null;

  constructor(root: HTMLElement, options: GameOptions) {
    this.root = root;
    this.options = options;
    const field = this.el<HTMLInputElement>("word");
    this.view = new BoardView(this.el("board")!, field, {
      onSubmit: (word, path) => void this.submit(word, path),
      onChange: (word) => {
        this.el("word-points")?.replaceChildren(word ? `${word.length} letters` : "");
        // The last verdict is about the last word: it goes once the next one is being built.
        if (word) this.announce("");
      },
    });
    followVisualViewport(field);
    this.el("results-open")?.addEventListener("click", () => void this.showResults(false));
    this.el("submit")?.addEventListener("click", () => this.view.submit());
    this.el("clear")?.addEventListener("click", () => this.view.clear());
    this.el("start")?.addEventListener("click", () => void this.start());
    this.el("share")?.addEventListener("click", () => void this.share());
    this.el("show-solution")?.addEventListener("click", () => void this.loadSolution(true));
    addEventListener("online", () => void this.flush());
    // Leaving the page (or hiding it, which on phones may be the last chance): the browser sends
    // the waiting receipts even after the page is gone.
    addEventListener("pagehide", () => this.state && beaconReceipts(this.state));
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden" && this.state) beaconReceipts(this.state);
    });
  }

  private el<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return this.root.querySelector<T>(`[data-${name}]`);
  }

  private setText(name: string, text: string): void {
    const el = this.el(name);
    if (el) el.textContent = text;
  }

  private announce(text: string, tone: "good" | "bad" | "info" = "info"): void {
    const el = this.el("feedback");
    if (!el) return;
    el.textContent = text;
    el.dataset.tone = tone;
    if (tone !== "info") signal(this.el("board"), tone);
  }

  async init(): Promise<void> {
    let failure: unknown = null;
    try {
      this.puzzle = await api.puzzle(this.options.date);
      storePuzzle(this.puzzle, this.options.date);
    } catch (error) {
      failure = error;
      // Offline: a puzzle seen before still plays (its words wait in the queue for the network).
      if (error instanceof ApiError && error.status === 0) this.puzzle = storedPuzzle(this.options.date);
    }
    if (!this.puzzle) {
      this.phase = "error";
      const message =
        failure instanceof ApiError && failure.status === 404
          ? "There is no puzzle for that date (yet)."
          : `The puzzle could not be loaded. ${failure instanceof Error ? failure.message : ""}`;
      this.setText("status", message);
      this.root.dataset.phase = "error";
      return;
    }
    const puzzle = this.puzzle;
    this.rules = getRules(puzzle.rules);
    this.board = boardFromRows(puzzle.board);
    this.state = loadGame(puzzle.date);
    this.setText("title", `Tumbleword #${puzzle.number}`);
    this.setText("date", formatLongDate(puzzle.date));
    this.root.dataset.date = puzzle.date;
    const fullGame = this.el<HTMLAnchorElement>("full-game");
    if (fullGame) fullGame.href = this.isOpen() ? "/" : `/play/${puzzle.date}`;
    this.renderLadder();
    // The lexicon (a few MB, cached after the first visit) makes every verdict instant.
    loadLexicon()
      .then((lexicon) => {
        this.lexicon = lexicon;
        this.root.dataset.lexicon = "ready";
        void this.initHints();
      })
      .catch(() => this.announce("The word list could not be loaded: the server will judge each word.", "info"));
    this.enterPhase(this.currentPhase());
    this.startClock();
    void this.flush();
    if (this.state.roundId) void this.resync();
    window.setInterval(() => void this.sync(), SYNC_INTERVAL_MS);
    void syncOtherGames(puzzle.date);
  }

  /** A resumed game asks for its round again (the same round comes back) to pick up server state. */
  private async resync(): Promise<void> {
    try {
      const round = await api.startRound(this.puzzle!.date);
      if (round.roundId !== this.state!.roundId) return;
      this.adoptRound(round);
      this.render();
      void this.flush();
      void this.sync();
    } catch {
      // Offline: the local state stands until the queue gets through.
    }
  }

  /** Sends the receipts waiting to be synced (every few seconds, at the round's end, on the next visit). */
  private async sync(): Promise<void> {
    const state = this.state;
    if (!state || this.syncing || !state.receipts.some((r) => !r.synced)) return;
    this.syncing = true;
    try {
      const { refused } = await syncReceipts(state);
      for (const { word } of refused) {
        // The server will never count it: it stays found, as a free-play word.
        const entry = state.found.find((f) => f.word === word);
        if (entry) entry.ranked = false;
        this.announce(`${word.toUpperCase()} could not be recorded for the leaderboard.`, "info");
      }
      if (refused.length > 0) {
        saveGame(state);
        this.render();
      }
    } catch {
      // Offline or busy: the receipts wait for the next attempt.
    } finally {
      this.syncing = false;
    }
  }

  /** Today's puzzle is open (ranked rounds possible) until it closes at the next UTC midnight. */
  private isOpen(): boolean {
    return Date.now() < Date.parse(this.puzzle!.closesAt);
  }

  private currentPhase(): Phase {
    const state = this.state!;
    if (!state.roundId) return "ready";
    if (state.ranked && state.endsAt !== null && Date.now() < state.endsAt) return "round";
    return "free";
  }

  private enterPhase(phase: Phase): void {
    const first = this.phase === "loading";
    this.phase = phase;
    this.root.dataset.phase = phase;
    // Only a ranked round keeps the board covered until it starts (a fair timer for everyone).
    const hidden = phase === "ready" && this.isOpen();
    if (first || hidden !== this.boardHidden) {
      this.view.setBoard(this.board!, this.rules!, { hidden });
      this.boardHidden = hidden;
    }
    this.view.setEnabled(phase === "round" || phase === "free");
    const start = this.el<HTMLButtonElement>("start");
    if (start) {
      start.hidden = phase !== "ready";
      start.textContent = this.isOpen() ? "Start the 3-minute round" : "Play this puzzle (unranked)";
    }
    const open = this.isOpen();
    if (phase === "ready") {
      this.setText(
        "status",
        open
          ? "One ranked 3-minute round per day. The board is revealed when you start."
          : "A past puzzle: play it as long as you like; it doesn't count for the leaderboard.",
      );
    } else if (phase === "round") {
      this.setText("status", "Ranked round in progress: every word counts for the leaderboard.");
    } else if (phase === "free") {
      const rankedWords = this.state!.found.filter((f) => f.ranked).length;
      this.setText(
        "status",
        this.state!.ranked
          ? `Time's up! Ranked result: ${plural(this.rankedScore(), "point")}, ${plural(rankedWords, "word")}. Keep going in free play toward the computer's total.`
          : "Free play: find as many words as you can.",
      );
      // After a ranked round the solution comes by itself; a past puzzle shows it on request.
      const showSolution = this.el("show-solution");
      if (showSolution) showSolution.hidden = this.state!.ranked || this.solution !== null;
      if (this.state!.ranked) {
        void this.loadSolution(false);
        void this.showResults(true);
      }
    }
    if (phase === "round" || phase === "free") void this.initHints();
    this.render();
  }

  private async start(): Promise<void> {
    const start = this.el<HTMLButtonElement>("start");
    if (start) start.disabled = true;
    try {
      const round = await api.startRound(this.puzzle!.date);
      this.adoptRound(round);
      this.enterPhase(this.currentPhase());
      this.announce(round.ranked ? "Go! The round has started." : "Go! Find as many words as you can.", "info");
      // Keyboard players type straight away; on touch screens focusing the field would pop up the
      // on-screen keyboard over the board, so the board gets the focus instead.
      if (matchMedia("(pointer: fine)").matches) this.el<HTMLInputElement>("word")?.focus({ preventScroll: true });
      else this.root.querySelector<HTMLElement>("[data-board] .tile")?.focus({ preventScroll: true });
    } catch (error) {
      this.announce(`The round could not start: ${error instanceof Error ? error.message : error}`, "bad");
    } finally {
      if (start) start.disabled = false;
    }
  }

  /** Takes the server's view of the round: its timing, and any stored word this browser lacks. */
  private adoptRound(round: Round): void {
    const state = this.state!;
    state.roundId = round.roundId;
    state.ticket = round.ticket;
    state.ranked = round.ranked;
    state.endsAt = round.ranked && round.endsAt ? Date.parse(round.endsAt) : null;
    state.serverScore = round.score;
    const known = this.foundSet();
    for (const word of round.words) {
      if (known.has(word)) continue;
      state.found.push({ word, points: this.rules!.points(word.length), path: null, ranked: round.ranked, confirmed: true });
    }
    resendMissing(state, round.words);
    saveGame(state);
  }

  private foundSet(): Set<string> {
    return new Set(this.state!.found.map((f) => f.word));
  }

  /** Words go to the server while a round is running (the ranked one, or an unranked replay). */
  private sendsToServer(): boolean {
    const state = this.state!;
    if (!state.roundId) return false;
    if (!state.ranked) return true;
    return state.endsAt !== null && Date.now() < state.endsAt + GRACE_MS;
  }

  private async submit(raw: string, tracedPath: Path | null): Promise<void> {
    if (this.phase !== "round" && this.phase !== "free") return;
    const rules = this.rules!;
    const word = normalizeWord(raw);
    if (word === null || word === "") return this.announce(reasonText("not-a-word", raw, rules), "bad");
    if (this.foundSet().has(word)) return this.announce(reasonText("duplicate", word, rules), "bad");
    const toServer = this.sendsToServer();
    if (!this.lexicon && !toServer) {
      this.announce("Loading the word list…");
      try {
        this.lexicon = await loadLexicon();
      } catch {
        return this.announce("The word list could not be loaded; check the connection and try again.", "bad");
      }
    }
    let path = tracedPath;
    if (this.lexicon) {
      const verdict = checkWord(this.board!, this.lexicon, rules, word, this.foundSet());
      if (!verdict.accepted) return this.announce(reasonText(verdict.reason, word, rules), "bad");
      path = verdict.path;
      this.addFound({ word, points: verdict.points, path, ranked: toServer && this.state!.ranked, confirmed: !toServer });
      this.announce(`${word.toUpperCase()} +${verdict.points}`, "good");
    } else {
      this.announce(`Checking ${word.toUpperCase()}…`);
    }
    if (toServer) {
      this.state!.pending.push({ word, path, attempts: 0 });
      saveGame(this.state!);
      void this.flush();
    }
  }

  private addFound(entry: FoundEntry): void {
    this.state!.found.push(entry);
    saveGame(this.state!);
    this.render();
  }

  /** Sends queued words in order; transient failures wait with exponential backoff. */
  private async flush(): Promise<void> {
    const state = this.state;
    if (!state?.roundId || this.flushing) return;
    // A game saved before rounds had tickets gets its ticket from the round first.
    if (!state.ticket) return void this.resync();
    this.flushing = true;
    clearTimeout(this.retryTimer);
    try {
      while (state.pending.length > 0) {
        const item = state.pending[0];
        try {
          const answer = await api.submitWord(state.roundId, state.ticket, item.word, item.path);
          state.pending.shift();
          this.applyAnswer(item.word, item.path, answer);
        } catch (error) {
          if (error instanceof ApiError && error.transient) {
            item.attempts += 1;
            const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (item.attempts - 1)) * (0.75 + Math.random() / 2);
            this.setText("sync", `${state.pending.length} word(s) waiting to be sent; retrying…`);
            this.retryTimer = window.setTimeout(() => void this.flush(), delay);
            return;
          }
          // Refused for good (e.g. the round is unknown): keep the word for free play only.
          state.pending.shift();
          this.applyAnswer(item.word, item.path, null, error instanceof Error ? error.message : String(error));
        }
        saveGame(state);
      }
      this.setText("sync", "");
    } finally {
      saveGame(state);
      this.flushing = false;
      this.render();
    }
  }

  /** Applies the server's answer (null: refused outright) to the word's entry. */
  private applyAnswer(word: string, path: Path | null, answer: WordAnswer | null, error = ""): void {
    const state = this.state!;
    const entry = state.found.find((f) => f.word === word);
    const shown = word.toUpperCase();
    if (answer && (answer.accepted || answer.reason === "duplicate")) {
      if (answer.receipt) state.receipts.push({ word, receipt: answer.receipt, synced: false });
      if (entry) {
        entry.confirmed = true;
        if (answer.accepted) entry.points = answer.points;
      } else {
        state.found.push({ word, points: answer.points, path, ranked: state.ranked, confirmed: true });
        this.announce(`${shown} +${answer.points}`, "good");
      }
    } else if (!answer || answer.reason === "late") {
      // Not counted by the server, but the engine accepted it: it stays as a free-play word.
      if (entry) Object.assign(entry, { ranked: false, confirmed: true });
      this.announce(answer ? reasonText("late", word, this.rules!) : `${shown} could not be recorded: ${error}`, "info");
    } else {
      // The server's verdict wins over the local one.
      state.found = state.found.filter((f) => f.word !== word);
      this.announce(reasonText(answer.reason, word, this.rules!), "bad");
    }
  }

  private rankedScore(): number {
    const state = this.state!;
    const local = state.found.filter((f) => f.ranked).reduce((sum, f) => sum + f.points, 0);
    return Math.max(local, state.serverScore);
  }

  private totalScore(): number {
    return this.state!.found.reduce((sum, f) => sum + f.points, 0);
  }

  private startClock(): void {
    const update = () => {
      const state = this.state!;
      if (this.phase === "round" && state.endsAt !== null) {
        const left = state.endsAt - Date.now();
        this.setText("timer", formatDuration(left));
        this.el("timer")?.classList.toggle("is-urgent", left < 20_000);
        // Spoken once each: the timer itself is not a live region (it would talk every second).
        const warning = [60, 30, 10].find((s) => left <= s * 1000 && left > (s - 1) * 1000);
        if (warning !== undefined) this.setText("time-warning", `${warning} seconds left`);
        if (left <= 0) {
          this.announce("Time's up!", "info");
          this.enterPhase("free");
          // The last words' verdicts may still be on their way: sync once they are in.
          window.setTimeout(() => void this.sync(), GRACE_MS);
          void this.sync();
        }
      } else {
        this.setText("timer", this.phase === "free" && state.ranked ? "Round over" : "");
        this.el("timer")?.classList.remove("is-urgent");
      }
      // Today's puzzle closes when the next one opens; on a past puzzle, count to the next midnight.
      const closes = this.isOpen() ? Date.parse(this.puzzle!.closesAt) : nextUtcMidnight(Date.now());
      const nextIn = closes - Date.now();
      this.setText("countdown", nextIn > 0 ? `Next puzzle in ${formatDuration(nextIn)}` : "A new puzzle is out: reload the page.");
    };
    update();
    window.setInterval(update, 250);
  }

  private render(): void {
    const state = this.state;
    const puzzle = this.puzzle;
    if (!state || !puzzle) return;
    const total = this.totalScore();
    const ranked = this.rankedScore();
    this.setText("score", String(total));
    this.setText("ranked-score", state.ranked && total !== ranked ? `Ranked: ${ranked}` : "");
    this.setText("found-count", plural(state.found.length, "word"));
    const totals = puzzle.totals;
    this.setText("total-points", String(totals.points));
    this.setText("total-words", String(totals.words));
    const progress = this.el<HTMLProgressElement>("progress-total");
    if (progress) Object.assign(progress, { max: Math.max(1, totals.points), value: total });
    const commonFound = state.found.filter((f) => this.isCommon(f.word)).length;
    this.setText("common-found", `${commonFound} of ${totals.commonWords}`);
    const progressCommon = this.el<HTMLProgressElement>("progress-common");
    if (progressCommon) Object.assign(progressCommon, { max: Math.max(1, totals.commonWords), value: commonFound });
    const rank = rankFor(total, totals.commonPoints);
    this.setText("rank", rank.name);
    const toNext = pointsToNext(total, totals.commonPoints);
    this.setText("rank-next", toNext === null ? "Top rank!" : `${plural(toNext, "more point")} to the next rank`);
    const current = rankIndex(total, totals.commonPoints);
    this.el("ladder")
      ?.querySelectorAll("li")
      .forEach((li, i) => {
        li.classList.toggle("is-reached", i <= current);
        if (i === current) li.setAttribute("aria-current", "step");
        else li.removeAttribute("aria-current");
      });
    this.renderFound();
    const share = this.el("share");
    if (share) share.hidden = state.found.length === 0;
    const resultsOpen = this.el("results-open");
    if (resultsOpen) resultsOpen.hidden = !(this.phase === "free" && state.ranked);
    this.hints?.setFound(this.foundSet());
    // Phones: the side column is below the fold while playing, so one line under the field sums it up.
    this.setText("progress-line", `${plural(state.found.length, "word")} · ${plural(total, "point")} of ${totals.points} · ${rank.name}`);
  }

  /** Hints and the length grid, once the board is visible and the engine can count its words. */
  private async initHints(): Promise<void> {
    const root = this.el("hints");
    if (this.hints || !root || !this.lexicon || (this.phase !== "round" && this.phase !== "free")) return;
    const { Hints } = await import("./hints.ts");
    this.hints ??= new Hints(root, this.puzzle!.date, this.board!, this.lexicon, this.rules!);
    this.hints.setFound(this.foundSet());
  }

  /** The results card after the ranked round: by itself once per puzzle, then on request. */
  private async showResults(auto: boolean): Promise<void> {
    const dialog = this.el<HTMLDialogElement>("results");
    const state = this.state!;
    if (!dialog || !state.ranked || this.phase !== "free") return;
    const seenKey = `tw:results-seen:${state.date}`;
    try {
      if (auto && localStorage.getItem(seenKey)) return;
      localStorage.setItem(seenKey, "1");
    } catch {
      // Without storage the card shows at the end of the round, which is the moment that matters.
    }
    const { ResultsCard } = await import("./results-card.ts");
    this.results ??= new ResultsCard(dialog, () => {
      void this.loadSolution(true);
      this.solutionView?.reveal();
    });
    this.results.open({
      puzzle: this.puzzle!,
      score: this.rankedScore(),
      words: state.found.filter((f) => f.ranked).map((f) => f.word),
      closesAt: this.isOpen() ? Date.parse(this.puzzle!.closesAt) : nextUtcMidnight(Date.now()),
    });
    if (this.solution) this.results.setSolution(this.solution);
  }

  private isCommon(word: string): boolean {
    return this.lexicon?.isCommon(word) ?? this.solution?.find((w) => w.word === word)?.common ?? false;
  }

  private renderFound(): void {
    const list = this.el("found-list");
    if (!list) return;
    const newest = this.state!.found.at(-1)?.word;
    // Longest first, as the genre groups them; the points are drawn by CSS from data-points.
    const items = [...this.state!.found]
      .sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word))
      .map((entry) => {
        const li = document.createElement("li");
        li.textContent = entry.word;
        li.title = plural(entry.points, "point");
        li.dataset.points = `+${entry.points}`;
        if (entry.word === newest) li.classList.add("is-newest");
        if (!entry.confirmed) li.classList.add("is-pending");
        if (!entry.ranked && this.state!.ranked) li.classList.add("is-free");
        return li;
      });
    list.replaceChildren(...items);
  }

  private renderLadder(): void {
    const ladder = this.el("ladder");
    if (!ladder) return;
    const common = this.puzzle!.totals.commonPoints;
    ladder.replaceChildren(
      ...RANKS.map((rank) => {
        const li = document.createElement("li");
        const name = document.createElement("span");
        name.textContent = rank.name;
        const at = document.createElement("span");
        at.className = "at";
        at.textContent = String(Math.ceil(rank.at * common));
        li.append(name, at);
        return li;
      }),
    );
  }

  /** The full solution: once the ranked round is over (or any time, asked for, on a closed puzzle). */
  private async loadSolution(asked: boolean): Promise<void> {
    if (this.solution || !this.el("solution")) return;
    for (let attempt = 0; attempt < 6; attempt++) {
      try {
        this.solution = (await api.solution(this.puzzle!.date)).words;
        break;
      } catch (error) {
        // A 403 right at the end means the server's clock hasn't reached endsAt yet: wait a bit.
        const retry = error instanceof ApiError && (error.transient || error.status === 403);
        if (!retry || attempt === 5) {
          if (asked) this.announce(`The solution isn't available yet: ${error instanceof Error ? error.message : ""}`, "bad");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
      }
    }
    const showSolution = this.el("show-solution");
    if (showSolution) showSolution.hidden = true;
    this.renderSolution();
  }

  private renderSolution(): void {
    const section = this.el("solution");
    const words = this.solution;
    if (!section || !words) return;
    section.hidden = false;
    const found = this.foundSet();
    this.solutionView ??= new SolutionView(section, this.board!, this.rules!, words, found);
    this.setText("solution-summary", `Solution: ${plural(words.length, "word")}, ${plural(this.puzzle!.totals.points, "point")} (you found ${found.size})`);
    this.results?.setSolution(words);
  }

  private async share(): Promise<void> {
    const puzzle = this.puzzle!;
    const state = this.state!;
    const score = state.ranked ? this.rankedScore() : this.totalScore();
    const words = state.ranked ? state.found.filter((f) => f.ranked) : state.found;
    const rank = rankFor(score, puzzle.totals.commonPoints).name;
    const { usedHints, HINT_NAMES } = await import("./hints.ts");
    const text = resultText({
      number: puzzle.number,
      ranked: state.ranked,
      score,
      words: words.map((f) => f.word),
      rank,
      // Mid-round, the share says the score is partial.
      timeLeft: this.phase === "round" && state.endsAt !== null ? formatDuration(state.endsAt - Date.now()) : undefined,
      hints: usedHints(puzzle.date).map((k) => HINT_NAMES[k]),
      url: `${location.origin}/`,
    });
    const outcome = await shareText(text, this.el<HTMLTextAreaElement>("share-fallback") ?? undefined);
    if (outcome === "copied") this.announce("Result copied to the clipboard.", "good");
    else if (outcome === "manual") this.announce("Copy your result from the box below.", "info");
  }
}

/** The date a play page shows: /play/YYYY-MM-DD, or ?date=, else today. */
export function dateFromLocation(loc: Location = location): string {
  const fromPath = /^\/play\/([^/]+)\/?$/.exec(loc.pathname)?.[1];
  const fromQuery = new URLSearchParams(loc.search).get("date");
  const date = (fromPath === undefined ? null : safeDecode(fromPath)) ?? fromQuery ?? "today";
  return date === todayUtc() ? "today" : date;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The last puzzle loaded for a date ("today" included, while it is still today). */
function storePuzzle(puzzle: Puzzle, requested: string): void {
  try {
    localStorage.setItem(`tw:puzzle:${requested}`, JSON.stringify(puzzle));
  } catch {
    // Without storage the page just needs the network.
  }
}

function storedPuzzle(requested: string): Puzzle | null {
  try {
    const puzzle = JSON.parse(localStorage.getItem(`tw:puzzle:${requested}`) ?? "null") as Puzzle | null;
    if (!puzzle || (requested === "today" && puzzle.date !== todayUtc())) return null;
    return puzzle;
  } catch {
    return null;
  }
}
