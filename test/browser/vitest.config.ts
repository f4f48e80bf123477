import { defineConfig } from "vitest/config";

// Browser tests: Node drives Debian's headless Chromium (playwright-core) against the real product
// (the built site and the API served together by `wrangler dev`, started in global-setup.ts while
// the other projects run).
export default defineConfig({
  test: {
    name: "browser",
    root: import.meta.dirname,
    environment: "node",
    include: ["**/*.test.ts"],
    globalSetup: ["./global-setup.ts"],
    // One server for every file; two files at a time (each its own Chromium and fresh players):
    // many steps wait on the server, a round's clock or the queue rather than on a core.
    maxWorkers: 2,
    // Only after the engine, CLI and Worker projects: beside the Worker pool and the CLI's
    // processes, 2 cores leave the page steps and the local server too slow for honest timeouts.
    // The scripts project shares this group (and so this maxWorkers).
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
