// The Worker's integration tests run inside workerd (@cloudflare/vitest-pool-workers) with the real
// wrangler config: local D1 (migrations applied by the setup file), the rate limiting bindings,
// the lexicon as a Data module, and the built site as static assets.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { TEST_WORKERS } from "../workers.ts";

const root = path.resolve(import.meta.dirname, "../..");
// Miniflare would otherwise download a sample `request.cf` object from Cloudflare.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";

// The Worker imports the compiled lexicon: the run's root setup builds it (test/global-setup.ts).
// Workers Static Assets needs the folder to exist, even before the site is built.
mkdirSync(path.join(root, "dist/site"), { recursive: true });

const vapid = JSON.parse(readFileSync(path.join(root, "test/vapid-test-keys.json"), "utf8")) as { publicKey: string; privateJWK: { d: string } };

export default defineConfig(async () => ({
  plugins: [
    cloudflareTest({
      wrangler: { configPath: path.join(root, "wrangler.toml") },
      miniflare: {
        // A second database, empty, for the migration tests (they apply migrations step by step).
        d1Databases: { MIGRATION_DB: "migration-test-db" },
        bindings: {
          // Test-only values: the real secret lives in .dev.vars or the deployment's secrets.
          DAILY_SECRET: "test-daily-secret-0123456789abcdef",
          LAUNCH_DATE: "2026-01-01",
          TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
          // Test-only VAPID keys (test/vapid-test-keys.json) for the reminders.
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateJWK.d,
          VAPID_SUBJECT: "mailto:tests@tumbleword.invalid",
        },
      },
    }),
  ],
  // obscenity's ESM entry default-imports its CommonJS build, which the pool's module loader
  // cannot unwrap; its CommonJS entry (what wrangler's bundler resolves to the same code) loads.
  resolve: { alias: { obscenity: path.join(root, "node_modules/obscenity/dist/index.js") } },
  test: {
    name: "worker",
    maxWorkers: TEST_WORKERS,
    root: import.meta.dirname,
    include: ["**/*.test.ts"],
    setupFiles: ["./apply-migrations.ts"],
    // A local Web Push service that decrypts what it receives (the reminder tests).
    globalSetup: ["./push-service.ts"],
    testTimeout: 30_000,
  },
}));
