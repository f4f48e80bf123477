import { defineConfig } from "vitest/config";
import { ServerTestsAfterLongOnes } from "./test/sequencer.ts";
import { DATE_SENSITIVE_FILES, FIXED_DAYS, workerProject } from "./test/worker/project.ts";

// Each test area has its own project (and environment): the engine and CLI run in Node, the
// Worker's tests in workerd through @cloudflare/vitest-pool-workers, the browser tests in Node
// driving headless Chromium against the served product. The root setup builds the lexicon they
// read, once per run. The Worker's date-sensitive files run once more for each of a few fixed
// days (test/worker/project.ts). All projects share one pool of workers (each project says
// maxWorkers: the same number, as vitest requires of projects run together); the sequencer
// (test/sequencer.ts) starts the files that need the browser tests' server once it has had time
// to boot.
export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    projects: ["test/*/vitest.config.ts", ...(await Promise.all(FIXED_DAYS.map((day) => workerProject({ day, include: DATE_SENSITIVE_FILES }))))],
    sequence: { sequencer: ServerTestsAfterLongOnes },
  },
});
