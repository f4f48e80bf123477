// Streak freezes and achievements (shared/game/streak-freeze.ts, worker/players/achievements.ts): worked
// out from what the player summary keeps, so they come through retention (days folded into the
// summary, their rounds gone from D1) and the passkey merge (two summaries joined).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import type { DayResult } from "#worker/players/day-result.ts";
import { dayNumber, emptySummary, foldDay, mergeSummaries, statsOf } from "#worker/players/player-summary.ts";
import { walkStreak } from "#game/streak-freeze.ts";
import { type Json, callJson, newPlayer, today, storeSummary } from "./helpers.ts";
import { softAuthenticator } from "./soft-authenticator.ts";

const TODAY = "2026-11-25";
const back = (n: number, from = TODAY) => addDays(from, -n);

/** A ranked round of a board as retention folds it. */
function round(date: string, extra: Partial<DayResult> = {}): DayResult {
  return { roundId: `r-${date}`, date, ranked: true, score: 5, words: 1, verified: true, flags: "", found: [{ word: "cat", points: 1, common: true }], ...extra };
}
const foldAll = (rounds: readonly DayResult[], start = emptySummary()) => rounds.reduce(foldDay, start);
/** Ranked rounds on each of these days back from `from`. */
const daysBack = (backs: readonly number[], from = TODAY) => backs.map((n) => round(back(n, from)));

describe("streak freezes", () => {
  const walk = (backs: readonly number[]) => walkStreak(backs.map((n) => dayNumber(back(n))), dayNumber(TODAY));

  it("are earned every 7 straight days, at most 2 banked", () => {
    expect(walk([6, 5, 4, 3, 2, 1])).toMatchObject({ streak: 6, freezes: 0 });
    expect(walk([7, 6, 5, 4, 3, 2, 1])).toMatchObject({ streak: 7, freezes: 1 });
    expect(walk(Array.from({ length: 21 }, (_, i) => i + 1))).toMatchObject({ streak: 21, freezes: 2 });
  });

  it("are spent on a missed day, which keeps the streak; without one the streak ends; today is never missed", () => {
    // 7 days, a missed day, then yesterday: the freeze covered the gap.
    const kept = walk([9, 8, 7, 6, 5, 4, 3, 1]);
    expect(kept).toMatchObject({ streak: 8, bestStreak: 8, freezes: 0 });
    expect(kept.frozen).toEqual([dayNumber(back(2))]);
    // Two missed days with one freeze: the second ends the streak.
    expect(walk([10, 9, 8, 7, 6, 5, 4, 1])).toMatchObject({ streak: 1, bestStreak: 7, freezes: 0 });
    // Played up to yesterday, today not yet: nothing spent.
    expect(walk([7, 6, 5, 4, 3, 2, 1])).toMatchObject({ streak: 7, freezes: 1, frozen: [] });
    // A gap before any streak costs nothing.
    expect(walk([])).toMatchObject({ streak: 0, freezes: 0, frozen: [] });
  });

  it("show in the stats from a summary alone, and survive the passkey merge of two summaries", () => {
    // Seven straight days (a freeze), a missed day it covered, then four more up to yesterday.
    const alone = foldAll(daysBack([12, 11, 10, 9, 8, 7, 6, 4, 3, 2, 1]));
    const stats = statsOf(alone, [], TODAY);
    expect(stats).toMatchObject({ streak: 11, freezes: 0, frozenDates: [back(5)] });
    // Another device's history fills the day the freeze covered: merged, no freeze is spent then.
    const other = foldAll([round(`${back(5)}-fr`)]);
    const merged = mergeSummaries(alone, other, [])!;
    expect(statsOf(merged.summary, [], TODAY)).toMatchObject({ streak: 12, freezes: 1, frozenDates: [] });
  });
});

describe("achievements", () => {
  const board = { commonWords: 2, commonPoints: 10 };

  it("a round's own are kept in the summary with the day it was earned, the first day when earned again", () => {
    const genius = round(back(3), { board, found: [{ word: "absolutely", points: 11, common: false }, { word: "cats", points: 8, common: true }] });
    const everything = round(back(2), { board, found: [{ word: "cats", points: 8, common: true }, { word: "dog", points: 2, common: true }] });
    const summary = foldAll([round(back(5)), genius, everything]);
    expect(summary.earned).toEqual({
      "first-round": back(5),
      "long-word": back(3),
      "rank-great": back(3),
      "rank-genius": back(3),
      "all-everyday": back(2),
    });
    // An unranked round earns nothing.
    expect(foldAll([round(back(1), { ranked: false, board, found: everything.found })]).earned).toBeUndefined();
  });

  it("streaks, 100 days and every language are worked out from the days kept", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => round(back(100 - i)));
    const languages = ["fr", "es", "de"].map((lang, i) => round(`${back(10 + i)}-${lang}`));
    const stats = statsOf(foldAll([...hundred, ...languages]), [], TODAY);
    expect(stats.achievements).toMatchObject({
      "streak-7": back(94),
      "streak-30": back(71),
      "streak-100": back(1),
      "days-100": back(1),
      "every-language": back(10),
    });
  });

  it("a room won counts from the room results kept", () => {
    const won = Date.parse(`${back(3)}T12:00:00Z`);
    expect(statsOf(emptySummary(), [], TODAY, [won]).achievements).toEqual({ "room-win": back(3) });
  });

  it("merge at their earliest day", () => {
    const a = foldAll([round(back(5), { found: [{ word: "splendidly", points: 11 }] })]);
    const b = foldAll([round(back(8), { found: [{ word: "wonderful", points: 11 }] }), round(`${back(7)}-de`)]);
    const merged = mergeSummaries(a, b, [])!.summary;
    expect(merged.earned).toEqual({ "first-round": back(8), "long-word": back(8) });
    expect(merged.languages).toEqual({ en: back(8), de: back(7) });
  });
});

describe("through the API", () => {
  it("stats of a history gone from D1 show its freezes, frozen days and achievements; a passkey sign-in brings them along", async () => {
    // The browser's anonymous player: seven straight days (a freeze, streak-7, a long word), a
    // missed day the freeze covered, then yesterday. All archived (only the summary is left).
    const backs = [9, 8, 7, 6, 5, 4, 3, 1];
    const local = await newPlayer("Laptop");
    const rounds = backs.map((n, i) => round(back(n, today()), i === 0 ? { found: [{ word: "stretched", points: 11 }] } : {}));
    await storeSummary(local.playerId, foldAll(rounds), back(1, today()));
    const before = await callJson("/api/players/me/stats", { token: local.token });
    const expected = {
      streak: 8,
      freezes: 0,
      frozenDates: [back(2, today())],
      achievements: { "first-round": back(9, today()), "long-word": back(9, today()), "streak-7": back(3, today()) },
    };
    expect(before).toMatchObject(expected);

    // A passkey player with no history signs in on that browser: the history joins it, and with it
    // the freeze's day and the achievements, at the days they were earned.
    const owner = await newPlayer("Owner");
    const authenticator = await softAuthenticator();
    const registration = await callJson("/api/passkeys/register/options", { method: "POST", token: owner.token });
    await callJson("/api/passkeys/register/verify", { token: owner.token, json: { challengeId: registration.challengeId, response: await authenticator.register(registration.options) } }, 201);
    const login = await callJson("/api/passkeys/login/options", { method: "POST" });
    const signedIn: Json = await callJson("/api/passkeys/login/verify", { json: { challengeId: login.challengeId, response: await authenticator.signIn(login.options), localToken: local.token } });
    expect(signedIn.merge).toMatchObject({ kind: "merged", archivedMoved: backs.length });
    const after = await callJson("/api/players/me/stats", { token: signedIn.token });
    expect(after).toMatchObject({ ...expected, played: backs.length });
  });
});
