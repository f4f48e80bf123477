import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "../workers.ts";

export default defineConfig({
  test: {
    name: "engine",
    maxWorkers: TEST_WORKERS,
    environment: "node",
    include: ["test/engine/**/*.test.ts"],
    root: new URL("../..", import.meta.url).pathname,
  },
});
