// The site's one backoff (core/backoff.ts) and its one clock (core/ticker.ts).
import { afterEach, expect, test, vi } from "vitest";
import { backoff, backoffDelay } from "#site/core/backoff.ts";
import { onTick } from "#site/core/ticker.ts";

afterEach(() => {
  vi.useRealTimers();
});

test("the wait doubles from the first one up to the cap", () => {
  expect([1, 2, 3, 4, 5, 6, 7].map((n) => backoff(n))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  expect([1, 2, 3, 4, 5].map((n) => backoff(n, { first: 250, max: 4000 }))).toEqual([250, 500, 1000, 2000, 4000]);
  expect(backoff(0)).toBe(1000);
});

test("the jittered wait stays within a quarter of the plain one either way", () => {
  expect(backoffDelay(3, 0)).toBe(3000);
  expect(backoffDelay(3, 0.5)).toBe(4000);
  expect(backoffDelay(3, 1)).toBe(5000);
  expect(backoffDelay(10, 1)).toBe(37_500);
});

test("every countdown runs on one interval, which stops when the last one does", () => {
  vi.useFakeTimers();
  const a = vi.fn();
  const b = vi.fn();
  const stopA = onTick(a);
  const stopB = onTick(b);
  expect(vi.getTimerCount()).toBe(1);
  vi.advanceTimersByTime(1000);
  expect([a.mock.calls.length, b.mock.calls.length]).toEqual([4, 4]);
  stopA();
  vi.advanceTimersByTime(500);
  expect([a.mock.calls.length, b.mock.calls.length]).toEqual([4, 6]);
  stopB();
  expect(vi.getTimerCount()).toBe(0);
});
