// The curated daily board (shared/engine/daily.ts) with the Worker's own lexicon and blocklist.
import { describe, expect, it } from "vitest";
import { DAILY_DICE, DAILY_RULES, Lexicon, MAX_ATTEMPTS, QUALITY, addDays, buildLexicon, createRng, dailyPuzzle, daySeed, formatBoard, isIsoDate, parseBlocklist, puzzleNumber, shake, solve, traceWord } from "#engine";
import { BLOCKLIST, defaultLexicon } from "#worker/puzzles/engine.ts";

const SECRET = "a-test-secret-for-daily-boards";

describe("day seeds", () => {
  it("are HMAC-SHA256(secret, tumbleword/DATE), one per attempt", async () => {
    const seed = await daySeed(SECRET, "2026-11-01");
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const expected = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode("tumbleword/2026-11-01")));
    expect(seed).toEqual(expected);
    expect(seed.length).toBe(32);
    expect(await daySeed(SECRET, "2026-11-01", 1)).not.toEqual(seed);
    expect(await daySeed(SECRET, "2026-11-02")).not.toEqual(seed);
  });

  it("reject an empty secret and a malformed date", async () => {
    await expect(daySeed("", "2026-11-01")).rejects.toThrow(/secret/);
    await expect(daySeed(SECRET, "2026-02-30")).rejects.toThrow(/date/);
  });
});

describe("dailyPuzzle", () => {
  const lexicon = defaultLexicon();

  it("is deterministic for a secret and a day", async () => {
    const a = await dailyPuzzle(SECRET, "2026-11-05", lexicon, BLOCKLIST);
    const b = await dailyPuzzle(SECRET, "2026-11-05", lexicon, BLOCKLIST);
    expect(formatBoard(a.board)).toBe(formatBoard(b.board));
    expect(a.attempts).toBe(b.attempts);
    expect(a.solution.totals).toEqual(b.solution.totals);
  });

  it("gives different boards for two secrets", async () => {
    const a = await dailyPuzzle(SECRET, "2026-11-05", lexicon, BLOCKLIST);
    const b = await dailyPuzzle(`${SECRET}-other`, "2026-11-05", lexicon, BLOCKLIST);
    expect(formatBoard(a.board)).not.toBe(formatBoard(b.board));
  });

  it("meets the quality bar on every day of a month, solution included", async () => {
    for (let i = 0; i < 31; i++) {
      const date = addDays("2026-12-01", i);
      const { board, solution, attempts } = await dailyPuzzle(SECRET, date, lexicon, BLOCKLIST);
      expect(board.rows * board.cols).toBe(16);
      expect(solution.totals.commonWords, date).toBeGreaterThanOrEqual(QUALITY.minCommonWords);
      expect(solution.words.some((w) => w.common && w.word.length >= QUALITY.minLongCommonLength), date).toBe(true);
      expect(BLOCKLIST.filter((w) => traceWord(board, w) !== null), date).toEqual([]);
      expect(solution).toEqual(solve(board, lexicon, DAILY_RULES));
      expect(attempts).toBeGreaterThanOrEqual(1);
    }
  });

  it("reshakes when a blocklisted word can be traced", async () => {
    const first = await dailyPuzzle(SECRET, "2026-11-09", lexicon, []);
    // Block a word of the first board: the day must move on to another shake without it.
    const blocked = first.solution.words.find((w) => w.word.length >= 4)?.word;
    expect(blocked).toBeDefined();
    const curated = await dailyPuzzle(SECRET, "2026-11-09", lexicon, [blocked as string]);
    expect(curated.attempts).toBeGreaterThan(first.attempts);
    expect(traceWord(curated.board, blocked as string)).toBeNull();
  });
});

describe("a day no shake can satisfy", () => {
  it("still gets a puzzle: the blocklist-clean shake with the most common points", async () => {
    // With a three-word lexicon no board reaches 40 common words.
    const tiny = Lexicon.fromBytes(buildLexicon(["tea", "eat", "ate"], () => true));
    const a = await dailyPuzzle(SECRET, "2026-11-10", tiny, ["zzz"]);
    const b = await dailyPuzzle(SECRET, "2026-11-10", tiny, ["zzz"]);
    expect(a.attempts).toBe(MAX_ATTEMPTS);
    expect(formatBoard(a.board)).toBe(formatBoard(b.board));
    expect(a.solution.totals.commonWords).toBeLessThan(QUALITY.minCommonWords);
    // No other of the first shakes has more common points.
    for (let attempt = 0; attempt < 40; attempt++) {
      const board = shake(DAILY_DICE, createRng(await daySeed(SECRET, "2026-11-10", attempt)));
      expect(solve(board, tiny, DAILY_RULES).totals.commonPoints).toBeLessThanOrEqual(a.solution.totals.commonPoints);
    }
  });
});

describe("dates", () => {
  it("numbers puzzles from the launch day (puzzle 1)", () => {
    expect(puzzleNumber("2026-11-01", "2026-11-01")).toBe(1);
    expect(puzzleNumber("2026-11-21", "2026-11-01")).toBe(21);
    expect(puzzleNumber("2027-11-01", "2026-11-01")).toBe(366);
    expect(puzzleNumber("2026-10-31", "2026-11-01")).toBe(0);
  });

  it("accepts only real calendar days", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate("today")).toBe(false);
  });

  it("reads the blocklist file format", () => {
    expect(parseBlocklist("# header\nfoo   # why\n\nBar#x\nnot a word # skipped\n")).toEqual(["foo", "bar"]);
    expect(BLOCKLIST.length).toBeGreaterThan(0);
  });
});
