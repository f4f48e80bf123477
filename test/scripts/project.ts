// The scripts' test project (their own servers, pinned to the tests' day: test/days.ts), or the
// date-sensitive ones as of another sweep day (vitest.config.ts at the root). A file learns its day
// with inject("today") and passes it to the script as TODAY (and the instant it began at,
// inject("todayBeganAt"), as TODAY_BEGAN_AT: scriptEnv.ts).
import type { UserWorkspaceConfig } from "vitest/config";
import { PINNED_DAY, todayBeganAt } from "../days.ts";
import { TEST_WORKERS } from "../workers.ts";

/** The files whose scripts play the day's board (the load test learns it from the server): run again on each sweep day. */
export const SCRIPTS_DATED = ["loadtest.test.ts"];

export function scriptsProject(asOf?: { day: string; include: string[] }): UserWorkspaceConfig {
  return {
    test: {
      name: asOf ? `scripts@${asOf.day}` : "scripts",
      environment: "node",
      root: import.meta.dirname,
      include: asOf ? asOf.include : ["**/*.test.ts"],
      provide: { today: asOf?.day ?? PINNED_DAY, todayBeganAt: todayBeganAt() },
      maxWorkers: TEST_WORKERS,
      // A script boots its own server (up to 300 s on a machine busy with the whole run: scripts/lib/server.ts) and runs.
      testTimeout: 480_000,
    },
  };
}
