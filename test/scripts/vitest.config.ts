// Tests of the project's own scripts (scripts/*.ts) in child processes. They start local servers,
// so they start after the engine, CLI and Worker files (test/sequencer.ts), beside the browser
// tests: the watchdog test mostly waits on wrangler. See project.ts.
import { defineConfig } from "vitest/config";
import { scriptsProject } from "./project.ts";

export default defineConfig(scriptsProject());
