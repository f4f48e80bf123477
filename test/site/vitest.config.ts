import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "../workers.ts";

// The site's pure modules (no DOM): clocks, backoff, settings, texts and the room's reducer, in
// Node. What needs a page is tested in Chromium (test/browser).
export default defineConfig({
  test: {
    name: "site",
    maxWorkers: TEST_WORKERS,
    // The files share nothing but read-only modules, and each takes well under a second.
    isolate: false,
    environment: "node",
    include: ["test/site/**/*.test.ts"],
    root: new URL("../..", import.meta.url).pathname,
  },
});
