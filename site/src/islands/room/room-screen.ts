// The room's screen during play: the status line, the countdown and timer, the board (covered
// until the round starts for everyone), the players panel, your words, the host's start form and,
// once a round ends, its results (brought into view once per round). It only draws a RoomState;
// what the player does goes back through `ScreenEvents`.
import { type Board, LANGUAGES, boardFromRows } from "#engine";
import { formatDuration } from "../../core/dates.ts";
import { partOf } from "../../core/parts.ts";
import { BoardView } from "../board/board-view.ts";
import { RoundClock } from "../../core/round-clock.ts";
import { presentResults, renderResults } from "./room-results.ts";
import { type RoomPhase, type RoomState, canStart, phaseAt, playerLine, rulesOf, statusText } from "./room-store.ts";
import type { RoomSettingsChoice } from "../../core/api.ts";
import { followSizeWithRules, readRoomSettings } from "./room-settings.ts";
import type { ServerClock } from "../../core/server-clock.ts";

export interface ScreenEvents {
  /** A finished word from the board or the field. */
  onWord(raw: string): void;
  /** The start form was sent (host, or anyone while the host is away). */
  onStart(settings: RoomSettingsChoice): void;
}

/** What the board shows, so a tick only redraws it on a change. */
type BoardShown = `${number}:${"countdown" | "play" | "counting" | "over"}`;

export class RoomScreen {
  private readonly root: HTMLElement;
  private readonly clock: ServerClock;
  private readonly boardView: BoardView;
  private readonly timer: RoundClock;
  private state: RoomState | null = null;
  private board: { round: number; board: Board } | null = null;
  private boardShown: BoardShown | null = null;
  /** The round whose results were last brought into view (once per round, not at every render). */
  private presentedRound = -1;

  constructor(root: HTMLElement, code: string, options: { embed: boolean; clock: ServerClock; say: (text: string) => void }, events: ScreenEvents) {
    this.root = root;
    this.clock = options.clock;
    this.part("room-main").hidden = false;
    this.part("room-code").textContent = code;
    if (!options.embed) {
      const link = this.part<HTMLAnchorElement>("room-link");
      link.href = `/room/${code}`;
      link.textContent = `${location.origin}/room/${code}`;
      this.part("copy-link").addEventListener("click", () => void navigator.clipboard?.writeText(link.href).then(() => options.say("Link copied.")));
    }
    this.boardView = new BoardView(this.part("board"), this.part<HTMLInputElement>("word"), { onSubmit: (word) => events.onWord(word) });
    this.part("submit").addEventListener("click", () => this.boardView.submit());
    this.part("clear").addEventListener("click", () => this.boardView.clear());
    const form = this.part<HTMLFormElement>("start-form");
    followSizeWithRules(form);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const settings = readRoomSettings(new FormData(form));
      if (settings) events.onStart(settings);
    });
    this.timer = new RoundClock(
      { timer: this.part("timer"), warning: this.part("time-warning"), countdown: null },
      {
        // The round's end on this device's clock, while it runs.
        roundEndsAt: () => (this.phase()?.kind === "play" ? this.state!.room!.endsAt! - this.clock.offset : null),
        idleText: () => {
          const phase = this.phase();
          if (phase?.kind === "countdown") return formatDuration(phase.length);
          return phase?.kind === "counting" ? formatDuration(0) : "";
        },
        // The page's one clock (core/ticker.ts, four times a second) moves the phase on.
        onTimeUp: () => {},
      },
    );
  }

  /** Leaves the room's screen (the seat is gone). */
  hide(): void {
    this.part("room-main").hidden = true;
  }

  /** The word field is emptied once a word has gone to the room (a refused one stays, to be fixed). */
  clearWord(): void {
    this.boardView.clear();
  }

  /** The round's board as the engine reads it (null before the first round). */
  currentBoard(): Board | null {
    return this.board?.board ?? null;
  }

  render(state: RoomState): void {
    this.state = state;
    const { room, results } = state;
    const feedback = this.part("feedback");
    const said = feedback.textContent !== state.feedback.text && state.feedback.text !== "";
    feedback.textContent = state.feedback.text;
    feedback.dataset.tone = state.feedback.tone;
    // A verdict below the screen (a phone, the page scrolled) is brought up, the least scroll that shows it.
    if (said && !this.part("play").hidden && !onScreen(feedback)) feedback.scrollIntoView({ block: "nearest" });
    this.renderPlayers(state);
    this.renderWords(state);
    if (room === null) return;
    const form = this.part<HTMLFormElement>("start-form");
    this.part<HTMLButtonElement>("start-round").textContent = room.status === "finished" ? "Play again with a new board" : "Start the round";
    (form.elements.namedItem("size") as HTMLSelectElement).value = String(room.settings.size);
    (form.elements.namedItem("rules") as HTMLSelectElement).value = room.settings.rules;
    (form.elements.namedItem("seconds") as HTMLSelectElement).value = String(room.settings.seconds);
    if (room.board && room.round !== this.board?.round) {
      this.board = { round: room.round, board: boardFromRows(room.board, LANGUAGES[room.settings.lang].boardLetters) };
    }
    // Typed words are spelled as the room's language spells them.
    this.boardView.fold = room.settings.lang === "en" ? undefined : LANGUAGES[room.settings.lang].fold;
    this.part("play").hidden = room.board === null;
    this.part("your-words-card").hidden = room.board === null;
    this.part("room-results").hidden = results === null;
    if (results) renderResults(this.root, results, state.you.id);
    this.placeHostControls(room.status === "finished");
    if (results && room.status === "finished" && room.round !== this.presentedRound) {
      this.presentedRound = room.round;
      presentResults(this.root, results, state.you.id);
    }
    this.tick();
  }

  /**
   * After a round the host's "Play again" sits under the results' heading, where the page is
   * brought when the round ends (on a phone the controls' place above the board is far off screen);
   * otherwise above the board.
   */
  private placeHostControls(finished: boolean): void {
    const controls = this.part("host-controls");
    const results = this.part("room-results");
    if (finished && controls.parentElement !== results) this.part("room-winner").after(controls);
    else if (!finished && controls.parentElement === results) this.root.querySelector(".game")?.before(controls);
  }

  /** Redraws what depends on the clock: the status line, the countdown, the timer and the board. */
  tick(): void {
    const phase = this.phase();
    const state = this.state;
    if (phase === null || state === null) return;
    this.part("room-status").textContent = statusText(state, phase);
    this.part("host-controls").hidden = !canStart(state) || state.room!.status === "playing";
    this.part("countdown").textContent = phase.kind === "countdown" ? `Starting in ${Math.ceil(phase.startsIn / 1000)}…` : phase.kind === "play" ? "Go!" : phase.kind === "counting" ? "Time's up!" : "";
    this.timer.tick();
    this.showBoard(state, phase);
  }

  private phase(): RoomPhase | null {
    const room = this.state?.room;
    return room ? phaseAt(room, this.clock.now()) : null;
  }

  private showBoard(state: RoomState, phase: RoomPhase): void {
    if (this.board === null || phase.kind === "lobby") return;
    const shown: BoardShown = `${state.room!.round}:${phase.kind}`;
    if (shown === this.boardShown) return;
    this.boardShown = shown;
    const rules = rulesOf(state);
    switch (phase.kind) {
      case "countdown":
        this.boardView.setBoard(this.board.board, rules, { hidden: true });
        this.boardView.setEnabled(false);
        break;
      case "play":
        this.boardView.setBoard(this.board.board, rules);
        this.boardView.setEnabled(true);
        this.part<HTMLInputElement>("word").focus({ preventScroll: true });
        // On a phone the room's heading and status push the word field and its verdict below the
        // screen: the round brings the play area (timer, board, word, verdict) to the top.
        if (!onScreen(this.part("feedback"))) this.part("play").scrollIntoView({ block: "start" });
        break;
      case "counting":
        this.boardView.setEnabled(false);
        break;
      case "over":
        this.boardView.setBoard(this.board.board, rules);
        this.boardView.setEnabled(false);
        break;
    }
  }

  private renderPlayers(state: RoomState): void {
    this.part("room-players").replaceChildren(
      ...(state.room?.players ?? []).map((p) => {
        const li = document.createElement("li");
        li.textContent = playerLine(state, p);
        li.dataset.player = p.id;
        return li;
      }),
    );
  }

  private renderWords(state: RoomState): void {
    const list = [...state.words.entries()].sort(([a], [b]) => a.localeCompare(b));
    this.part("your-count").textContent = String(list.length);
    this.part("your-words").replaceChildren(
      ...list.map(([word, w]) => {
        const li = document.createElement("li");
        li.textContent = `${word} ${w.points}`;
        if (w.pending) li.className = "is-pending";
        return li;
      }),
    );
  }

  private part<T extends HTMLElement = HTMLElement>(name: string): T {
    return partOf<T>(this.root, name);
  }
}

/** Whether the element is wholly inside the viewport. */
function onScreen(el: HTMLElement): boolean {
  const box = el.getBoundingClientRect();
  const height = window.visualViewport?.height ?? window.innerHeight;
  return box.top >= 0 && box.bottom <= height;
}
