// The tests' sweep days (test/days.ts) are what they say they are on the tests' daily secret: the
// short and long solutions really are the year's extremes (checked against a sample of the year),
// the Sunday is a Sunday, the leap day and the year's first day are those days.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { addDays, dayStart } from "../../shared/engine/calendar.ts";
import { dailyPuzzle, languageBlocklist } from "../../shared/engine/daily.ts";
import { ENGLISH } from "../../shared/engine/languages.ts";
import { PINNED_DAY, SWEEP_DAYS, TEST_DAILY_SECRET } from "../days.ts";
import { englishLexicon } from "./lexicon-fixture.ts";

const lexicon = englishLexicon();
const blocklist = languageBlocklist(readFileSync(new URL(`../../${ENGLISH.blocklistFile}`, import.meta.url), "utf8"), ENGLISH);
const wordsOn = async (date: string) => (await dailyPuzzle(TEST_DAILY_SECRET, date, lexicon, blocklist)).solution.totals.words;
const dayOf = (description: string) => Object.entries(SWEEP_DAYS).find(([, what]) => what === description)![0];

describe("the sweep days", () => {
  it("include a short and a long solution: the extremes of every tenth day of 2027", { timeout: 60_000 }, async () => {
    const [short, long] = [await wordsOn(dayOf("a short solution")), await wordsOn(dayOf("a long solution"))];
    const sample: number[] = [];
    for (let day = "2027-01-05"; day < "2028-01-01"; day = addDays(day, 10)) sample.push(await wordsOn(day));
    expect(short).toBeLessThan(Math.min(...sample));
    expect(long).toBeGreaterThan(Math.max(...sample));
    expect(short).toBeLessThan(100);
    expect(long).toBeGreaterThan(400);
  });

  it("include a Sunday (the last day of a league week), a leap day and a year's first day", () => {
    expect(new Date(dayStart(dayOf("a Sunday that ends a league week"))).getUTCDay()).toBe(0);
    expect(dayOf("a leap day")).toMatch(/^\d{4}-02-29$/);
    expect(dayOf("a year's first day")).toMatch(/^\d{4}-01-01$/);
    expect(Object.keys(SWEEP_DAYS)).toContain(PINNED_DAY);
  });
});
