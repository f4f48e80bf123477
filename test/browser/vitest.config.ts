import { defineConfig } from "vitest/config";

// Browser tests: Node drives Debian's headless Chromium (playwright-core) against the real product
// (the built site and the API served together by `wrangler dev`, started in global-setup.ts).
export default defineConfig({
  test: {
    name: "browser",
    root: import.meta.dirname,
    environment: "node",
    include: ["**/*.test.ts"],
    globalSetup: ["./global-setup.ts"],
    // One browser and one server shared by all files, on a 2-core machine: run files one by one.
    fileParallelism: false,
    // And only after the other projects: beside the Worker pool and the CLI's processes, 2 cores
    // leave the page steps and the local server too slow for honest timeouts.
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
