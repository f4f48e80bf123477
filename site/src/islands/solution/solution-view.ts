// The solution after the round: every word (missed common words first), a small board that lights
// a word's path, and a detail line with the word's points, who found it and its definition.
// Hovering previews a path; a tap or click selects the word so its path stays lit (on a phone a
// tap fires hover, focus and blur events in a burst: only the selection is durable). Clicking a
// tile lists the words through it, longest first. Definitions are fetched when the solution opens.
import { type Board, LANGUAGES, type Language, type LanguageCode, type Rules } from "#engine";
import type { SolutionWord } from "../../core/api.ts";
import { BoardView } from "../board/board-view.ts";
import { pathButton } from "../board/path-button.ts";
import type { Definition } from "./definitions.ts";
import { definitionLine, fillDefinitions } from "./definition-text.ts";
import { redrawWhenSpelled, spelled } from "../../core/spellings.ts";
import { messages } from "../../i18n/messages.ts";
import { worthLearningFirst } from "../../core/word-order.ts";

export class SolutionView {
  private readonly section: HTMLElement;
  private readonly words: SolutionWord[];
  private readonly found: Set<string>;
  private readonly explorer: BoardView | null;
  private readonly board: Board;
  private selected: string | null = null;
  private definitions: Map<string, Definition | null> | null = null;
  private definitionsLoading = false;
  private readonly buttons = new Map<string, HTMLButtonElement>();
  private readonly language: Language;

  /**
   * The definitions are English (WordNet): a board in another language lists its words without
   * them, and says why, rather than show an English meaning of a French spelling ("pain").
   */
  private readonly defined: boolean;

  constructor(section: HTMLElement, board: Board, rules: Rules, words: readonly SolutionWord[], found: Set<string>, lang: LanguageCode = "en") {
    this.section = section;
    this.defined = lang === "en";
    this.language = LANGUAGES[lang];
    this.board = board;
    this.found = found;
    // The missed words first, worth learning first; the found ones last.
    this.words = [...words].sort((a, b) => Number(found.has(a.word)) - Number(found.has(b.word)) || worthLearningFirst(a, b));
    const boardRoot = this.q("solution-board");
    this.explorer = boardRoot
      ? new BoardView(boardRoot, null, { onSubmit: () => undefined, onExplore: (cell) => this.listThrough(cell) })
      : null;
    this.explorer?.setBoard(board, rules);
    this.explorer?.setEnabled(false);
    this.renderList();
    redrawWhenSpelled(lang, this, () => {
      this.renderList();
      this.renderDetail();
    });
    const details = section.querySelector("details");
    details?.addEventListener("toggle", () => {
      if (details.open) void this.loadDefinitions();
    });
    if (!details || details.open) void this.loadDefinitions();
  }

  private q<T extends HTMLElement = HTMLElement>(name: string): T | null {
    return this.section.querySelector<T>(`[data-${name}]`);
  }

  /** Opens the solution and brings it into view (from the results card). */
  reveal(): void {
    const details = this.section.querySelector("details");
    if (details) details.open = true;
    this.section.scrollIntoView({ block: "start" });
    void this.loadDefinitions();
  }

  private renderList(): void {
    const list = this.q("solution-list");
    if (!list) return;
    list.replaceChildren(
      ...this.words.map((w) => {
        const li = document.createElement("li");
        li.className = this.found.has(w.word) ? "is-found" : w.common ? "is-missed-common" : "is-missed";
        // Leaving a word shows the selected one again: only the selection is durable.
        const button = pathButton(spelled(w.word, this.language.code), w.path, this.explorer, () => this.showSelected());
        button.dataset.folded = w.word;
        button.setAttribute("aria-pressed", String(this.selected === w.word));
        button.addEventListener("click", () => this.select(this.selected === w.word ? null : w.word));
        this.buttons.set(w.word, button);
        const meta = document.createElement("span");
        meta.className = "meta";
        meta.textContent = this.metaOf(w);
        const def = document.createElement("span");
        def.className = "def";
        def.dataset.def = w.word;
        li.append(button, meta, def);
        return li;
      }),
    );
  }

  private metaOf(w: SolutionWord): string {
    const share = Math.round((w.foundBy ?? 0) * 100);
    return messages().solution.meta(w.points, w.common, share, this.found.has(w.word));
  }

  private select(word: string | null): void {
    if (this.selected) this.buttons.get(this.selected)?.setAttribute("aria-pressed", "false");
    this.selected = word;
    if (word) this.buttons.get(word)?.setAttribute("aria-pressed", "true");
    this.showSelected();
    this.renderDetail();
  }

  private showSelected(): void {
    const w = this.words.find((x) => x.word === this.selected);
    this.explorer?.showPath(w ? w.path : null);
  }

  private renderDetail(): void {
    const detail = this.q("word-detail");
    if (!detail) return;
    const w = this.words.find((x) => x.word === this.selected);
    if (!w) {
      detail.textContent = messages().solution.pick;
      return;
    }
    const title = document.createElement("strong");
    title.textContent = spelled(w.word, this.language.code).toUpperCase();
    const meta = document.createElement("span");
    meta.className = "muted";
    meta.textContent = ` ${this.metaOf(w)}`;
    const meaning = document.createElement("p");
    meaning.className = "definition";
    meaning.dataset.definition = w.word;
    meaning.textContent = this.definitionText(w.word);
    detail.replaceChildren(title, meta, meaning);
    // No definition to give (a rare word, or a language without one): where to read about it.
    if (!this.defined || (this.definitions && !this.definitions.get(w.word))) {
      if (this.defined) meaning.textContent = messages().solution.rareWord;
      const link = document.createElement("a");
      link.href = wiktionaryUrl(this.language.code, spelled(w.word, this.language.code));
      link.rel = "noopener";
      link.target = "_blank";
      link.dataset.lookUp = w.word;
      link.textContent = messages().solution.lookUp;
      const line = document.createElement("p");
      line.append(link);
      detail.append(line);
    }
  }

  private definitionText(word: string): string {
    const t = messages().solution;
    if (!this.defined) return t.englishOnly(this.language.name);
    if (!this.definitions) return this.definitionsLoading ? t.lookingUp : "";
    const d = this.definitions.get(word);
    return definitionLine(word, d);
  }

  private async loadDefinitions(): Promise<void> {
    if (!this.defined || this.definitions || this.definitionsLoading) return;
    this.definitionsLoading = true;
    this.renderDetail();
    try {
      const { defineAll } = await import("./definitions.ts");
      this.definitions = await defineAll(this.words.map((w) => w.word));
      fillDefinitions(this.section, this.definitions);
    } catch {
      const detail = this.q("word-detail");
      if (detail) detail.textContent = messages().solution.definitionsFailed;
    } finally {
      this.definitionsLoading = false;
      this.renderDetail();
    }
  }

  private listThrough([r, c]: [number, number]): void {
    const target = this.q("tile-words");
    if (!target) return;
    const through = this.words
      .filter((w) => w.path.some(([pr, pc]) => pr === r && pc === c))
      .sort((a, b) => b.word.length - a.word.length || a.word.localeCompare(b.word));
    const face = this.board.faces[r * this.board.cols + c].toUpperCase();
    const heading = document.createElement("p");
    heading.textContent = messages().solution.throughTile(through.length, face, r + 1, c + 1);
    const list = document.createElement("ul");
    list.className = "tile-word-list";
    list.append(
      ...through.map((w) => {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        b.className = "chip";
        b.textContent = w.word;
        b.addEventListener("click", () => {
          this.select(w.word);
          this.buttons.get(w.word)?.scrollIntoView({ block: "nearest" });
        });
        li.append(b);
        return li;
      }),
    );
    target.replaceChildren(heading, list);
  }
}

/** The word's page on the language's Wiktionary (its search finds the accented spelling of a folded word). */
export function wiktionaryUrl(lang: LanguageCode, word: string): string {
  return `https://${lang}.wiktionary.org/wiki/Special:Search?search=${encodeURIComponent(word)}&go=Go`;
}
