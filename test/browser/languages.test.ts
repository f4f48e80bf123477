// Today's French board in Chromium: a page in French, a board that says its language, a word
// typed with its accents judged as the lexicon's folded form, a score panel and results card in
// French, and a leaderboard of its own.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, test } from "vitest";
import { type FoundWord, LANGUAGES, Lexicon, addDays, boardFromRows, decodeSpellings, solve } from "#engine";
import { MESSAGES } from "#site/i18n/all.ts";
import { judgeReady, roundOver, useBrowser } from "./fixture.ts";
import { endRoundIn } from "./round-clock.ts";
import { baseUrl, roundSeconds, root } from "./helpers.ts";

const browser = useBrowser();
const french = LANGUAGES.fr;
const t = MESSAGES.fr;
let words: FoundWord[];
let date: string;
/** Folded word -> spelling, from the list the pages load (shared/engine/spellings.ts). */
let spellings: Map<string, string>;

/** The word as a French player may type it, accents on every e and a ("eleve" -> "élévé"). */
const withAccents = (word: string) => word.replace(/e/g, "é").replace(/a/g, "â");

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/api/puzzles/today-fr`);
  expect(res.status).toBe(200);
  const puzzle = (await res.json()) as { id: string; date: string; lang: string; board: string[][] };
  expect(puzzle.lang).toBe("fr");
  date = puzzle.date;
  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon", french.lexiconFile)));
  words = solve(boardFromRows(puzzle.board, french.boardLetters), lexicon, french.rules).words;
  spellings = decodeSpellings(readFileSync(path.join(root, "dist/lexicon/fr.spellings.txt"), "utf8"), french.fold);
});

describe("the French daily board", () => {
  test("plays in French: a word typed with accents counts as its folded form, the score and the results card are French, on the French leaderboard only", { timeout: 90_000 }, async () => {
    const { page, errors } = await browser.open("/fr");
    expect(await page.locator("html").getAttribute("lang")).toBe("fr");
    const tiles = page.locator("[data-board] [data-tiles]");
    await expect.poll(() => tiles.getAttribute("aria-label")).toBe(t.boardNamed("Français"));
    expect(await tiles.getAttribute("lang")).toBe("fr");
    await page.getByRole("button", { name: t.start(t.roundLength(roundSeconds)) }).click();
    await page.locator("[data-board]").getByRole("button", { name: t.tile.place(1, 1) + ", " + t.tile.letter("").trimEnd(), exact: false }).first().waitFor();
    await judgeReady(page);

    // A word with an e or an a, traced letter by letter (no Qu face), typed with accents.
    const word = words.find((w) => /[ea]/.test(w.word) && w.path.length === w.word.length && w.word.length >= 4) ?? words.find((w) => /[ea]/.test(w.word))!;
    const typed = withAccents(word.word);
    expect(typed).not.toBe(word.word);
    await page.locator("[data-word]").fill(typed);
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => page.locator("[data-feedback]").textContent()).toBe(`${word.word.toUpperCase()} +${word.points}`);
    await expect.poll(() => page.locator("[data-score]").textContent()).toBe(String(word.points));
    // The server agreed: the word's receipt is kept with the game, to be sent when the round ends
    // or the page is left.
    const receipts = () => page.evaluate((key) => (JSON.parse(localStorage.getItem(`tw:game:${key}`) ?? "null") as { receipts?: unknown[] } | null)?.receipts?.length ?? 0, `${date}-fr`);
    await expect.poll(receipts).toBe(1);
    // A French verdict for a non-word.
    await page.locator("[data-word]").fill("zzz");
    await page.locator("[data-word]").press("Enter");
    await expect.poll(() => page.locator("[data-feedback]").textContent()).toMatch(/^(Pas un mot|Pas sur la grille|Trop court)/);

    // The score panel speaks French: the rank, the way to the next one, the ladder.
    expect(Object.values(t.rankNames)).toContain(await page.locator("[data-rank]").textContent());
    expect(await page.locator("[data-rank-next]").textContent()).toMatch(/^(?:Rang maximal\u202f!|Encore \d+ points? de mots courants pour le rang suivant)$/);
    expect(await page.locator("[data-ladder] li > span:first-child").allTextContents()).toEqual(Object.values(t.rankNames));
    expect(await page.locator("[data-found-list] li").first().getAttribute("title")).toMatch(/^\d+ points?(?: \(mot bonus\))?(?: · .+)?$/);

    // A hint, in French: the words left, counted.
    await page.getByRole("button", { name: t.hintGrid }).click();
    await expect.poll(() => page.locator("[data-hint-summary]").textContent()).toMatch(/^\d+ mots courants restants sur \d+$/);
    expect(await page.locator("[data-hint-table] caption").textContent()).toBe(t.hintGridCaption);

    // The round ends (moved to end in a few seconds rather than waited out): the card is French.
    await roundOver(page, { endsAt: await endRoundIn(page, 4000) });
    const card = page.locator("dialog[data-results]");
    await card.waitFor();
    expect(await card.locator("[data-results-title]").textContent()).toMatch(/^Tumbleword n° \d+\u00a0: votre résultat$/);
    expect(await card.locator("[data-results-score]").textContent()).toBe(String(word.points));
    expect(await card.locator("[data-results-words]").textContent()).toBe(t.words(1));
    expect(Object.values(t.rankNames)).toContain(await card.locator("[data-results-rank]").textContent());
    expect(await card.locator("dt").allTextContents()).toEqual([t.results.standing, t.results.longest, t.results.missed, t.results.hints, t.results.playingAs]);
    // As spelled (the display spellings: "CLÉ (3)"), its length in the board's letters.
    await expect.poll(() => card.locator("[data-results-longest]").textContent()).toBe(`${(spellings.get(word.word) ?? word.word).toUpperCase()} (${word.word.length})`);
    expect(await card.locator("[data-results-hints]").textContent()).toBe(t.hintNames.grid);
    expect(await card.locator("[data-results-lengths]").textContent()).toBe(`Par longueur\u00a0: ${word.word.length} lettres ×1`);
    expect(await card.locator("[data-results-countdown]").textContent()).toMatch(/^Prochaine grille dans /);
    await expect.poll(() => card.locator("[data-results-standing]").textContent()).toMatch(/^(?:premier joueur du jour|n° \d+ sur \d+ joueurs|n° \d+ sur \d+ · top \d+ %)(?: · provisoire jusqu'à quelques jours de jeu)?$/);
    await expect.poll(() => card.locator("[data-results-missed]").textContent(), { timeout: 20_000 }).toMatch(/^\p{Lu}+ \(\d+ points?\)$/u);
    expect(await card.getByRole("button", { name: t.results.share, exact: true }).isVisible()).toBe(true);

    // The solution, in French: its summary, each word's line, and no English definition of a French spelling.
    await card.getByRole("button", { name: t.results.seeSolution }).click();
    const solution = page.locator("[data-solution]");
    await expect.poll(() => solution.locator("[data-solution-summary]").textContent()).toBe(t.solution.summary(words.length, words.reduce((sum, w) => sum + w.points, 0), 1));
    // Each word as spelled; found by its folded form.
    const button = solution.locator(`.sol-word[data-folded="${word.word}"]`);
    await expect.poll(() => button.textContent()).toBe(spellings.get(word.word) ?? word.word);
    const line = button.locator("xpath=..");
    expect(await line.locator(".meta").textContent()).toMatch(/^\d+ pts? · (?:courant · )?trouvé par \d+ % · vous aussi$/);
    await button.click();
    await expect.poll(() => page.locator("[data-word-detail] .definition").textContent()).toBe(t.solution.englishOnly("French"));

    // The round's receipts are sent: the French leaderboard counts the word.
    const round = await page.evaluate((key) => JSON.parse(localStorage.getItem(`tw:game:${key}`) ?? "null") as { roundId: string } | null, `${date}-fr`);
    expect(round?.roundId).toBeTruthy();
    await page.goto(`/leaderboard?lang=fr&date=${date}`);
    await expect.poll(() => page.locator("h1").textContent()).toContain("Français");
    const entry = async (board: string) => {
      const res = await fetch(`${baseUrl}/api/puzzles/${board}/leaderboard?limit=100`);
      const body = (await res.json()) as { entries: { roundId: string; score: number }[] };
      return body.entries.find((e) => e.roundId === round!.roundId) ?? null;
    };
    await expect.poll(() => entry(`${date}-fr`), { timeout: 30_000, interval: 500 }).toMatchObject({ score: word.points });
    expect(await entry(date)).toBeNull();
    expect(errors).toEqual([]);
  });

  test("the French home: the walkthrough with a French word, the streak, the passkey sign-in and the embed snippet, all in French", async () => {
    const { page, context, errors } = await browser.open("/fr", { firstVisit: true });
    const walkthrough = page.getByRole("dialog", { name: t.home.onboarding.title });
    await walkthrough.waitFor();
    expect(await walkthrough.locator(".demo-word").textContent()).toBe(t.home.onboarding.demo.word);
    expect(await walkthrough.locator(".demo-tile.t1").textContent()).toBe(t.home.onboarding.demo.word[0]);
    // The rules say the server's real round length once the puzzle is in.
    await expect.poll(() => walkthrough.locator(".rules li").nth(2).textContent()).toBe(`Les mots longs rapportent plus. Une manche classée de ${t.roundLength(roundSeconds)} par jour, puis jouez librement.`);
    expect(await walkthrough.getByRole("link", { name: t.home.onboarding.practice }).getAttribute("href")).toBe("/practice?lang=fr");
    await walkthrough.getByRole("button", { name: t.home.onboarding.close }).click();
    await walkthrough.waitFor({ state: "hidden" });

    expect(await page.getByRole("link", { name: t.home.passkey.link }).getAttribute("href")).toBe("/stats#account");
    // The menu keeps the French boards: practice and rooms start on the French dice.
    const nav = page.getByRole("navigation").first();
    expect(await nav.getByRole("link", { name: t.nav.practice }).getAttribute("href")).toBe("/practice?lang=fr");
    expect(await nav.getByRole("link", { name: t.nav.together }).getAttribute("href")).toBe("/room?lang=fr");
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseUrl });
    await page.getByRole("button", { name: t.home.embed.open }).click();
    const embed = page.getByRole("dialog", { name: t.home.embed.open });
    expect(await embed.locator("[data-embed-code]").inputValue()).toBe(`<script src="${baseUrl}/widget.js" data-date="today" data-lang="fr" async></script>`);
    await embed.getByRole("button", { name: t.home.embed.copy }).click();
    await expect.poll(() => embed.locator("[data-embed-feedback]").textContent()).toBe(t.home.embed.copied);
    await embed.getByRole("button", { name: t.home.embed.close }).click();

    // A French ranked day (yesterday's, as this browser saved it) is a day of the streak, on the
    // French home and on the English one.
    const yesterday = `${addDays(date, -1)}-fr`;
    const saved = { date: yesterday, roundId: "r", ticket: null, ranked: true, endsAt: 1, found: [{ word: "mot", points: 1, path: null, ranked: true, confirmed: true }], pending: [], receipts: [], serverScore: 1 };
    await page.evaluate(([key, game]) => localStorage.setItem(`tw:game:${key}`, game), [yesterday, JSON.stringify(saved)]);
    await page.reload();
    await expect.poll(() => page.locator("[data-home-streak]").textContent()).toBe(`${t.home.streak(1)}${t.home.yourStats}`);
    await page.goto("/");
    await expect.poll(() => page.locator("[data-home-streak]").textContent()).toBe(`${MESSAGES.en.home.streak(1)}${MESSAGES.en.home.yourStats}`);
    await page.goto("/room?lang=fr");
    await expect.poll(() => page.locator("#room-lang").inputValue()).toBe("fr");
    expect(errors).toEqual([]);
  });

  test("a league of the French board, started from /league?lang=fr", async () => {
    const { page, errors } = await browser.open("/league?lang=fr");
    expect(await page.getByLabel("Daily board").inputValue()).toBe("fr");
    await page.getByLabel("League name").fill("Club de lecture");
    await page.getByRole("button", { name: "Start a league" }).click();
    await page.waitForURL(/\/league\/[2-9A-HJ-NP-Z]{16}$/);
    await expect.poll(() => page.locator("[data-league-status]").textContent()).toBe("1 member · the French board · you own this league");
    const code = page.url().split("/").pop()!;
    const res = await fetch(`${baseUrl}/api/leagues/${code}`);
    expect(((await res.json()) as { lang: string }).lang).toBe("fr");
    await page.goto("/league");
    await expect.poll(() => page.locator("[data-league-mine] li").allTextContents()).toEqual(["Club de lecture · 1 member · Français · yours"]);
    expect(errors).toEqual([]);
  });

  test("the English page stays English, and each page links every language's board", async () => {
    const { page } = await browser.open("/");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const picker = page.locator(".language-picker a");
    expect(await picker.evaluateAll((links) => links.map((a) => `${a.getAttribute("href")} ${a.getAttribute("lang")} ${a.textContent?.trim()}`))).toEqual([
      "/ en English",
      "/fr fr Français",
      "/es es Español",
      "/de de Deutsch",
    ]);
    await expect.poll(() => page.locator("[data-board] [data-tiles]").getAttribute("lang")).toBe("en");
  });

  test("embeds the French board with ?lang=fr (the widget's data-lang)", async () => {
    const { page } = await browser.open("/embed?lang=fr");
    await expect.poll(() => page.locator("[data-game-root]").getAttribute("data-lang")).toBe("fr");
    expect(await page.locator("[data-full-game]").getAttribute("href")).toBe("/fr");
  });
});
