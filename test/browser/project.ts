// The browser tests' project, against a server pinned to the tests' day (test/days.ts), or as of
// another sweep day (vitest.config.ts at the root: the date-sensitive files again, each dated
// project with its own server, since a server serves one day).
import type { UserWorkspaceConfig } from "vitest/config";
import { PINNED_DAY } from "../days.ts";
import { TEST_WORKERS } from "../workers.ts";

/** The files that play the day's board to its results and hints: run again on each sweep day. */
export const DATE_SENSITIVE_FILES = ["daily.test.ts", "results.test.ts", "after-round.test.ts"];

/** A dated project's name says its day; global-setup.ts pins its server to it. */
export const projectName = (day?: string) => (day === undefined ? "browser" : `browser@${day}`);

/** The day a browser project's server serves as today. */
export const dayOfProject = (name: string) => /@(\d{4}-\d{2}-\d{2})$/.exec(name)?.[1] ?? PINNED_DAY;

export function browserProject(asOf?: { day: string; include: string[] }): UserWorkspaceConfig {
  return {
    test: {
      name: projectName(asOf?.day),
      root: import.meta.dirname,
      environment: "node",
      include: asOf ? asOf.include : ["**/*.test.ts"],
      globalSetup: ["./global-setup.ts"],
      // One server for every file of the project, several files at a time (each its own
      // Chromium context and fresh players): many steps wait on the server, a round's clock or
      // the queue rather than on a core. The files start after the engine, CLI and Worker files
      // (test/sequencer.ts).
      maxWorkers: TEST_WORKERS,
      // Concurrent tests of one file at a time (axe.test.ts: a page each): three pages judged side
      // by side already keep a busy two-core machine's cores full.
      maxConcurrency: 3,
      // A step waits at most 30 s (helpers.ts); a test of several steps on a loaded machine needs more than a minute.
      testTimeout: 120_000,
      // expect.poll's 1 s default is shorter than an iframe's first load on a busy two-core machine.
      expect: { poll: { timeout: 10_000 } },
      hookTimeout: 180_000,
    },
  };
}
