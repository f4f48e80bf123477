import { defineConfig } from "vitest/config";

// Tests of the project's own scripts (scripts/*.ts) in child processes. They start local servers,
// so they run after the engine, CLI and Worker projects, beside the browser tests (same group,
// so the same maxWorkers): the watchdog test mostly waits on wrangler.
export default defineConfig({
  test: {
    name: "scripts",
    environment: "node",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
    testTimeout: 240_000,
  },
});
