// A daily board per language: French, Spanish and German boards beside English, each with its own
// rounds, words judged in the language's spelling, and its own leaderboard and archive.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DayWords, LANGUAGES, addDays, dailyPuzzle, decodeSpellings } from "#engine";
import frenchSpellings from "../../dist/lexicon/fr.spellings.txt";
import spanishSpellings from "../../dist/lexicon/es.spellings.txt";
import germanSpellings from "../../dist/lexicon/de.spellings.txt";

/** The spellings files as built, read apart from the Worker's own copy. */
const SPELLINGS_FILES = { fr: frenchSpellings, es: spanishSpellings, de: germanSpellings };
import { blocklistOf, lexiconOf } from "#worker/puzzles/engine.ts";
import { call, callJson, expectError, newPlayer, play, puzzleOf, solutionWords, startRound, submit, sync, today, waitForStored, yesterday } from "./helpers.ts";

/** The word with accents put back on its vowels, as a French player may type it ("eleve" -> "élévé"). */
function withAccents(word: string): string {
  return word.replace(/e/g, "é").replace(/a/g, "à").replace(/c/g, "ç");
}

describe("a daily board per language", () => {
  it("serves each language's own board of the day, the CLI's board for the same secret", async () => {
    const boards = await Promise.all(["today", "today-fr", "today-es", "today-de"].map((d) => callJson(`/api/puzzles/${d}`)));
    expect(boards.map((b) => b.lang)).toEqual(["en", "fr", "es", "de"]);
    expect(boards.map((b) => b.id)).toEqual([today(), `${today()}-fr`, `${today()}-es`, `${today()}-de`]);
    for (const b of boards) expect(b.date).toBe(today());
    // Four different boards, each the one the engine makes for that language.
    expect(new Set(boards.map((b) => JSON.stringify(b.board))).size).toBe(4);
    for (const b of boards.slice(1)) {
      const language = LANGUAGES[b.lang as "fr" | "es" | "de"];
      const daily = await dailyPuzzle(env.DAILY_SECRET!, today(), lexiconOf(language.code), blocklistOf(language.code), language);
      expect(b.totals.words).toBe(daily.compact.totals.words);
      expect(b.board.flat().join("")).toBe(daily.board.faces.join(""));
    }
  });

  it("sends each board's words as salted hashes that judge as the solution does, with each word's accents, never the word", async () => {
    for (const key of [today(), `${today()}-fr`, `${today()}-es`, `${today()}-de`]) {
      const answer = await callJson(`/api/puzzles/${key}`);
      const puzzle = await puzzleOf(key);
      const language = LANGUAGES[puzzle.lang];
      const dayWords = new DayWords(answer.dayWords, language.fold);
      expect(answer.dayWords.salt).toBe(key);
      expect(dayWords.size).toBe(puzzle.words.length);
      for (const w of puzzle.words) expect([dayWords.has(w.word), dayWords.isCommon(w.word)], w.word).toEqual([true, w.common]);
      const text = JSON.stringify(answer.dayWords);
      expect(puzzle.words.filter((w) => w.word.length >= 6 && text.includes(w.word))).toEqual([]);
      if (key === today()) continue;
      // Shown as spelled: the accents travel as letters and where they go ("2é"), the same as the spellings file.
      const spellings = decodeSpellings(SPELLINGS_FILES[puzzle.lang as "fr" | "es" | "de"], language.fold);
      const accented = puzzle.words.filter((w) => spellings.has(w.word) && spellings.get(w.word) !== w.word);
      expect(accented.length, key).toBeGreaterThan(0);
      for (const w of puzzle.words) expect(dayWords.spelling(w.word)).toBe(spellings.get(w.word) ?? w.word);
    }
  });

  it("judges a French word typed with accents as its folded form, and a word of another language as no word", async () => {
    const player = await newPlayer("Élodie");
    const round = await startRound(player, "today-fr");
    expect(round.ranked).toBe(true);
    expect(round.date).toBe(`${today()}-fr`);
    const puzzle = await puzzleOf(`${today()}-fr`);
    const word = puzzle.words.find((w) => /[eac]/.test(w.word))!.word;
    const typed = withAccents(word);
    expect(typed).not.toBe(word);
    const answer = await submit(round, typed.toUpperCase());
    expect(answer).toMatchObject({ accepted: true, word, points: puzzle.byWord.get(word)!.points });
    // An English word of the English board is no French word on the French board.
    const english = solutionWords(await puzzleOf(today()), 1)[0].word;
    if (!puzzle.byWord.has(english)) expect((await submit(round, english)).accepted).toBe(false);
    await sync(round, [answer.receipt]);
    const stored = await waitForStored(round.roundId, 1);
    expect(stored.score).toBe(puzzle.byWord.get(word)!.points);
  });

  it("keeps Spanish ñ as a letter of its own through receipts and syncs", async () => {
    const puzzle = await puzzleOf(`${today()}-es`);
    // Today's Spanish board may have no ñ word: then the board of a day that has one.
    const withEnye = puzzle.words.find((w) => w.word.includes("ñ"));
    let date = "today-es";
    let word = withEnye?.word;
    for (let back = 1; word === undefined && back < 30; back++) {
      date = `${addDays(today(), -back)}-es`;
      word = (await puzzleOf(date)).words.find((w) => w.word.includes("ñ"))?.word;
    }
    expect(word).toBeDefined();
    const round = await startRound(await newPlayer(), date);
    const answer = await submit(round, word!.toUpperCase());
    expect(answer).toMatchObject({ accepted: true, word });
    expect(answer.receipt.startsWith(`${word}.`)).toBe(true);
    expect(await sync(round, [answer.receipt])).toEqual({ queued: 1, refused: [] });
    expect((await waitForStored(round.roundId, 1)).words).toBe(1);
  });

  it("keeps each language's leaderboard and its player's one ranked round apart", async () => {
    const player = await newPlayer("Polyglot");
    const german = solutionWords(await puzzleOf(`${today()}-de`), 2).map((w) => w.word);
    const deRound = await play(player, german, "today-de");
    const enRound = await play(player, solutionWords(await puzzleOf(today()), 1).map((w) => w.word), "today");
    expect(deRound.roundId).not.toBe(enRound.roundId);
    expect(deRound.ranked && enRound.ranked).toBe(true);
    // Asking again resumes the same German round.
    expect((await startRound(player, "today-de")).roundId).toBe(deRound.roundId);

    const germanBoard = await callJson(`/api/puzzles/${today()}-de/leaderboard?limit=50`);
    const englishBoard = await callJson(`/api/puzzles/${today()}/leaderboard?limit=50`);
    const mine = (board: { entries: { roundId: string; score: number }[] }) => board.entries.filter((e) => [deRound.roundId, enRound.roundId].includes(e.roundId));
    expect(mine(germanBoard)).toEqual([expect.objectContaining({ roundId: deRound.roundId, words: 2 })]);
    expect(mine(englishBoard)).toEqual([expect.objectContaining({ roundId: enRound.roundId, words: 1 })]);
    // The player's standing is per board too.
    const standing = await callJson(`/api/puzzles/${today()}-de/leaderboard/me`, { token: player.token });
    expect(standing.you.roundId).toBe(deRound.roundId);
  });

  it("lists a language's archive and counts every language's day in the player's streak once", async () => {
    const player = await newPlayer();
    await play(player, [], `${yesterday()}-fr`);
    await play(player, [], "today-fr");
    await play(player, [], "today");
    const archive = await callJson("/api/puzzles?lang=fr&limit=2");
    expect(archive.puzzles.map((p: { id: string }) => p.id)).toEqual([`${today()}-fr`, `${yesterday()}-fr`]);
    const stats = await callJson("/api/players/me/stats", { token: player.token });
    expect(stats.played).toBe(2);
    expect(stats.streak).toBe(1);
    expect(stats.history.filter((h: { ranked: boolean }) => h.ranked).map((h: { date: string; lang: string }) => `${h.date}/${h.lang}`).sort()).toEqual([`${today()}/en`, `${today()}/fr`]);
  });

  it("refuses unknown languages and English written out with a reason", async () => {
    for (const bad of ["today-xx", `${today()}-en`, `${today()}-FR`, "tomorrow-fr"]) await expectError(await call(`/api/puzzles/${bad}`), 400, "invalid-request");
    await expectError(await call("/api/puzzles?lang=klingon"), 400, "invalid-request");
    const res = await call("/api/puzzles/today-xx");
    expect((await res.json<{ error: { message: string } }>()).error.message).toMatch(/-fr/);
  });
});
