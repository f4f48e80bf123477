// The retention simulation (DAYS days of DAY_PLAYERS players each, through the upkeep) and the
// archiving driven as production schedules it (archive-pace.ts: the cron's runs and budget).
import { DatabaseSync } from "node:sqlite";
import { addDays, dayStart } from "#engine";
import { ARCHIVE_CRON, ARCHIVE_RUNS_PER_HOUR, archivePagesPerRun, runsToArchive } from "#worker/archive/archive-pace.ts";
import { d1Bindings, d1Files } from "../lib/server.ts";
import { DAYS, DAY_PLAYERS, persist } from "./settings.ts";
import { progress } from "./progress.ts";
import { call, startServer, stopServer } from "./meter.ts";
import { dbFacts, seedPool, seedPoolDay, seeded, seededUuid, solutionOf } from "./seed.ts";

// ---- the retention simulation: DAYS days of DAY_PLAYERS players each, through the upkeep

export interface SimulatedDay {
  date: string;
  /** Bytes of D1's pages in use after the day's upkeep (freed pages are reused, not counted). */
  bytesInUse: number;
  roundsInD1: number;
  summaries: number;
  upkeepRowsWritten: number;
}

/** A settled day's answers (cache off): two leaderboard pages, the review list, one player's standing, the solution. */
export async function settledAnswers(date: string, token: string): Promise<string[]> {
  const first = await call(`/api/puzzles/${date}/leaderboard?limit=100`, { cacheOff: true });
  const out = [JSON.stringify(first.body)];
  if (first.body.next) out.push(JSON.stringify((await call(`/api/puzzles/${date}/leaderboard?limit=100&cursor=${encodeURIComponent(first.body.next)}`, { cacheOff: true })).body));
  out.push(JSON.stringify((await call(`/api/puzzles/${date}/leaderboard?limit=100&review=1`, { cacheOff: true })).body));
  out.push(JSON.stringify((await call(`/api/puzzles/${date}/leaderboard/me`, { headers: { Authorization: `Bearer ${token}` } })).body));
  out.push(JSON.stringify((await call(`/api/puzzles/${date}/solution`, { cacheOff: true })).body));
  return out;
}

const value = (d1: string, i: number) => Number(d1.split(" ")[i]);

export interface ArchiveRuns {
  /** Cron runs (one a minute) until the day was archived. */
  runs: number;
  /** Invocations in all: the cron's runs and the archive queue's slices (one shard each). */
  invocations: number;
  /** The most subrequests (D1 calls, a batch one; R2 operations; queue sends) and D1 statements of one invocation, its longest wall time (local). */
  maxSubrequests: number;
  maxStatements: number;
  maxMs: number;
  rowsWritten: number;
}

interface Invocation {
  d1: string;
  subrequests: number;
  ms: number;
}

function count(out: ArchiveRuns, invocation: Invocation): void {
  out.invocations += 1;
  out.maxSubrequests = Math.max(out.maxSubrequests, invocation.subrequests);
  out.maxStatements = Math.max(out.maxStatements, value(invocation.d1, 0));
  out.maxMs = Math.max(out.maxMs, invocation.ms);
  out.rowsWritten += value(invocation.d1, 2);
}

/**
 * The archiving runs as production schedules them: one run of archiveTick a minute (wrangler.toml's
 * every-minute cron, the same budget), from `from`, each followed by the slices it sent to the
 * archive queue, each its own invocation (as the queue's consumer takes them, max_batch_size 1),
 * until `date` is archived. Runs within the rest of the day at most; a day that takes longer has
 * not kept pace: an error.
 */
export async function archiveRunsUntil(date: string, from: number): Promise<ArchiveRuns> {
  const out: ArchiveRuns = { runs: 0, invocations: 0, maxSubrequests: 0, maxStatements: 0, maxMs: 0, rowsWritten: 0 };
  const limit = 23 * ARCHIVE_RUNS_PER_HOUR;
  while (out.runs < limit) {
    const run = (await call(`/api/__scale/archive-run?now=${from + out.runs * (3600_000 / ARCHIVE_RUNS_PER_HOUR)}`)).body as Invocation & { ran: boolean; archived: string[]; sent: unknown[] };
    out.runs += 1;
    count(out, run);
    // The shards' slices of the minute, one invocation each (production runs them at once).
    for (const slice of run.sent) count(out, (await call("/api/__scale/archive-slice", { method: "POST", body: JSON.stringify(slice) })).body as Invocation);
    if (run.archived.includes(date) || date === "") return out;
  }
  throw new Error(`${date} was not archived within ${limit} archiving runs: archiving does not keep pace`);
}

/**
 * DAYS days of play by a pool of DAY_PLAYERS players. An hour into each day the hourly upkeep
 * sends the settle probes (the day before yesterday is past its sync deadline), then the
 * every-minute archiving runs until that day has moved to R2. D1 then holds two days of rounds
 * at any time. The last archived day's answers are compared before and after the move.
 */
export async function simulateRetention(today: string): Promise<{ days: SimulatedDay[]; identical: boolean; runs: ArchiveRuns[] }> {
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(today, i - DAYS - 5));
  await startServer();
  for (let i = 0; i < dates.length; i += 20) await call(`/api/__scale/puzzles?dates=${dates.slice(i, i + 20).join(",")}`);
  await stopServer();
  const poolIds = seeded("pool");
  const pool = Array.from({ length: DAY_PLAYERS }, () => seededUuid(poolIds));
  seedPool(pool, dayStart(dates[0]));
  const days: SimulatedDay[] = [];
  const runs: ArchiveRuns[] = [];
  let identical = true;
  for (const [d, date] of dates.entries()) {
    seedPoolDay(date, solutionOf(date), pool);
    await startServer();
    const now = dayStart(date) + 3600_000;
    const leaving = d >= 2 ? dates[d - 2] : "";
    let written = value((await call(`/api/__scale/upkeep?now=${now}`)).body.d1, 2);
    if (d === dates.length - 1 && leaving !== "") {
      // The last day to leave: its answers once settled (from D1), then from R2.
      const token = (await call(`/api/__scale/token/${pool[0]}`)).body.token as string;
      written += value((await call(`/api/__scale/settle?now=${now}`)).body.d1, 2);
      const before = await settledAnswers(leaving, token);
      const archiving = await archiveRunsUntil(leaving, now);
      written += archiving.rowsWritten;
      runs.push(archiving);
      identical = JSON.stringify(before) === JSON.stringify(await settledAnswers(leaving, token));
    } else {
      const archiving = await archiveRunsUntil(leaving, now);
      written += archiving.rowsWritten;
      if (leaving !== "") runs.push(archiving);
    }
    await stopServer();
    days.push({ date, ...dbFacts(), upkeepRowsWritten: written });
    progress(`simulated days ${d + 1} of ${DAYS}`, d + 1, DAYS);
  }
  return { days, identical, runs };
}

/**
 * The archiving of the seeded day of `rounds` rounds under production scheduling: its probe
 * taken once its syncs are over, then the every-minute runs until it has left D1.
 */
export async function archiveSeededDay(date: string): Promise<ArchiveRuns & { rounds: number }> {
  // The day's rounds over every shard (each holds its players').
  let rounds = 0;
  for (const file of d1Files(persist)) {
    const db = new DatabaseSync(file, { readOnly: true, timeout: 10_000 });
    rounds += (db.prepare("select count(*) as n from rounds where puzzle_date = ?").get(date) as { n: number }).n;
    db.close();
  }
  await startServer();
  const now = dayStart(date) + 2 * 86_400_000 + 3600_000;
  await call(`/api/__scale/probe-taken?date=${date}&now=${now}`);
  const archiving = await archiveRunsUntil(date, now);
  await stopServer();
  return { ...archiving, rounds };
}

const hours = (runs: number) => (runs / ARCHIVE_RUNS_PER_HOUR).toFixed(2);

/**
 * The archiving under production scheduling: measured on the seeded day (the largest step) and on
 * the simulation's days; computed for days of 1M and 10M rounds from the page model
 * (archive-pace.ts runsToArchive: every shard's part in slices at once, pages at most over pages a
 * slice, and the global runs), which the measured days must not exceed.
 */
export function archivingTable(seededDay: ArchiveRuns & { rounds: number }, simulated: ArchiveRuns[]): string[] {
  const most = (pick: (r: ArchiveRuns) => number) => Math.max(0, ...simulated.map(pick));
  const big = [1_000_000, 10_000_000];
  // The shards this run binds (wrangler.toml): each archives its own rounds, a slice a minute.
  const shards = d1Bindings().length;
  const pages = archivePagesPerRun();
  const runs = (rounds: number) => runsToArchive(rounds, shards, pages);
  return [
    `| archiving under production scheduling: cron \`${ARCHIVE_CRON}\`, ${ARCHIVE_RUNS_PER_HOUR} runs an hour, each sending a slice of ${pages} pages to each of ${shards} shards | measured: seeded day of ${seededDay.rounds.toLocaleString("en")} rounds | measured: simulated days of ${DAY_PLAYERS.toLocaleString("en")} rounds (most) | ${big.map((n) => `computed: day of ${n / 1e6}M rounds`).join(" | ")} |`,
    "|---|---|---|---|---|",
    `| runs to archive the day | ${seededDay.runs} | ${most((r) => r.runs)} | ${big.map((n) => runs(n).toLocaleString("en")).join(" | ")} |`,
    `| runs at most by the page model | ${runs(seededDay.rounds)} | ${runs(DAY_PLAYERS)} | ${big.map((n) => runs(n).toLocaleString("en")).join(" | ")} |`,
    `| hours to archive the day | ${hours(seededDay.runs)} | ${hours(most((r) => r.runs))} | ${big.map((n) => hours(runs(n))).join(" | ")} |`,
    `| invocations (cron runs and shards' slices) | ${seededDay.invocations} | ${most((r) => r.invocations)} | | |`,
    `| most subrequests in one invocation (D1 calls, a batch one, R2 operations, queue sends; 1,000 allowed) | ${seededDay.maxSubrequests} | ${most((r) => r.maxSubrequests)} | | |`,
    `| most D1 statements in one invocation | ${seededDay.maxStatements} | ${most((r) => r.maxStatements)} | | |`,
    `| longest invocation, ms (local wrangler dev) | ${seededDay.maxMs} | ${most((r) => r.maxMs)} | | |`,
  ];
}

/** Hours to archive a day of 10M rounds at each number of shards, from the page model (docs/scale.md's table). */
export function archivingByShards(): string[] {
  const pages = archivePagesPerRun();
  return [
    "| N | pages a slice | runs for 10M rounds | hours |",
    "|---|---|---|---|",
    ...[1, 2, 4, 8, 16].map((n) => `| ${n} | ${pages} | ${runsToArchive(10_000_000, n, pages)} | ${hours(runsToArchive(10_000_000, n, pages))} |`),
  ];
}
