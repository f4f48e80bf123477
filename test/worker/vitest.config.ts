// The Worker's integration tests run inside workerd (@cloudflare/vitest-plugin) with the real
// wrangler config: local D1 (migrations applied by the setup file), the rate limiting bindings,
// the lexicon as a Data module, and the built site as static assets. See project.ts.
import { defineConfig } from "vitest/config";
import { workerProject } from "./project.ts";

export default defineConfig(async () => workerProject());
