// The server's clock as the site estimates it: the midpoint of the round trip, and of many
// answers the one with the shortest round trip.
import { describe, expect, test } from "vitest";
import { ServerClock, clockOffset, onDeviceClock } from "#site/core/server-clock.ts";

describe("clockOffset", () => {
  test("takes the server's stamp as made halfway through the round trip", () => {
    // Sent at 1000, answered at 1400 (device clock); the server stamped 61,200: it is a minute ahead.
    expect(clockOffset(61_200, 1000, 1400)).toBe(60_000);
    expect(clockOffset(new Date(61_200).toISOString(), 1000, 1400)).toBe(60_000);
  });

  test("a device ahead of the server gets a negative offset", () => {
    expect(clockOffset(5_000, 9_900, 10_100)).toBe(-5_000);
  });

  test("an unreadable stamp leaves the device's clock alone", () => {
    expect(clockOffset("not a date", 1000, 1400)).toBe(0);
    expect(clockOffset(Number.NaN, 1000, 1400)).toBe(0);
  });

  test("a server moment maps onto the device's clock", () => {
    expect(onDeviceClock(new Date(100_000).toISOString(), 60_000)).toBe(40_000);
  });
});

describe("ServerClock", () => {
  test("is the device's clock until it hears from the server", () => {
    const clock = new ServerClock();
    expect(clock.offset).toBe(0);
    expect(clock.now(5_000)).toBe(5_000);
  });

  test("keeps the answer with the shortest round trip", () => {
    const clock = new ServerClock();
    clock.observe(11_000, 0, 2_000); // 2 s round trip: offset 10,000 +- 1,000
    expect(clock.offset).toBe(10_000);
    clock.observe(13_450, 3_000, 3_100); // 100 ms: offset 10,400 +- 50, better
    expect(clock.offset).toBe(10_400);
    clock.observe(30_000, 4_000, 5_000); // 1 s: worse, ignored
    expect(clock.offset).toBe(10_400);
    expect(clock.now(1_000)).toBe(11_400);
  });

  test("an equally short round trip replaces an older one (the newer reading)", () => {
    const clock = new ServerClock();
    clock.observe(1_050, 0, 100);
    clock.observe(2_080, 1_000, 1_100);
    expect(clock.offset).toBe(1_030);
  });
});
