// The test-only bindings of `env` from "cloudflare:workers" (test/worker/vitest.config.ts); the
// Worker's own come from worker/worker-configuration.d.ts.
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** An empty database for the migration tests. */
      MIGRATION_DB: D1Database;
      /** Shards 4-15 (unmigrated): shard-answers.test.ts runs the Worker's answers with SHARDS = 16 on them. */
      DB_15: D1Database;
    }
  }
}
