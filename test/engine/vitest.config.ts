import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "engine",
    // Two files at a time, even on 2 cores (the default there is 1): the files wait on child
    // processes and workerd as much as they compute. The same in engine, cli and worker: vitest
    // wants one maxWorkers per sequence group.
    maxWorkers: 2,
    environment: "node",
    include: ["test/engine/**/*.test.ts"],
    root: new URL("../..", import.meta.url).pathname,
  },
});
