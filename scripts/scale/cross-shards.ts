// The cross-shard table ("Cost of a merged read", docs/scale.md): at each number of shards of
// SCALE_SHARDS, the Worker served with that many D1 bindings (a config generated from
// wrangler.toml), its own local D1 seeded with the same rounds (each on its player's shard at that
// number), every operation measured and a typical player-day played, as at wrangler.toml's.
import { type PlayerDay, typicalPlayerDay } from "./player-day.ts";
import { CROSS_STEP, SHARDS_COMPARED } from "./settings.ts";
import { type Measure, startServer, stopServer } from "./meter.ts";
import { measureAll, setPlayerOfRound } from "./operations.ts";
import { mainD1, removeShardsD1, shardsD1 } from "./local-d1.ts";
import { type SolutionWord, playerOfSeededRound, seed } from "./seed.ts";
import { note } from "./progress.ts";

export interface AtShards {
  shards: number;
  operations: Map<string, Measure>;
  day: PlayerDay;
}

/** Every number of shards of SCALE_SHARDS measured on CROSS_STEP seeded rounds of `date` (needs snapshotMain first). */
export async function measureAcrossShards(date: string, solution: SolutionWord[]): Promise<AtShards[]> {
  const results: AtShards[] = [];
  for (const shards of SHARDS_COMPARED) {
    note(`${shards} shard${shards === 1 ? "" : "s"}: seeding ${CROSS_STEP.toLocaleString("en")} rounds, serving and measuring`);
    const started = performance.now();
    const d1 = shardsD1(shards);
    setPlayerOfRound((roundId) => playerOfSeededRound(roundId, d1));
    try {
      const targets = seed(date, solution, 0, CROSS_STEP, d1);
      await startServer(d1);
      const operations = await measureAll(date, solution, CROSS_STEP, targets);
      const day = await typicalPlayerDay(date, solution);
      results.push({ shards, operations, day });
      // What each number of shards adds to the run's time (the test's budget on a loaded machine).
      note(`${shards} shard${shards === 1 ? "" : "s"}: seeded, served and measured in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    } finally {
      await stopServer();
      setPlayerOfRound((roundId) => playerOfSeededRound(roundId, mainD1));
      removeShardsD1(d1);
    }
  }
  return results;
}

const fmt = (x: number) => (Number.isInteger(x) ? x.toLocaleString("en") : x.toFixed(2));
const roundsLabel = (n: number) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`);

/** The table: each operation (statements / rows read / rows written) and the player-day's rows per player, at each number of shards. */
export function crossShardTable(results: readonly AtShards[]): string[] {
  if (results.length === 0) return [];
  const lines = [
    `| cost of a merged read: ${roundsLabel(CROSS_STEP)} rounds (${CROSS_STEP <= 100_000 ? "the largest step not above 100k" : "the smallest step"}), statements / rows read / rows written | ${results.map((r) => `${r.shards} shard${r.shards === 1 ? "" : "s"}`).join(" | ")} |`,
    `|---|${results.map(() => "---").join("|")}|`,
  ];
  for (const name of results[0]!.operations.keys()) {
    lines.push(`| ${name} | ${results.map((r) => {
      const m = r.operations.get(name)!;
      return `${fmt(m.statements)} / ${fmt(m.rowsRead)} / ${fmt(m.rowsWritten)}`;
    }).join(" | ")} |`);
  }
  lines.push(`| a typical player-day, D1 rows written per player | ${results.map((r) => fmt(r.day.rowsWritten)).join(" | ")} |`);
  lines.push(`| a typical player-day, D1 rows read per player | ${results.map((r) => fmt(r.day.rowsRead)).join(" | ")} |`);
  return lines;
}
