import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "engine",
    environment: "node",
    include: ["test/engine/**/*.test.ts"],
    root: new URL("../..", import.meta.url).pathname,
  },
});
