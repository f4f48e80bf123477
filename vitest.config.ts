import { defineConfig } from "vitest/config";

// Each test area has its own project (and environment): the engine and CLI run in Node, the
// Worker's tests in workerd through @cloudflare/vitest-pool-workers, the browser tests in Node
// driving headless Chromium against the served product. The root setup builds the lexicon they
// read, once per run.
export default defineConfig({
  test: {
    globalSetup: ["test/global-setup.ts"],
    projects: ["test/*/vitest.config.ts"],
  },
});
