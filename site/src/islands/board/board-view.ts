// The interactive board: tiles as buttons, the current word's path drawn as SVG lines between tile
// centres, and three ways to build a word that share one state: pointer tracing (mouse, touch,
// pen), tapping tiles one by one (or activating them from the keyboard), and typing, where the
// engine's traceWord lights up the matching path live.
import { type Board, type Path, type Rules, traceWord } from "#engine";
import { drawTiles, normaliseTyped, pathPoints, tileAfterArrow, tileIndexAt } from "./tiles.ts";

export interface BoardViewEvents {
  /** Called whenever the word being built changes. */
  onChange?(word: string, path: Path | null): void;
  /** A finished word: from a released trace, a re-tapped last tile, Enter or the Submit button. */
  onSubmit(word: string, path: Path | null): void;
  /** While play is disabled: a tile was clicked (the solution view lists the words through it). */
  onExplore?(cell: [number, number]): void;
}

export class BoardView {
  readonly root: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly line: SVGPolylineElement;
  private readonly svg: SVGSVGElement;
  private readonly field: HTMLInputElement | null;
  private readonly events: BoardViewEvents;
  private board: Board | null = null;
  private rules: Rules | null = null;
  private tiles: HTMLButtonElement[] = [];
  private path: number[] = [];
  private typed: string | null = null;
  private drag: { id: number; moved: boolean; submitOnRelease: boolean } | null = null;
  private enabled = false;
  private focusIndex = 0;
  /** How the board's language spells typed text (undefined: English, letters a-z). */
  fold: ((text: string) => string) | undefined;

  constructor(root: HTMLElement, field: HTMLInputElement | null, events: BoardViewEvents) {
    this.root = root;
    this.grid = root.querySelector<HTMLElement>("[data-tiles]")!;
    this.svg = root.querySelector<SVGSVGElement>("svg")!;
    this.line = root.querySelector<SVGPolylineElement>("polyline")!;
    this.field = field;
    this.events = events;
    this.grid.addEventListener("pointerdown", (e) => this.pointerDown(e));
    this.grid.addEventListener("pointermove", (e) => this.pointerMove(e));
    this.grid.addEventListener("pointerup", (e) => this.pointerUp(e));
    this.grid.addEventListener("pointercancel", () => (this.drag = null));
    this.grid.addEventListener("click", (e) => this.keyboardActivate(e));
    this.grid.addEventListener("keydown", (e) => this.arrowKeys(e));
    field?.addEventListener("input", () => this.typeText(field.value));
    field?.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        e.preventDefault();
        this.submit();
      } else if (e.key === "Escape") {
        e.preventDefault();
        this.clear();
      }
    });
    document.addEventListener("keydown", (e) => this.pageKeys(e));
  }

  /** Shows a board; `hidden` keeps the letters covered (before a timed round starts). */
  setBoard(board: Board, rules: Rules, options: { hidden?: boolean } = {}): void {
    this.board = board;
    this.rules = rules;
    this.grid.replaceChildren();
    this.grid.style.setProperty("--cols", String(board.cols));
    this.grid.style.setProperty("--rows", String(board.rows));
    this.svg.setAttribute("viewBox", `0 0 ${board.cols} ${board.rows}`);
    this.root.classList.toggle("is-hidden", Boolean(options.hidden));
    this.tiles = drawTiles(this.grid, board, Boolean(options.hidden));
    this.focusIndex = 0;
    this.path = [];
    this.typed = null;
    this.render();
  }

  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.root.classList.toggle("is-disabled", !enabled);
    const inert = !enabled && !this.events.onExplore;
    this.tiles.forEach((tile) => tile.setAttribute("aria-disabled", String(inert)));
    if (this.field) this.field.disabled = !enabled;
    if (!enabled) this.clear();
  }

  clear(): void {
    this.path = [];
    this.typed = null;
    this.drag = null;
    this.render();
  }

  /** Lights up a path without touching the word being built (solution hover, hints). */
  showPath(path: Path | null): void {
    this.paint(path ? path.map(([r, c]) => r * (this.board?.cols ?? 0) + c) : this.path, Boolean(path));
  }

  submit(): void {
    const word = this.currentWord();
    if (word === "") return;
    const path = this.currentPath();
    this.clear();
    this.events.onSubmit(word, path);
  }

  private currentWord(): string {
    if (this.typed !== null) return this.typedWord();
    return this.path.map((i) => this.board?.faces[i] ?? "").join("");
  }

  private currentPath(): Path | null {
    if (this.typed !== null) return this.tracedTyped();
    return this.path.length > 0 ? this.path.map((i) => this.cell(i)) : null;
  }

  /** The board's width; before the first board there are no tiles, so no path to place. */
  private get cols(): number {
    return this.board?.cols ?? 1;
  }

  private cell(index: number): [number, number] {
    const cols = this.cols;
    return [Math.floor(index / cols), index % cols];
  }

  /** What the typed letters spell on this board: with a Qu face, "q" alone means "qu" (qiet = quiet). */
  private typedWord(): string {
    const typed = this.typed ?? "";
    return this.rules?.quFace ? typed.replace(/q(?!u)/g, "qu") : typed;
  }

  private tracedTyped(): Path | null {
    if (!this.board || !this.rules || !this.typed) return null;
    return traceWord(this.board, this.typedWord());
  }

  private typeText(text: string): void {
    if (!this.enabled) return;
    const typed = normaliseTyped(text, this.fold);
    this.typed = typed === "" ? null : typed;
    this.path = [];
    this.render();
  }

  private adjacent(a: number, b: number): boolean {
    const [ar, ac] = this.cell(a);
    const [br, bc] = this.cell(b);
    return a !== b && Math.abs(ar - br) <= 1 && Math.abs(ac - bc) <= 1;
  }

  private usable(index: number): boolean {
    return index >= 0 && this.board !== null && this.board.faces[index] !== "";
  }

  /** The tile under the pointer: anywhere in its cell when pressing, only near its centre when dragging. */
  private tileAt(e: PointerEvent, strict: boolean): number {
    if (!this.board) return -1;
    const index = tileIndexAt(this.grid.getBoundingClientRect(), this.board, e.clientX, e.clientY, strict);
    return this.usable(index) ? index : -1;
  }

  private pointerDown(e: PointerEvent): void {
    if (!this.enabled || e.button > 0) return;
    const index = this.tileAt(e, false);
    if (index < 0) return;
    e.preventDefault(); // no text selection, no focus stealing from the word field
    this.grid.setPointerCapture(e.pointerId);
    this.drag = { id: e.pointerId, moved: false, submitOnRelease: false };
    const last = this.path.at(-1);
    if (this.typed !== null || last === undefined) {
      this.startAt(index);
    } else if (index === last) {
      this.drag.submitOnRelease = true; // tapping the last tile again submits
    } else if (this.adjacent(last, index) && !this.path.includes(index)) {
      this.path.push(index);
    } else {
      this.startAt(index);
    }
    this.focusIndex = index;
    this.render();
  }

  private startAt(index: number): void {
    this.typed = null;
    this.path = [index];
  }

  private pointerMove(e: PointerEvent): void {
    if (!this.drag || this.drag.id !== e.pointerId) return;
    const index = this.tileAt(e, true);
    const last = this.path.at(-1);
    if (index < 0 || last === undefined || index === last) return;
    if (this.path.length >= 2 && index === this.path[this.path.length - 2]) {
      this.path.pop(); // dragging back undoes the last step
    } else if (this.adjacent(last, index) && !this.path.includes(index)) {
      this.path.push(index);
    } else {
      return;
    }
    this.drag.moved = true;
    this.drag.submitOnRelease = false;
    this.render();
  }

  private pointerUp(e: PointerEvent): void {
    if (!this.drag || this.drag.id !== e.pointerId) return;
    const { moved, submitOnRelease } = this.drag;
    this.drag = null;
    if (moved || submitOnRelease) this.submit();
  }

  /** Enter or Space on a focused tile (a click with no pointer behind it) taps that tile. */
  private keyboardActivate(e: MouseEvent): void {
    const tile = (e.target as HTMLElement).closest<HTMLButtonElement>(".tile");
    if (!tile) return;
    const index = Number(tile.dataset.index);
    if (!this.enabled) return this.events.onExplore?.(this.cell(index));
    if (e.detail !== 0 || !this.usable(index)) return;
    const last = this.path.at(-1);
    const at = this.path.indexOf(index);
    if (this.typed !== null || last === undefined) this.startAt(index);
    else if (index === last) return this.submit();
    else if (at >= 0) this.path.length = at + 1; // back to an earlier tile of the path
    else if (this.adjacent(last, index)) this.path.push(index);
    else this.startAt(index);
    this.render();
  }

  /** Arrow keys move focus between tiles (one tab stop for the whole board). */
  private arrowKeys(e: KeyboardEvent): void {
    const tile = (e.target as HTMLElement).closest<HTMLButtonElement>(".tile");
    const next = this.board && tile ? tileAfterArrow(this.board, Number(tile.dataset.index), e.key) : null;
    if (next === null) return;
    e.preventDefault();
    this.focusTile(next);
  }

  private focusTile(index: number): void {
    this.focusIndex = index;
    this.tiles.forEach((t, i) => (t.tabIndex = i === index ? 0 : -1));
    this.tiles[index]?.focus();
  }

  /** Letters typed anywhere on the page (outside other fields) go to the word field. */
  private pageKeys(e: KeyboardEvent): void {
    if (!this.enabled || !this.field || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target as HTMLElement;
    if (target === this.field || target.closest("input, textarea, select, [contenteditable], dialog")) return;
    const onTile = Boolean(target.closest?.(".tile")) && this.root.contains(target);
    if (/^\p{L}$/u.test(e.key)) {
      e.preventDefault();
      this.field.value = `${this.typed ?? ""}${e.key.toLowerCase()}`;
      this.typeText(this.field.value);
    } else if (e.key === "Backspace" && this.typed) {
      e.preventDefault();
      this.field.value = this.typed.slice(0, -1);
      this.typeText(this.field.value);
    } else if (e.key === "Backspace" && onTile && this.path.length > 0) {
      e.preventDefault();
      this.path.pop();
      this.render();
    } else if (e.key === "Escape" && (this.typed || this.path.length > 0)) {
      e.preventDefault();
      this.clear();
    } else if (e.key === "Enter" && this.typed) {
      e.preventDefault();
      this.submit();
    }
  }

  private render(): void {
    const word = this.currentWord();
    let path: Path | null;
    if (this.typed !== null) {
      path = this.tracedTyped();
      this.paint(path ? path.map(([r, c]) => r * this.cols + c) : [], false);
    } else {
      path = this.path.length > 0 ? this.path.map((i) => this.cell(i)) : null;
      this.paint(this.path, false);
      if (this.field) this.field.value = word;
    }
    this.root.classList.toggle("is-off-board", this.typed !== null && path === null);
    this.events.onChange?.(word, path);
  }

  private paint(indices: number[], preview: boolean): void {
    const on = new Set(indices);
    this.tiles.forEach((tile, i) => {
      tile.classList.toggle("is-on-path", on.has(i));
      tile.classList.toggle("is-last", i === indices.at(-1));
      // Screen readers hear which tiles the word being built (or shown) goes through.
      tile.setAttribute("aria-pressed", String(on.has(i)));
    });
    this.root.classList.toggle("is-preview", preview);
    this.line.setAttribute("points", pathPoints(indices, this.cols));
  }
}
