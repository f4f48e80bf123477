// Applies the D1 migrations to every shard wrangler.toml binds (DB, DB_1, ...: worker/db/shards.ts),
// one database after another, stopping at the first that fails.
//
//   node scripts/migrate-shards.ts --remote                     the deployed databases (npm run deploy)
//   node scripts/migrate-shards.ts --local [--persist-to DIR]   a local state folder (default .wrangler/state):
//                                                               shard 0 through wrangler, the others levelled
//                                                               from it (lib/local-shards.ts)
import { spawnSync } from "node:child_process";
import path from "node:path";
import { migrateLocalShards } from "./lib/local-shards.ts";
import { d1Bindings, projectRoot, wranglerBin, wranglerEnv } from "./lib/server.ts";

const args = process.argv.slice(2);
const local = args.includes("--local");
const persistAt = args.indexOf("--persist-to");
const persistDir = persistAt === -1 ? path.join(projectRoot, ".wrangler/state") : path.resolve(args[persistAt + 1] ?? "");
if (local === args.includes("--remote") || (persistAt !== -1 && (!local || args[persistAt + 1] === undefined))) {
  console.error("usage: node scripts/migrate-shards.ts --remote | --local [--persist-to DIR]");
  process.exit(2);
}

function migrate(binding: string): true {
  console.log(`Migrating ${binding}`);
  const where = local ? ["--local", "--persist-to", persistDir] : ["--remote"];
  const result = spawnSync(process.execPath, [wranglerBin, "d1", "migrations", "apply", binding, ...where], { cwd: projectRoot, env: wranglerEnv(), stdio: "inherit" });
  if (result.status !== 0) {
    console.error(`the migrations of ${binding} failed: the shards after it were left as they were`);
    process.exit(result.status ?? 1);
  }
  return true;
}

if (local) {
  await migrateLocalShards(persistDir, migrate);
} else {
  for (const { binding } of d1Bindings()) migrate(binding);
}
