// npm run scale's settings (environment variables, see --help) and the run's own state folder.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { helpRequested, positiveIntegerSetting } from "../lib/usage.ts";
import { SHARD_COUNTS } from "./shard-config.ts";

helpRequested(`
npm run scale

Seeds a fresh local D1 with N ranked rounds of today, serves the product behind a metered D1
binding and prints, per operation, D1 statements / rows read / rows written / median ms.

Settings (environment variables):
  SCALE_STEPS=10000,100000,1000000   the N to measure (ascending, each at least 10000)
  SCALE_REPEAT=5                     requests per operation for the median time
  SCALE_DAYS=60                      days of the retention simulation (after the steps)
  SCALE_DAY_PLAYERS=10000            players who play every one of those days
  SCALE_SHARDS=1,4,16                the numbers of shards of the cross-shard table ("Cost of a
                                     merged read"): at each, the Worker served with that many D1
                                     bindings (a config generated from wrangler.toml in the run's
                                     temporary folder), its own D1 seeded with the same rounds at
                                     the largest step not above 100000 (else the smallest);
                                     "none" leaves the table out. The per-step table runs at
                                     wrangler.toml's SHARDS.
  SCALE_SEED=1                       seeds the seeded rounds and ids (same seed, same data)
  SCALE_SECRET=(fixed)               the Worker's DAILY_SECRET, at least 16 characters
  TODAY=YYYY-MM-DD                   the day the Worker serves as today (default: the real one)
`);

export const root = path.resolve(import.meta.dirname, "../..");
export const STEPS = (process.env.SCALE_STEPS ?? "10000,100000,1000000").split(",").map(Number);
export const REPEAT = positiveIntegerSetting("SCALE_REPEAT", 5);
export const DAYS = positiveIntegerSetting("SCALE_DAYS", 60);
export const DAY_PLAYERS = positiveIntegerSetting("SCALE_DAY_PLAYERS", 10_000);
/** The simulation stores puzzles of days long gone: the scale Worker's puzzle 1 is far back. */
export const SCALE_LAUNCH = "2025-01-01";
export const PAGE = 10;
export const DEEP_PAGE = 1000;
export const SEED = positiveIntegerSetting("SCALE_SEED", 1);
const shardsSetting = process.env.SCALE_SHARDS || "1,4,16";
/** The numbers of shards the cross-shard table compares (none: no table). */
export const SHARDS_COMPARED = shardsSetting === "none" ? [] : shardsSetting.split(",").map(Number);
/** Where the cross-shard table is measured: the largest step not above 100k rounds (a full run's 1M step would take each N long to seed and serve), else the smallest. */
export const CROSS_STEP = [...STEPS].reverse().find((n) => n <= 100_000) ?? STEPS[0];
/** Fixed, so that a day's board (and so every count below) is the same on every clone. */
export const secret = process.env.SCALE_SECRET || "tumbleword-scale-simulation-secret";

if (SHARDS_COMPARED.some((n) => !SHARD_COUNTS.includes(n)) || SHARDS_COMPARED.some((n, i) => i > 0 && n <= SHARDS_COMPARED[i - 1])) {
  console.error(`SCALE_SHARDS must be "none" or ascending numbers of shards, each one of ${SHARD_COUNTS.join(", ")}, got "${shardsSetting}"`);
  process.exit(2);
}
if (secret.length < 16) {
  console.error("SCALE_SECRET must be at least 16 characters");
  process.exit(2);
}
if (STEPS.some((n) => !Number.isInteger(n) || n < DEEP_PAGE * PAGE) || STEPS.some((n, i) => i > 0 && n <= STEPS[i - 1])) {
  console.error(`SCALE_STEPS must be ascending whole numbers of at least ${DEEP_PAGE * PAGE}`);
  process.exit(2);
}
/** The run's own state folder (made once the settings are known to be good). */
export const persist = mkdtempSync(path.join(os.tmpdir(), "tumbleword-scale-"));
