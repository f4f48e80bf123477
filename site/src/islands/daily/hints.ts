// Hints, as word-game players know them: the words still to find counted by length and first
// letter (Spelling Bee's grid, Squaredle's word counts), and on request the first two letters of
// every word left. Counted from the day's words (shared/engine/day-words.ts: each everyday word's length
// and first two letters, its hash to tell whether it is found), so they match the server's totals. Each hint used is remembered per puzzle, with whether it was taken during the ranked
// round: only those are shown on the ranked results card and in its share text.
import type { DayWords, EverydayShape } from "#engine";
import { readJson, writeJson } from "../../core/storage.ts";
import { SHARE_HINT_NAMES } from "../../i18n/share-english.ts";
import { messages } from "../../i18n/messages.ts";

export type HintKind = "grid" | "starts";
/** The hints' names in the share text, which is English wherever it is posted. */
export const HINT_NAMES: Readonly<Record<HintKind, string>> = SHARE_HINT_NAMES;

const key = (date: string) => `tw:hints:${date}`;

/**
 * The hints taken on a puzzle, split by when: during the ranked round (they helped the ranked
 * score) or in free play (after it, or on an unranked replay). Stored per puzzle as
 * {ranked, free}; a plain array is the older form and counts as ranked (it can't tell).
 */
export interface HintLog {
  ranked: HintKind[];
  free: HintKind[];
}

const isKind = (k: unknown): k is HintKind => k === "grid" || k === "starts";
const kinds = (list: unknown): HintKind[] => (Array.isArray(list) ? [...new Set(list.filter(isKind))] : []);

export function hintLog(date: string): HintLog {
  // Unreadable or missing: as if none were taken.
  const stored = readJson(key(date), (value): value is unknown => value !== null);
  if (Array.isArray(stored)) return { ranked: kinds(stored), free: [] };
  if (stored && typeof stored === "object") {
    const log = stored as Partial<Record<keyof HintLog, unknown>>;
    return { ranked: kinds(log.ranked), free: kinds(log.free) };
  }
  return { ranked: [], free: [] };
}

/** Every hint open on this puzzle, whenever it was taken. */
export function usedHints(date: string): HintKind[] {
  const log = hintLog(date);
  return [...new Set([...log.ranked, ...log.free])];
}

/**
 * The hints that count against a result, by name (the share text's English ones unless told): for
 * the ranked result only those taken during the ranked round.
 */
export function usedHintNames(date: string, scope: "ranked" | "all" = "ranked", names: Readonly<Record<HintKind, string>> = HINT_NAMES): string[] {
  const log = hintLog(date);
  const used = scope === "ranked" ? log.ranked : [...new Set([...log.ranked, ...log.free])];
  return used.map((k) => names[k]);
}

function markUsed(date: string, kind: HintKind, during: keyof HintLog): void {
  const log = hintLog(date);
  if (log.ranked.includes(kind) || log[during].includes(kind)) return;
  log[during].push(kind);
  // Without storage the hint still shows; it just isn't remembered.
  writeJson(key(date), log);
}

export class Hints {
  private readonly root: HTMLElement;
  private readonly date: string;
  private readonly dayWords: DayWords;
  /** The everyday words: the obscure ones are bonus words, not what is left to find. */
  private readonly words: readonly EverydayShape[];
  /** The hashes of the words found. */
  private found = new Set<string>();
  private readonly inRankedRound: () => boolean;

  /** `inRankedRound`: whether a hint taken now helps a ranked score. */
  constructor(root: HTMLElement, date: string, dayWords: DayWords, inRankedRound: () => boolean) {
    this.root = root;
    this.date = date;
    this.inRankedRound = inRankedRound;
    this.dayWords = dayWords;
    this.words = dayWords.shapes;
    root.hidden = false;
    for (const kind of ["grid", "starts"] as const) {
      root.querySelector<HTMLButtonElement>(`[data-hint-${kind}]`)?.addEventListener("click", () => {
        markUsed(this.date, kind, this.inRankedRound() ? "ranked" : "free");
        this.render();
      });
    }
    this.render();
  }

  setFound(found: Iterable<string>): void {
    this.found = new Set([...found].map((w) => this.dayWords.hashOf(w)));
    this.render();
  }

  /** The shapes of the everyday words left ("ca???"): all the grid and the list need. */
  private left(): string[] {
    return this.words.filter((w) => !this.found.has(w.hash)).map((w) => w.shape);
  }

  private render(): void {
    const used = new Set(usedHints(this.date));
    const left = this.left();
    const summary = this.root.querySelector("[data-hint-summary]");
    if (summary) summary.textContent = messages().hintsLeft(left.length, this.words.length);
    const gridButton = this.root.querySelector<HTMLButtonElement>("[data-hint-grid]");
    const startsButton = this.root.querySelector<HTMLButtonElement>("[data-hint-starts]");
    if (gridButton) gridButton.hidden = used.has("grid");
    if (startsButton) startsButton.hidden = used.has("starts");
    const grid = this.root.querySelector<HTMLElement>("[data-hint-table]");
    if (grid) {
      grid.hidden = !used.has("grid");
      if (used.has("grid")) grid.replaceChildren(lengthGrid(left));
    }
    const starts = this.root.querySelector<HTMLElement>("[data-hint-list]");
    if (starts) {
      starts.hidden = !used.has("starts");
      if (used.has("starts")) starts.replaceChildren(...startList(left));
    }
  }
}

/** Rows: first letter; columns: word length; cells: words left; with totals (the genre's grid). */
export function lengthGrid(words: readonly string[]): HTMLTableElement {
  const lengths = [...new Set(words.map((w) => Math.min(w.length, 8)))].sort((a, b) => a - b);
  const letters = [...new Set(words.map((w) => w[0]))].sort();
  const count = (letter: string | null, length: number | null) =>
    words.filter((w) => (letter === null || w[0] === letter) && (length === null || Math.min(w.length, 8) === length)).length;
  const table = document.createElement("table");
  table.className = "hint-grid";
  const caption = document.createElement("caption");
  caption.className = "visually-hidden";
  caption.textContent = messages().hintGridCaption;
  const cell = (tag: "th" | "td", text: string, scope?: string) => {
    const el = document.createElement(tag);
    el.textContent = text;
    if (scope) el.setAttribute("scope", scope);
    if (tag === "td" || scope === "col") el.className = "num";
    return el;
  };
  const head = document.createElement("tr");
  head.append(cell("th", ""), ...lengths.map((l) => cell("th", l === 8 ? "8+" : String(l), "col")), cell("th", "Σ", "col"));
  const rows = letters.map((letter) => {
    const tr = document.createElement("tr");
    tr.append(cell("th", letter.toUpperCase(), "row"), ...lengths.map((l) => cell("td", String(count(letter, l) || "-"))), cell("td", String(count(letter, null))));
    return tr;
  });
  const total = document.createElement("tr");
  total.append(cell("th", "Σ", "row"), ...lengths.map((l) => cell("td", String(count(null, l)))), cell("td", String(words.length)));
  const thead = document.createElement("thead");
  thead.append(head);
  const tbody = document.createElement("tbody");
  tbody.append(...rows, total);
  table.append(caption, thead, tbody);
  return table;
}

/** "CA 3", "CO 1", ...: the first two letters of the words left, with counts. */
export function startList(words: readonly string[]): HTMLLIElement[] {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w.slice(0, 2), (counts.get(w.slice(0, 2)) ?? 0) + 1);
  return [...counts.keys()].sort().map((start) => {
    const li = document.createElement("li");
    li.textContent = `${start.toUpperCase()} ${counts.get(start)}`;
    return li;
  });
}
