// Shared by the browser tests (through fixture.ts): launching Chromium, opening pages, and learning today's board and its words from
// the engine (with the same lexicon file the site serves), so tests never hard-code a word.
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, type Locator, type Page, chromium } from "playwright-core";
import { inject } from "vitest";
import { type Board, type FoundWord, Lexicon, type Path, RULES, boardFromRows, dayStart, solve, traceWord } from "#engine";
import { roundLengthAdjective } from "#game/round.ts";

export const root = path.resolve(import.meta.dirname, "../..");
export const baseUrl = inject("baseUrl");
export const thirdPartyUrl = inject("thirdPartyUrl");
/** The ranked round's length in this run (global-setup.ts). */
export const roundSeconds = inject("roundSeconds");
/** The day the server serves as today (its TODAY, test/days.ts): never this machine's date. */
export const today = inject("today");
/** How far the server's clock is ahead of this machine's: its day began at todayBeganAt (test/days.ts). */
export const serverClockShiftMs = dayStart(today) - inject("todayBeganAt");
/** The server's clock now (ms since the epoch). */
export const serverNow = (): number => Date.now() + serverClockShiftMs;

export function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: inject("chromium"),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", ...extraArgs],
  });
}

export interface PageOptions {
  width?: number;
  height?: number;
  colorScheme?: "light" | "dark";
  touch?: boolean;
  /** A first visit: the walkthrough opens. Otherwise the page is told it was seen already. */
  firstVisit?: boolean;
  /** "block": no service worker, so routes see every request of the page. */
  serviceWorkers?: "allow" | "block";
  /** How far this device's clock is off (ms, ahead when positive): a misset clock that runs on. */
  clockOffsetMs?: number;
  /** The browser's language (navigator.languages): "fr-FR" for a browser set to French. */
  locale?: string;
}

/** A fresh context (fresh storage, so a fresh player) and page, failing on page errors. */
export async function openPage(browser: Browser, url: string, options: PageOptions = {}): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: options.width ?? 1200, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? "light",
    hasTouch: options.touch ?? false,
    isMobile: options.touch ?? false,
    deviceScaleFactor: 1,
    serviceWorkers: options.serviceWorkers ?? "allow",
    ...(options.locale ? { locale: options.locale } : {}),
  });
  // Fail fast with the step that waited, instead of hitting the test's own timeout.
  context.setDefaultTimeout(30_000);
  if (!options.firstVisit) {
    await context.addInitScript(() => {
      try {
        localStorage.setItem("tw:onboarded", "seen in an earlier visit");
      } catch {
        // A frame without storage: nothing to remember.
      }
    });
  }
  if (options.clockOffsetMs) await context.clock.install({ time: Date.now() + options.clockOffsetMs });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  return { context, page, errors };
}

export interface TodayPuzzle {
  date: string;
  board: Board;
  words: FoundWord[];
  lexicon: Lexicon;
}

let lexicon: Lexicon | null = null;

/** Today's puzzle from the API, solved by the engine with the default lexicon. */
export async function todayPuzzle(): Promise<TodayPuzzle> {
  const res = await fetch(`${baseUrl}/api/puzzles/today`);
  if (!res.ok) throw new Error(`GET /api/puzzles/today answered ${res.status}`);
  const puzzle = (await res.json()) as { date: string; board: string[][]; rules: string };
  lexicon ??= Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon/english.bin")));
  const board = boardFromRows(puzzle.board);
  const words = solve(board, lexicon, RULES.classic).words;
  return { date: puzzle.date, board, words, lexicon };
}

/** A string that can be traced on the board but is not a word: for "not-a-word" verdicts. */
export function traceableNonWord(puzzle: TodayPuzzle): string {
  const { board } = puzzle;
  for (let a = 0; a < board.faces.length; a++) {
    for (let b = 0; b < board.faces.length; b++) {
      for (let c = 0; c < board.faces.length; c++) {
        const text = board.faces[a] + board.faces[b] + board.faces[c];
        if (text.length >= 3 && /^[a-z]+$/.test(text) && !puzzle.lexicon.has(text) && traceWord(board, text)) return text;
      }
    }
  }
  throw new Error("no traceable non-word on this board");
}

/** A real word that can't be traced on the board: for "not-on-board" verdicts. */
export function offBoardWord(puzzle: TodayPuzzle): string {
  const candidates = ["jazz", "fizz", "buzz", "quiz", "rhythm", "zebra", "fjord", "syzygy", "jukebox", "kayak"];
  const word = candidates.find((w) => puzzle.lexicon.has(w) && traceWord(puzzle.board, w) === null);
  if (!word) throw new Error("every candidate word is on this board");
  return word;
}

/** Words of the board that can be typed letter by letter (no Qu, so typing is unambiguous). */
export function plainWords(puzzle: TodayPuzzle, minLength = 3): FoundWord[] {
  return puzzle.words.filter((w) => w.word.length >= minLength && w.path.length === w.word.length);
}

/** Presses the mouse on the first tile of a path and drags through the rest, then releases. */
export async function dragPath(page: Page, path: Path, board: Locator = page.locator("[data-board]")): Promise<void> {
  const tiles = board.locator(".tile");
  const cols = Math.round(Math.sqrt(await tiles.count()));
  const centre = async ([r, c]: [number, number]) => {
    const box = (await tiles.nth(r * cols + c).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const first = await centre(path[0]);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const cell of path.slice(1)) {
    const point = await centre(cell);
    await page.mouse.move(point.x, point.y, { steps: 8 });
  }
  await page.mouse.up();
}

/** The Start button's name: it says the server's real round length. */
export const startButtonName = `Start the ${roundLengthAdjective(roundSeconds)} round`;

/** Starts today's ranked round from the page (the board is hidden until then). */
export async function startRound(page: Pick<Page, "getByRole" | "locator">): Promise<void> {
  await page.getByRole("button", { name: startButtonName }).click();
  await page.locator("[data-board]").getByRole("button", { name: /^row 1, column 1, letters? / }).waitFor();
}
