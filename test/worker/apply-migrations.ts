// Every file starts from the migrated, empty schema, on every shard (wrangler.toml binds 4:
// worker/db/shards.ts). The files of a worker share one workerd (isolate: false, project.ts), so
// first reset() clears what the last file left: D1 tables (migrations included), KV, R2, Durable
// Object storage and the rate limits; and the isolate's caches of what was stored.
import { applyD1Migrations, reset } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { allShardD1s } from "#worker/db/shards.ts";
import { forgetIsolateCaches } from "#worker/isolate-memory.ts";

await reset();
forgetIsolateCaches();
await Promise.all(allShardD1s(env).map((d1) => applyD1Migrations(d1, env.TEST_MIGRATIONS)));
