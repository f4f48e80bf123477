// `npm run loadtest` (scripts/loadtest.ts) as a short burst: 40 players, a few seconds of play,
// the server killed and restarted mid-run, and the reconciliation against D1 (every receipted
// word counted exactly once). Its options: --help prints them without starting anything, and a
// bad setting is one line and exit code 2.
import { expect, test } from "vitest";
import { loadtestWithin } from "./loadtest-helpers.ts";

const loadtest = loadtestWithin(420_000);

test("a short burst reconciles: every receipted word counted once, across a server restart", () => {
  const run = loadtest({ LOADTEST_PLAYERS: "40", LOADTEST_BURST: "2", LOADTEST_DURATION: "6", LOADTEST_ACTIVE: "10", LOADTEST_CONNECTIONS: "8" });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toMatch(/^reconciliation\s+OK/m);
  expect(run.stdout).toMatch(/^server killed mid-run\s+restarted in/m);
  expect(run.stdout).toMatch(/^5xx answers \(tried again\)\s+none/m);
  const receipted = Number(/^receipted words\s+(\d+) across 40 rounds/m.exec(run.stdout)?.[1]);
  expect(receipted).toBeGreaterThan(0);
  // The tabs pick words at random from the board, nothing like a solver: no false positive of the word-choice rule.
  expect(run.stdout).toMatch(/^fair play\s+.*word choice: 0 of \d+ verified rounds of \d+\+ words solver-like/m);
});

test("--help lists the settings and starts nothing", () => {
  const run = loadtest({}, "--help");
  expect(run.status).toBe(0);
  expect(run.stdout).toContain("LOADTEST_PLAYERS");
  expect(run.stdout).not.toContain("Load test against");
});

test("a bad setting is one line and exit code 2", () => {
  const run = loadtest({ LOADTEST_PLAYERS: "lots" });
  expect(run.status).toBe(2);
  expect(run.stderr.trim().split("\n")).toEqual(['loadtest.ts: LOADTEST_PLAYERS must be a positive whole number, got "lots"']);
});
