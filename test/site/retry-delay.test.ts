// The room's WebSocket reconnects with exponential backoff, capped.
import { expect, test } from "vitest";
import { retryDelay } from "#site/islands/room/room-connection.ts";

test("doubles from half a second after each failure, up to 8 s", () => {
  expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 8000, 8000, 8000, 8000]);
});

test("never waits less than the first delay", () => {
  expect(retryDelay(0)).toBe(500);
});
