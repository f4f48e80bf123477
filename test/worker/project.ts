// The Worker's test project, as of the tests' day (test/worker/vitest.config.ts) or as of another
// sweep day (vitest.config.ts at the root: the date-sensitive files again on other days, so no
// test passes only because of what one day's board happens to be). See test/days.ts.
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import type { UserWorkspaceConfig } from "vitest/config";
import { PINNED_DAY, TEST_DAILY_SECRET, todayBeganAt } from "../days.ts";
import { TEST_WORKERS } from "../workers.ts";

const root = path.resolve(import.meta.dirname, "../..");

/** The files that read the day's board, its rounds, its settling or its league week: run again on each sweep day. */
export const DATE_SENSITIVE_FILES = ["daily.test.ts", "rounds.test.ts", "leaderboard.test.ts", "fair-play-bots.test.ts", "retention.test.ts", "league-weeks.test.ts", "review-queue-day.test.ts"];

export async function workerProject(asOf?: { day: string; include: string[] }): Promise<UserWorkspaceConfig> {
  // Miniflare would otherwise download a sample `request.cf` object from Cloudflare.
  process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
  // The Worker imports the compiled lexicon: the run's root setup builds it (test/global-setup.ts).
  // Workers Static Assets needs the folder to exist, even before the site is built.
  mkdirSync(path.join(root, "dist/site"), { recursive: true });
  const vapid = JSON.parse(readFileSync(path.join(root, "test/vapid-test-keys.json"), "utf8")) as { publicKey: string; privateJWK: { d: string } };
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: path.join(root, "wrangler.toml") },
        miniflare: {
          // A second database, empty, for the migration tests (they apply migrations step by step);
          // and shards 4-15 beyond wrangler.toml's 4, empty, for the answers at 16 shards (shard-answers.test.ts).
          d1Databases: { MIGRATION_DB: "migration-test-db", ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`DB_${i + 4}`, `test-shard-${i + 4}`])) },
          bindings: {
            // Test-only values: the real secret lives in .dev.vars or the deployment's secrets.
            DAILY_SECRET: TEST_DAILY_SECRET,
            LAUNCH_DATE: "2026-01-01",
            // The moderators of test/worker/moderation.test.ts (players it makes with these ids).
            MODERATOR_IDS: "00000000-0000-4000-8000-0000000000a1, 00000000-0000-4000-8000-0000000000a2",
            TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
            // The reminders' test key pair (test/vapid-test-keys.json), and who push services may contact.
            VAPID_PUBLIC_KEY: vapid.publicKey,
            VAPID_PRIVATE_KEY: vapid.privateJWK.d,
            VAPID_SUBJECT: "mailto:tests@tumbleword.invalid",
            // The day the isolate's clock is moved to (as-of-day.ts): the tests' day, or a sweep day.
            TODAY: asOf?.day ?? PINNED_DAY,
            TODAY_BEGAN_AT: String(todayBeganAt()),
          },
        },
      }),
    ],
    // obscenity's ESM entry default-imports its CommonJS build, which the pool's module loader
    // cannot unwrap; its CommonJS entry (what wrangler's bundler resolves to the same code) loads.
    resolve: { alias: { obscenity: path.join(root, "node_modules/obscenity/dist/index.js") } },
    test: {
      name: asOf ? `worker@${asOf.day}` : "worker",
      maxWorkers: TEST_WORKERS,
      root: import.meta.dirname,
      include: asOf ? asOf.include : ["**/*.test.ts"],
      setupFiles: ["./as-of-day.ts", "./apply-migrations.ts"],
      // A local Web Push service that decrypts what it receives (the reminders' tests; not the dated runs).
      globalSetup: asOf ? [] : ["./push-service.ts"],
      testTimeout: 30_000,
      // One workerd per worker of the pool, its module cache shared by the files it runs; each
      // file still starts from empty storage (apply-migrations.ts: reset(), then the migrations).
      isolate: false,
    },
  };
}
