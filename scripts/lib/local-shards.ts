// The local shards' migrations, fast. `wrangler d1 migrations apply` takes 10-40 s a database on a
// busy machine, so the local tools migrate shard 0 (DB) with it and bring the other shards level
// from shard 0's file: a shard with no file yet becomes a copy of it (the same schema and the same
// migration log, VACUUM INTO: consistent even while WAL pages are pending), and a shard whose log
// already equals shard 0's needs nothing. Only a shard behind shard 0 is left to wrangler.
import { existsSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { d1Bindings, d1Dir, d1FileName } from "./server.ts";

/** The migrations a local database has applied (wrangler's d1_migrations), one name a line; null without the table. */
function appliedMigrations(file: string): string | null {
  const db = new DatabaseSync(file, { readOnly: true, timeout: 30_000 });
  try {
    return (db.prepare("select name from d1_migrations order by id").all() as { name: string }[]).map((r) => r.name).join("\n");
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/**
 * Migrates every local shard in `persistDir`: shard 0 with `migrate` (a wrangler run), the others
 * levelled from it, `migrate` again only for a shard still behind. Stops at the first failure
 * (`migrate` returning false) and returns false.
 */
export async function migrateLocalShards(persistDir: string, migrate: (binding: string) => boolean | Promise<boolean>): Promise<boolean> {
  const [home] = d1Bindings();
  if (home === undefined || !(await migrate(home.binding))) return false;
  for (const binding of levelLocalShards(persistDir)) if (!(await migrate(binding))) return false;
  return true;
}

/**
 * After shard 0 is migrated in `persistDir`: copies it to every shard without a file and returns
 * the bindings of the shards still behind it (to migrate with wrangler).
 */
function levelLocalShards(persistDir: string): string[] {
  const [home, ...others] = d1Bindings();
  if (home === undefined) return [];
  const dir = d1Dir(persistDir);
  const homeFile = path.join(dir, d1FileName(home.databaseId));
  const homeLog = appliedMigrations(homeFile);
  const behind: string[] = [];
  for (const shard of others) {
    const file = path.join(dir, d1FileName(shard.databaseId));
    if (!existsSync(file)) {
      const db = new DatabaseSync(homeFile, { timeout: 30_000 });
      try {
        db.exec(`VACUUM INTO '${file.replaceAll("'", "''")}'`);
      } finally {
        db.close();
      }
    } else if (appliedMigrations(file) !== homeLog) {
      behind.push(shard.binding);
    }
  }
  return behind;
}
