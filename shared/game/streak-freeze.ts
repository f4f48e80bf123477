// Streaks with freezes, worked out from the days played alone (the summary's runs plus the rounds
// still in D1), so they need no state of their own: retention keeps the runs, and the passkey
// merge joins them, so freezes and the days they covered come through both unchanged.
//
// The rule: every 7th straight day played earns a freeze (at most 2 banked); a day missed while a
// streak is alive spends one automatically and the streak goes on (the frozen day is not counted
// as played); a day missed with none banked ends the streak. Today is never missed until it ends.

import { dayStart, utcDate } from "../engine/index.ts";

/** Straight days played that earn a freeze. */
export const FREEZE_EVERY = 7;
/** Freezes a player can hold at once. */
export const FREEZE_BANK = 2;

export interface StreakWalk {
  /** Days played in the streak alive today (0 when none is). */
  streak: number;
  bestStreak: number;
  /** Freezes banked now. */
  freezes: number;
  /** Days a freeze was spent on, oldest first (day numbers). */
  frozen: number[];
  /** The day each streak length was first reached (1, 2, 3, ...: index = length - 1). */
  reachedOn: number[];
}

/** Walks every day from the first played to today. `played` may be in any order. */
export function walkStreak(played: Iterable<number>, today: number): StreakWalk {
  const days = new Set(played);
  const walk: StreakWalk = { streak: 0, bestStreak: 0, freezes: 0, frozen: [], reachedOn: [] };
  if (days.size === 0) return walk;
  const first = Math.min(...days);
  const last = Math.max(today, ...days);
  for (let day = first; day <= last; day++) {
    if (days.has(day)) {
      walk.streak += 1;
      if (walk.streak % FREEZE_EVERY === 0 && walk.freezes < FREEZE_BANK) walk.freezes += 1;
      if (walk.streak > walk.bestStreak) {
        walk.bestStreak = walk.streak;
        walk.reachedOn.push(day);
      }
    } else if (day >= today || walk.streak === 0) {
      // Today is still playable; with no streak there is nothing to save.
      continue;
    } else if (walk.freezes > 0) {
      walk.freezes -= 1;
      walk.frozen.push(day);
    } else {
      walk.streak = 0;
    }
  }
  return walk;
}

const DAY_MS = 86_400_000;

/** The same walk over YYYY-MM-DD dates (a browser's own games, the stats page): frozen days as dates, newest first. */
export function streakOfDates(dates: Iterable<string>, today: string): Omit<StreakWalk, "frozen" | "reachedOn"> & { frozenDates: string[] } {
  const dayOf = (date: string) => Math.round(dayStart(date) / DAY_MS);
  const walk = walkStreak([...dates].map(dayOf), dayOf(today));
  return { streak: walk.streak, bestStreak: walk.bestStreak, freezes: walk.freezes, frozenDates: walk.frozen.map((day) => utcDate(day * DAY_MS)).reverse() };
}
