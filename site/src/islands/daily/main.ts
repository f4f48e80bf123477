// <tw-game>: the daily game's island (GameView.astro). It loads the puzzle, then hands it to a
// Game, which only ever exists with its puzzle and saved game in hand. Its `date` attribute says
// which puzzle: "today", "location" (/play/YYYY-MM-DD or ?date=), or none, when the page decides
// and calls play() itself (the embed first settles who the player is); its `data-board-lang` (or
// the address's ?lang=) the board's language, English unless given.
import { ApiError, api } from "../../core/api.ts";
import type { Puzzle } from "../../core/api.ts";
import { type LanguageCode, isIsoDate } from "#engine";
import { serverToday } from "../../core/server-day.ts";
import { boardLanguageOf } from "../../core/board-language.ts";
import { puzzleKey } from "#game/puzzle-key.ts";
import { savePuzzle, storedPuzzle } from "./game-store.ts";
import { Game } from "./game.ts";
import { messages } from "../../i18n/messages.ts";
import { linkIn } from "../../i18n/paths.ts";
import { errorReason } from "../../core/error-reason.ts";

/** The date a play page shows: /play/YYYY-MM-DD, or ?date=, else today. */
export function dateFromLocation(loc: Location = location): string {
  const fromPath = /^\/play\/([^/]+)\/?$/.exec(loc.pathname)?.[1];
  const fromQuery = new URLSearchParams(loc.search).get("date");
  const date = (fromPath === undefined ? null : safeDecode(fromPath)) ?? fromQuery ?? "today";
  return date === serverToday() ? "today" : date;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The puzzle for "today" or a date (with "-fr" and so on for a language), or what to tell the player when there is none. */
export async function loadPuzzle(date: string): Promise<Puzzle | { error: string; offline?: boolean }> {
  try {
    const puzzle = await api.puzzle(date);
    savePuzzle(puzzle, date);
    return puzzle;
  } catch (error) {
    // Offline: a puzzle seen before still plays (its words wait in the queue for the network).
    const offline = error instanceof ApiError && error.status === 0;
    const stored = offline ? storedPuzzle(date) : null;
    if (stored) return stored;
    if (offline && date.startsWith("today")) return { error: messages().comeback.offlineToday, offline: true };
    if (error instanceof ApiError && error.status === 404) return { error: messages().trouble.noPuzzle };
    return { error: messages().trouble.puzzleFailed(error instanceof Error ? errorReason(error) : "") };
  }
}

export class GameElement extends HTMLElement {
  private started = false;

  connectedCallback(): void {
    const requested = this.getAttribute("date");
    if (requested === "location") {
      const date = dateFromLocation();
      if (date === "today" || isIsoDate(date)) void this.play(date);
      else this.fail(`"${date}" is not a date: puzzles are addressed as /play/YYYY-MM-DD.`);
    } else if (requested) {
      void this.play(requested);
    }
  }

  /**
   * Loads and starts the puzzle of "today" or a YYYY-MM-DD date (once per element), in the
   * element's language; `resume`: the server has the player's round, which nothing stored here
   * knows of (the embed that keeps its player in a cookie), so it is resumed at once.
   */
  async play(date: string, lang: LanguageCode = boardLanguageOf(this), { resume = false } = {}): Promise<void> {
    if (this.started) return;
    this.started = true;
    const loaded = await loadPuzzle(puzzleKey(date, lang));
    if ("error" in loaded) return this.fail(loaded.error, loaded.offline === true ? lang : undefined);
    new Game(this, loaded).begin(resume);
  }

  /** Shows why there is no game; offline, with the ways to play that need no network. */
  private fail(message: string, offlineLang?: LanguageCode): void {
    const status = this.querySelector("[data-status]");
    if (status) {
      status.textContent = message;
      if (offlineLang !== undefined) status.append(" ", ...offlineLinks(offlineLang));
    }
    this.dataset.phase = "error";
  }
}

customElements.define("tw-game", GameElement);

/** Practice and the archive (its boards already opened play offline), in the page's board language. */
function offlineLinks(lang: LanguageCode): HTMLElement[] {
  const t = messages().comeback;
  return [
    [linkIn(lang, "/practice"), t.offlinePractice],
    [linkIn(lang, "/archive"), t.offlineArchive],
  ].flatMap(([href, label], i) => {
    const link = document.createElement("a");
    link.href = href!;
    link.textContent = label!;
    if (i === 0) return [link];
    const gap = document.createElement("span");
    gap.textContent = " · ";
    return [gap, link];
  });
}
