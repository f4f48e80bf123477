// The daily game's solution panel: fetches the puzzle's full solution (once the ranked round is
// over, or on request for a closed puzzle) and draws it with SolutionView, loaded only then, so
// the first visit's scripts don't carry it.
import type { Board, Rules } from "#engine";
import { ApiError, api } from "../../core/api.ts";
import { backoff, wait } from "../../core/backoff.ts";
import type { Puzzle, SolutionWord } from "../../core/api.ts";
import { messages } from "../../i18n/messages.ts";
import type { SolutionView } from "./solution-view.ts";
import { errorReason } from "../../core/error-reason.ts";

const ATTEMPTS = 6;

export interface SolutionPanelParts {
  /** The panel's section; null where the page has none (the compact embed). */
  section: HTMLElement | null;
  /** "Show the solution", hidden once the solution is shown. */
  showButton: HTMLElement | null;
}

export class SolutionPanel {
  private readonly parts: SolutionPanelParts;
  private readonly puzzle: Puzzle;
  private readonly board: Board;
  private readonly rules: Rules;
  private view: SolutionView | null = null;
  private loading: Promise<SolutionWord[] | string> | null = null;
  /** Null until fetched. */
  words: SolutionWord[] | null = null;
  /**
   * When (device clock, ms) the server will answer this player: a ranked round's end plus its
   * grace. Asking earlier is refused with a 403, so the fetch waits for it instead.
   */
  opensAt = 0;

  constructor(parts: SolutionPanelParts, puzzle: Puzzle, board: Board, rules: Rules) {
    this.parts = parts;
    this.puzzle = puzzle;
    this.board = board;
    this.rules = rules;
  }

  /** Whether the panel is on this page at all. */
  get present(): boolean {
    return this.parts.section !== null;
  }

  /** Hides or offers "Show the solution" (never offered once the solution is shown). */
  offer(show: boolean): void {
    if (this.parts.showButton) this.parts.showButton.hidden = !show || this.words !== null;
  }

  /**
   * Fetches and draws the solution; resolves to its words once they are drawn, or to why they are
   * not available. Concurrent calls share one attempt; a drawn solution is never fetched again.
   */
  load(found: Set<string>): Promise<SolutionWord[] | string> {
    const section = this.parts.section;
    if (!section) return Promise.resolve("this page has no solution panel");
    this.loading ??= this.fetchAndDraw(section, found).then((result) => {
      if (typeof result === "string") this.loading = null;
      return result;
    });
    return this.loading;
  }

  private async fetchAndDraw(section: HTMLElement, found: Set<string>): Promise<SolutionWord[] | string> {
    const wait = this.opensAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const result = await fetchSolution(this.puzzle.id);
    if (typeof result === "string") return result;
    this.words = result;
    this.offer(false);
    await this.draw(section, result, found);
    return result;
  }

  private async draw(section: HTMLElement, words: SolutionWord[], found: Set<string>): Promise<void> {
    const { SolutionView } = await import("./solution-view.ts");
    section.hidden = false;
    this.view = new SolutionView(section, this.board, this.rules, words, found, this.puzzle.lang);
    const summary = section.querySelector("[data-solution-summary]");
    if (summary) summary.textContent = messages().solution.summary(words.length, this.puzzle.totals.points, found.size);
  }

  /** Opens the drawn solution and brings it into view. */
  reveal(): void {
    this.view?.reveal();
  }
}

/**
 * The solution's words, or why they could not be had. Right after a round the server's clock may
 * not have reached the round's end yet (403), so that, like a transient failure, is retried.
 */
async function fetchSolution(date: string): Promise<SolutionWord[] | string> {
  for (let attempt = 0; ; attempt++) {
    try {
      return (await api.solution(date)).words;
    } catch (error) {
      const retry = error instanceof ApiError && (error.transient || error.status === 403);
      if (!retry || attempt === ATTEMPTS - 1) return errorReason(error);
      await wait(backoff(attempt + 1, { max: Infinity }));
    }
  }
}
