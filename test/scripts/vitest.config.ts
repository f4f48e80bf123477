import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "../workers.ts";

// Tests of the project's own scripts (scripts/*.ts) in child processes. They start local servers,
// so they start after the engine, CLI and Worker files (test/sequencer.ts), beside the browser
// tests: the watchdog test mostly waits on wrangler.
export default defineConfig({
  test: {
    name: "scripts",
    environment: "node",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    maxWorkers: TEST_WORKERS,
    testTimeout: 240_000,
  },
});
