import { defineConfig } from "vitest/config";
import { OTHER_SWEEP_DAYS, SERVER_SWEEP_DAYS } from "./test/days.ts";
import { DATE_SENSITIVE_FILES as BROWSER_DATED, browserProject } from "./test/browser/project.ts";
import { SCRIPTS_DATED, scriptsProject } from "./test/scripts/project.ts";
import { ServerTestsAfterLongOnes } from "./test/sequencer.ts";
import { DATE_SENSITIVE_FILES as WORKER_DATED, workerProject } from "./test/worker/project.ts";

// Each test area has its own project (and environment): the engine and CLI run in Node, the
// Worker's tests in workerd through @cloudflare/vitest-plugin, the browser tests in Node driving
// headless Chromium against the served product. The root setup builds the lexicon they read, once
// per run. No test follows the calendar (test/days.ts): every project runs as of the tests' pinned
// day, and the date-sensitive files run once more as of other sweep days: the Worker's on each
// (worker@D), the browser's and the load test's on the boards' extremes (browser@D with a server
// of its own, scripts@D).
// All projects share one pool of workers (each project says maxWorkers: the same number, as vitest
// requires of projects run together); the sequencer (test/sequencer.ts) orders the files.
export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    projects: [
      "test/*/vitest.config.ts",
      ...(await Promise.all(OTHER_SWEEP_DAYS.map((day) => workerProject({ day, include: WORKER_DATED })))),
      ...SERVER_SWEEP_DAYS.map((day) => browserProject({ day, include: BROWSER_DATED })),
      ...SERVER_SWEEP_DAYS.map((day) => scriptsProject({ day, include: SCRIPTS_DATED })),
    ],
    sequence: { sequencer: ServerTestsAfterLongOnes },
  },
});
