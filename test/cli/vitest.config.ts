import { defineConfig } from "vitest/config";

// The CLI's tests run the real binary (dist/cli.js, built once in global-setup.ts) in child
// processes, so they need nothing but Node.
export default defineConfig({
  test: {
    name: "cli",
    // Two files at a time, even on 2 cores (the default there is 1): the files wait on child
    // processes and workerd as much as they compute. The same in engine, cli and worker: vitest
    // wants one maxWorkers per sequence group.
    maxWorkers: 2,
    environment: "node",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 30_000,
  },
});
