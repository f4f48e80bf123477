// Storage is isolated per test file; every file starts from the migrated, empty schema, on every
// shard (wrangler.toml binds 4: worker/db/shards.ts).
import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { allShardD1s } from "../../worker/db/shards.ts";

await Promise.all(allShardD1s(env).map((d1) => applyD1Migrations(d1, env.TEST_MIGRATIONS)));
