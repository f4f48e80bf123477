// The calendar and round helpers the Worker, the site and the CLI share.
import { describe, expect, it } from "vitest";
import { addDays, isIsoDate, longestStreakOf, nextUtcMidnight, streakOf, todayUtc } from "../../shared/engine/calendar.ts";
import { roundLengthAdjective, roundLengthText } from "#game/round.ts";

describe("calendar", () => {
  it("knows real dates only", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-2-28")).toBe(false);
  });

  it("rolls days over at 00:00 UTC", () => {
    const lateEvening = Date.parse("2026-12-31T23:59:59.999Z");
    expect(todayUtc(lateEvening)).toBe("2026-12-31");
    expect(nextUtcMidnight(lateEvening)).toBe(Date.parse("2027-01-01T00:00:00Z"));
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("counts the current streak from today, or from yesterday while today is unplayed", () => {
    const t = "2026-11-24";
    expect(streakOf([t, addDays(t, -1), addDays(t, -2), addDays(t, -4)], t)).toBe(3);
    expect(streakOf([addDays(t, -1), addDays(t, -2)], t)).toBe(2);
    expect(streakOf([addDays(t, -2)], t)).toBe(0);
  });

  it("finds the longest run of days, whatever their order and repeats", () => {
    expect(longestStreakOf(["2026-01-05", "2026-01-01", "2026-01-02", "2026-01-02", "2026-01-03", "2026-01-06"])).toBe(3);
    expect(longestStreakOf([])).toBe(0);
  });
});

describe("round length texts", () => {
  it("says minutes when whole, seconds otherwise", () => {
    expect(roundLengthAdjective(180)).toBe("3-minute");
    expect(roundLengthAdjective(40)).toBe("40-second");
    expect(roundLengthText(60)).toBe("1 minute");
    expect(roundLengthText(180)).toBe("3 minutes");
    expect(roundLengthText(90)).toBe("90 seconds");
  });
});
