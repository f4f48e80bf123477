import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "../workers.ts";

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
    // One server for every file, several files at a time (each its own Chromium and fresh
    // players): many steps wait on the server, a round's clock or the queue rather than on a
    // core. The files start after the engine, CLI and Worker files (test/sequencer.ts).
    maxWorkers: TEST_WORKERS,
    // Concurrent tests of one file at a time (axe.test.ts: a page each): three pages judged side
    // by side already keep a busy two-core machine's cores full.
    maxConcurrency: 3,
    testTimeout: 60_000,
    // expect.poll's 1 s default is shorter than an iframe's first load on a busy two-core machine.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 180_000,
  },
});
