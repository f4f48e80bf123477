// Browser tests: Node drives Debian's headless Chromium (playwright-core) against the real product
// (the built site and the API served together by `wrangler dev`, started in global-setup.ts while
// the other projects run, pinned to the tests' day). See project.ts.
import { defineConfig } from "vitest/config";
import { browserProject } from "./project.ts";

export default defineConfig(browserProject());
