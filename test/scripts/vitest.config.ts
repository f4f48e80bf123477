import { defineConfig } from "vitest/config";

// Tests of the project's own scripts (scripts/*.ts) in child processes. They start local servers,
// so they run last and alone: timing on a busy 2-core machine would otherwise decide the result.
export default defineConfig({
  test: {
    name: "scripts",
    environment: "node",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    globalSetup: ["./global-setup.ts"],
    fileParallelism: false,
    sequence: { groupOrder: 2 },
    testTimeout: 240_000,
  },
});
