// The Worker's config at another number of shards, for the scale run's cross-shard table: derived
// from wrangler.toml (never edited) with SHARDS = "N" and the D1 bindings DB, DB_1 ... DB_{N-1}.
// It is written outside the checkout (the run's temporary folder), where wrangler would resolve
// the checkout's relative paths (main, the assets' directory, migrations_dir) against the wrong
// folder, so they become absolute.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BUCKETS } from "#worker/db/player-buckets.ts";

// As worker/db/shards.ts has them (not imported: that module needs the Worker's types).
const MAX_SHARDS = 16;
const shardBinding = (index: number) => (index === 0 ? "DB" : `DB_${index}`);

/** The numbers of shards a deployment may run (worker/db/shards.ts shardCount): 1, 2, 4, 8, 16. */
export const SHARD_COUNTS: readonly number[] = Array.from({ length: MAX_SHARDS }, (_, i) => i + 1).filter((n) => BUCKETS % n === 0);

/** The config keys that hold a path, which wrangler resolves against the config's own folder. */
const PATH_KEYS = ["main", "directory", "migrations_dir", "base_dir", "tsconfig", "cwd", "watch_dir"];

interface D1Block {
  binding: string;
  name: string;
  id: string;
  migrationsDir: string | undefined;
}

/** The [[d1_databases]] blocks of a wrangler.toml: each header and its key lines (not the comments after). */
const D1_BLOCK = /^\[\[d1_databases\]\]\s*\n((?:[ \t]*[A-Za-z_]+\s*=.*\n)*)/gm;

function parseBlock(body: string): D1Block {
  const field = (name: string) => new RegExp(`^\\s*${name}\\s*=\\s*"([^"]+)"`, "m").exec(body)?.[1];
  const binding = field("binding");
  const name = field("database_name");
  const id = field("database_id");
  if (binding === undefined || name === undefined || id === undefined) throw new Error("a [[d1_databases]] block of wrangler.toml lacks its binding, database_name or database_id");
  return { binding, name, id, migrationsDir: field("migrations_dir") };
}

/**
 * Shard i's database as wrangler.toml names them: the configured block when it has one, else the
 * home database's name with "-i" and its id with i (in hex) as the last digits
 * ("tumbleword-10", "00000000-0000-0000-0000-00000000000a").
 */
function shardDatabase(configured: readonly D1Block[], i: number): D1Block {
  const found = configured.find((block) => block.binding === shardBinding(i));
  if (found !== undefined) return found;
  const home = configured[0]!;
  const suffix = i.toString(16);
  return { binding: shardBinding(i), name: `${home.name}-${i}`, id: home.id.slice(0, home.id.length - suffix.length) + suffix, migrationsDir: home.migrationsDir };
}

/**
 * wrangler.toml's text (`source`, from the folder `root`) with `shards` shards: SHARDS set, the D1
 * blocks replaced (where the first one was) by DB ... DB_{shards-1}, the paths made absolute.
 */
export function shardConfigText(source: string, root: string, shards: number): string {
  if (!SHARD_COUNTS.includes(shards)) throw new Error(`a number of shards must be one of ${SHARD_COUNTS.join(", ")}, got ${shards}`);
  const configured = [...source.matchAll(D1_BLOCK)].map((match) => parseBlock(match[1]!));
  if (configured.length === 0 || configured[0]!.binding !== shardBinding(0)) throw new Error("wrangler.toml's first [[d1_databases]] block must bind DB (shard 0)");
  const absolute = (value: string) => JSON.stringify(path.resolve(root, value));
  const blocks = Array.from({ length: shards }, (_, i) => shardDatabase(configured, i)).map((db) =>
    [
      "[[d1_databases]]",
      `binding = "${db.binding}"`,
      `database_name = "${db.name}"`,
      `database_id = "${db.id}"`,
      ...(db.migrationsDir === undefined ? [] : [`migrations_dir = ${absolute(db.migrationsDir)}`]),
      "",
    ].join("\n"),
  );
  let first = true;
  const text = source
    .replace(D1_BLOCK, () => {
      const replacement = first ? blocks.join("\n") : "";
      first = false;
      return replacement;
    })
    .replace(/^SHARDS\s*=\s*"[^"]*"/m, `SHARDS = "${shards}"`)
    .replace(new RegExp(`^(\\s*(?:${PATH_KEYS.join("|")})\\s*=\\s*)"([^"]+)"`, "gm"), (_, key: string, value: string) => `${key}${absolute(value)}`);
  if (!/^SHARDS\s*=/m.test(text)) throw new Error('wrangler.toml has no SHARDS = "..." in [vars] to set');
  return text;
}

/**
 * Writes the config of `shards` shards into `dir` (and the checkout's .dev.vars beside it, which
 * wrangler reads from the config's folder): returns the config's path.
 */
export function writeShardConfig(root: string, shards: number, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const config = path.join(dir, "wrangler.toml");
  writeFileSync(config, shardConfigText(readFileSync(path.join(root, "wrangler.toml"), "utf8"), root, shards));
  if (existsSync(path.join(root, ".dev.vars"))) copyFileSync(path.join(root, ".dev.vars"), path.join(dir, ".dev.vars"));
  return config;
}
