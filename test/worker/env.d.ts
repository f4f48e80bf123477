// Types of `env` and `exports` from "cloudflare:workers" in the tests.
import type { D1Migration } from "cloudflare:test";
import type { Env as WorkerEnv } from "../../worker/env.ts";

declare global {
  namespace Cloudflare {
    interface Env extends WorkerEnv {
      TEST_MIGRATIONS: D1Migration[];
      /** An empty database for the migration tests. */
      MIGRATION_DB: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof import("../../worker/index.ts");
    }
  }
}
