// The leaderboard's "updated ..." line under a cached page.
import { expect, test } from "vitest";
import { freshness } from "#site/core/freshness.ts";

test("says how old a page is in seconds, then minutes", () => {
  const now = 1_000_000;
  expect(freshness(now, now)).toBe("updated just now");
  expect(freshness(now - 1_400, now)).toBe("updated just now");
  expect(freshness(now - 5_000, now)).toBe("updated 5 s ago");
  expect(freshness(now - 119_000, now)).toBe("updated 119 s ago");
  expect(freshness(now - 120_000, now)).toBe("updated 2 min ago");
  expect(freshness(now - 10 * 60_000 - 20_000, now)).toBe("updated 10 min ago");
});

test("a page stamped ahead of this device's clock is fresh, not negative", () => {
  expect(freshness(2_000_000, 1_990_000)).toBe("updated just now");
});
