import { defineConfig } from "vitest/config";

// The CLI's tests run the real binary (dist/cli.js, built once in global-setup.ts) in child
// processes, so they need nothing but Node.
export default defineConfig({
  test: {
    name: "cli",
    environment: "node",
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    globalSetup: ["./global-setup.ts"],
    testTimeout: 30_000,
  },
});
