// npm run scale's settings (environment variables, see --help) and the run's own state folder.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { helpRequested, positiveIntegerSetting } from "../lib/usage.ts";

helpRequested(`
npm run scale

Seeds a fresh local D1 with N ranked rounds of today, serves the product behind a metered D1
binding and prints, per operation, D1 statements / rows read / rows written / median ms.

Settings (environment variables):
  SCALE_STEPS=10000,100000,1000000   the N to measure (ascending, each at least 10000)
  SCALE_REPEAT=5                     requests per operation for the median time
  SCALE_DAYS=60                      days of the retention simulation (after the steps)
  SCALE_DAY_PLAYERS=10000            players who play every one of those days
  SCALE_SEED=1                       seeds the seeded rounds and ids (same seed, same data)
  SCALE_SECRET=(fixed)               the Worker's DAILY_SECRET, at least 16 characters
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
/** Fixed, so that a day's board (and so every count below) is the same on every clone. */
export const secret = process.env.SCALE_SECRET || "tumbleword-scale-simulation-secret";
export const persist = mkdtempSync(path.join(os.tmpdir(), "tumbleword-scale-"));

if (secret.length < 16) {
  console.error("SCALE_SECRET must be at least 16 characters");
  process.exit(2);
}
if (STEPS.some((n) => !Number.isInteger(n) || n < DEEP_PAGE * PAGE) || STEPS.some((n, i) => i > 0 && n <= STEPS[i - 1])) {
  console.error(`SCALE_STEPS must be ascending whole numbers of at least ${DEEP_PAGE * PAGE}`);
  process.exit(2);
}
