import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "../workers.ts";

export default defineConfig({
  test: {
    name: "engine",
    maxWorkers: TEST_WORKERS,
    // One process runs file after file (no fresh process and module graph for each): the files
    // share no state but read-only modules, and most take well under a second.
    isolate: false,
    // The suite runs four files at a time on two cores beside a server and browsers: a test that
    // takes a second alone (compact.test.ts's word-by-word comparison) took 5.8 s under that load.
    testTimeout: 30_000,
    environment: "node",
    include: ["test/engine/**/*.test.ts"],
    root: new URL("../..", import.meta.url).pathname,
  },
});
