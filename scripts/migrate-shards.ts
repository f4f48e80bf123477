// Applies the D1 migrations to every shard wrangler.toml binds (DB, DB_1, ...: worker/db/shards.ts),
// one database after another, stopping at the first that fails.
//
//   node scripts/migrate-shards.ts --remote                     the deployed databases (npm run deploy)
//   node scripts/migrate-shards.ts --local [--persist-to DIR]   a local state folder
import { spawnSync } from "node:child_process";
import { d1Bindings, projectRoot, wranglerBin, wranglerEnv } from "./lib/server.ts";

const args = process.argv.slice(2);
if (!args.includes("--remote") && !args.includes("--local")) {
  console.error("usage: node scripts/migrate-shards.ts --remote | --local [--persist-to DIR]");
  process.exit(2);
}
for (const { binding } of d1Bindings()) {
  console.log(`Migrating ${binding}`);
  const result = spawnSync(process.execPath, [wranglerBin, "d1", "migrations", "apply", binding, ...args], { cwd: projectRoot, env: wranglerEnv(), stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`the migrations of ${binding} failed: the shards after it were left as they were`);
    process.exit(result.status ?? 1);
  }
}
