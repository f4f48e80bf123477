import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "../workers.ts";

// The CLI's tests run the real binary (dist/cli.js, built once in global-setup.ts) in child
// processes, so they need nothing but Node.
export default defineConfig({
  test: {
    name: "cli",
    maxWorkers: TEST_WORKERS,
    // One process runs file after file (no fresh process and module graph for each): the files
    // share no state but read-only modules, and most take well under a second.
    isolate: false,
    environment: "node",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 30_000,
  },
});
