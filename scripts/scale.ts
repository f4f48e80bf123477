// npm run scale: how D1's work per operation grows with the day's players. Seeds a fresh local D1
// with N = 10k, 100k and 1M ranked rounds of today (straight into its SQLite file through the
// schema, in big transactions, with their aggregates), and after each step serves the product
// (scripts/scale/bench-worker.ts: the real app with a meter on D1) with wrangler dev and measures
// each operation: D1 statements, rows read and rows written (from D1's `meta`), and the time of
// the request (median of a few, local wrangler dev). Prints a Markdown table. Then simulates
// SCALE_DAYS days of retention, the archiving driven as production schedules it (one run of the
// every-minute cron's archiveTick per simulated minute, then each shard's slice it sent, the same budget), and archives the seeded
// day of the largest step the same way: the hours to archive a day, measured and computed.
// The steps run at wrangler.toml's number of shards; the cross-shard table (scale/cross-shards.ts)
// measures the operations and the player-day again at each number of SCALE_SHARDS, on one step,
// each with a config generated from wrangler.toml (scale/shard-config.ts) and its own local D1.
//
//   SCALE_STEPS=10000,100000,1000000   the N to measure (ascending)
//   SCALE_REPEAT=5                     requests per operation for the median time
//   SCALE_SHARDS=1,4,16                the numbers of shards of the cross-shard table (or none)
//   SCALE_SEED=1                       seeds every random choice (rounds, ids): the same seed, the same data
//
// The parts: scale/settings.ts (the knobs), scale/meter.ts (the metered server and its requests),
// scale/seed.ts (seeding D1), scale/operations.ts (the per-operation table), scale/player-day.ts
// (a typical player-day), scale/retention-sim.ts (retention and archiving), scale/bench-worker.ts
// (the Worker it serves).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { migrateLocalShards } from "./lib/local-shards.ts";
import { wranglerBin, wranglerEnv } from "./lib/server.ts";
import { DAYS, DAY_PLAYERS, SHARDS_COMPARED, STEPS, persist, root } from "./scale/settings.ts";
import { crossShardTable, measureAcrossShards } from "./scale/cross-shards.ts";
import { snapshotMain } from "./scale/local-d1.ts";
import { note } from "./scale/progress.ts";
import { type Measure, startServer, stopServer, call } from "./scale/meter.ts";
import { type SolutionWord, databaseFile, playerOfSeededRound, seed, storage } from "./scale/seed.ts";
import { measureAll, setPlayerOfRound } from "./scale/operations.ts";
import { DAY_WORDS, type PlayerDay, typicalPlayerDay } from "./scale/player-day.ts";
import { archiveSeededDay, archivingByShards, archivingTable, simulateRetention } from "./scale/retention-sim.ts";

async function main(): Promise<void> {
  if (!existsSync(path.join(root, "dist/lexicon/english.bin"))) {
    spawnSync(process.execPath, [path.join(root, "scripts/build-lexicon.ts")], { cwd: root, stdio: "inherit" });
  }
  note(`Local D1 in ${persist}`);
  // Every shard wrangler.toml binds (worker/db/shards.ts) gets the migrations (lib/local-shards.ts).
  await migrateLocalShards(persist, (binding) => {
    const migrated = spawnSync(process.execPath, [wranglerBin, "d1", "migrations", "apply", binding, "--local", "--persist-to", persist], { cwd: root, env: wranglerEnv(), encoding: "utf8" });
    if (migrated.status !== 0) throw new Error(`migrations of ${binding} failed:\n${migrated.stdout}${migrated.stderr}`);
    return true;
  });

  // The day's puzzle is stored by the product itself (first request), then read for seeding.
  await startServer();
  const today = (await call("/api/puzzles/today")).body as { date: string };
  const date = today.date;
  await call("/api/puzzles?limit=30");
  await stopServer();
  const solution = (() => {
    const db = new DatabaseSync(databaseFile(), { timeout: 10_000 });
    const row = db.prepare("select solution from puzzles where date = ?").get(date) as { solution: string };
    db.close();
    return JSON.parse(row.solution) as SolutionWord[];
  })();
  setPlayerOfRound((roundId) => playerOfSeededRound(roundId));
  // The other numbers of shards start from the D1 as it is now: migrated, the puzzles stored.
  if (SHARDS_COMPARED.length > 0) snapshotMain();

  const results: Map<string, Measure>[] = [];
  const sizes: ReturnType<typeof storage>[] = [];
  const days: PlayerDay[] = [];
  let seededSoFar = 0;
  for (const n of STEPS) {
    const targets = seed(date, solution, seededSoFar, n);
    seededSoFar = n;
    sizes.push(storage());
    note(`N = ${n.toLocaleString("en")}: serving and measuring`);
    await startServer();
    results.push(await measureAll(date, solution, n, targets));
    days.push(await typicalPlayerDay(date, solution));
    await stopServer();
  }
  const acrossShards = await measureAcrossShards(date, solution);

  const fmt = (x: number) => (Number.isInteger(x) ? x.toLocaleString("en") : x.toFixed(2));
  const head = `| operation | ${STEPS.map((n) => `N = ${n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`}: statements / rows read / rows written / ms`).join(" | ")} |`;
  const lines = [head, `|---|${STEPS.map(() => "---").join("|")}|`];
  for (const name of results[0].keys()) {
    lines.push(`| ${name} | ${results.map((r) => {
      const m = r.get(name)!;
      return `${fmt(m.statements)} / ${fmt(m.rowsRead)} / ${fmt(m.rowsWritten)} / ${m.ms.toFixed(1)}`;
    }).join(" | ")} |`);
  }
  lines.push(`| storage: rounds table + its indexes, bytes per round | ${sizes.map((s) => `${s.perRound.toFixed(0)} B (file ${(s.fileBytes / 1e6).toFixed(0)} MB)`).join(" | ")} |`);
  lines.push("", `| a typical player-day (new player, the puzzle, ${DAY_WORDS} words in the site's batches, the sync at the round's end, 5 reads), per player | ${STEPS.map((n) => `N = ${n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`}`).join(" | ")} |`);
  lines.push(`|---|${STEPS.map(() => "---").join("|")}|`);
  lines.push(`| Worker requests | ${days.map((d) => fmt(d.requests)).join(" | ")} |`);
  lines.push(`| of them, word batches | ${days.map((d) => fmt(d.wordRequests)).join(" | ")} |`);
  lines.push(`| words found per player | ${days.map((d) => fmt(d.wordsFound)).join(" | ")} |`);
  lines.push(`| queue messages | ${days.map((d) => fmt(d.messages)).join(" | ")} |`);
  lines.push(`| D1 rows written | ${days.map((d) => fmt(d.rowsWritten)).join(" | ")} |`);
  lines.push(`| of them, creating the new player | ${days.map((d) => fmt(d.newPlayerRowsWritten)).join(" | ")} |`);
  lines.push(`| D1 rows read | ${days.map((d) => fmt(d.rowsRead)).join(" | ")} |`);
  if (acrossShards.length > 0) lines.push("", ...crossShardTable(acrossShards));
  const simulation = await simulateRetention(date);
  const last = simulation.days[simulation.days.length - 1];
  const window = simulation.days[Math.min(simulation.days.length - 1, 2)];
  lines.push("", `| retention: ${DAYS} days, ${DAY_PLAYERS.toLocaleString("en")} players a day, upkeep an hour into each day | after day 3 | after day ${DAYS} |`);
  lines.push("|---|---|---|");
  lines.push(`| D1 bytes in use | ${window.bytesInUse.toLocaleString("en")} | ${last.bytesInUse.toLocaleString("en")} |`);
  lines.push(`| rounds in D1 | ${window.roundsInD1.toLocaleString("en")} | ${last.roundsInD1.toLocaleString("en")} |`);
  lines.push(`| player summaries | ${window.summaries.toLocaleString("en")} | ${last.summaries.toLocaleString("en")} |`);
  lines.push(`| upkeep D1 rows written that day, per player | ${(window.upkeepRowsWritten / DAY_PLAYERS).toFixed(2)} | ${(last.upkeepRowsWritten / DAY_PLAYERS).toFixed(2)} |`);
  lines.push(`| settled answers byte-identical before and after the move to R2 | | ${simulation.identical ? "yes" : "NO"} |`);
  lines.push("", `D1 bytes in use after each day: ${simulation.days.map((d) => Math.round(d.bytesInUse / 1024)).join(", ")} (KiB)`);
  lines.push("", ...archivingTable(await archiveSeededDay(date), simulation.runs));
  lines.push("", ...archivingByShards());
  lines.push("", `Today (${date}): ${solution.length} words in the solution`);
  console.log(lines.join("\n"));
  if (!simulation.identical) process.exitCode = 1;
}

main()
  .then(async () => {
    await stopServer();
    rmSync(persist, { recursive: true, force: true });
    process.exit(process.exitCode ?? 0);
  })
  .catch(async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopServer();
    rmSync(persist, { recursive: true, force: true });
    process.exit(1);
  });
