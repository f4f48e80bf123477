// Load test (npm run loadtest): a burst of players starting their ranked rounds at once, then
// many tabs finding words (sent in batches, each accepted word answered with a receipt) and syncing receipts in batches, with
// replays, duplicate syncs, tabs killed before their last sync, and the whole local server
// (wrangler dev: workerd + local D1 + the queue) killed and restarted mid-run. Then every tab
// comes back (its "next visit": resend what the server lacks) and the reconciliation proves
// that every receipted word is counted exactly once and nothing else, every score equals its
// round's words, and the day's histogram and word counts equal what the rounds hold.
//
// It starts its own server (scripts/serve.ts) on a spare loopback port with a fresh local D1
// folder, and stops it at the end. Settings (environment variables):
//   LOADTEST_PLAYERS=2000      players in the burst (each starts its ranked round)
//   LOADTEST_BURST=10          seconds over which the burst's round starts are sent
//   LOADTEST_DURATION=60       seconds of play after the burst
//   LOADTEST_ACTIVE=200        players who go on playing after the burst
//   LOADTEST_CONNECTIONS=48    requests in flight at once
//   LOADTEST_SEED=1            the seed of the tabs' choices (the same seed, the same choices)
// Exits 0 when the reconciliation holds, 1 otherwise. `npm run loadtest -- --rooms` runs the live
// rooms' load test instead (scripts/loadtest-rooms.ts).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { type LocalServer, d1Files, startProduct } from "./lib/server.ts";
import { Lexicon, RULES, boardFromRows, createRng, solve } from "#engine";
import { ranksOf } from "#worker/results/found-set.ts";
import { MIN_SHAPE_WORDS, SHAPE_SAMPLE_LIMIT, type ShapeWord, bestPoints, picksLikeASolver, shapeBounds, shapeOf } from "#worker/results/word-choice.ts";
import { percentile } from "./lib/stats.ts";
import { TimedRequests, Unreachable, retrying } from "./lib/timed-requests.ts";
import { helpRequested, positiveIntegerSetting } from "./lib/usage.ts";

helpRequested(`
npm run loadtest [-- --rooms]

A burst of players starting their ranked rounds, then tabs finding words and syncing receipts,
with the local server killed and restarted mid-run; then every receipted word is reconciled
against D1 (exit 0 when each is counted exactly once, 1 otherwise). --rooms runs the live rooms'
WebSocket load test instead (LOADTEST_ROOMS, LOADTEST_ROOM_PLAYERS, LOADTEST_ROUND_SECONDS,
LOADTEST_THINK_MS, LOADTEST_URL).

Settings (environment variables):
  LOADTEST_PLAYERS=2000      players in the burst (each starts its ranked round)
  LOADTEST_BURST=10          seconds over which the burst's round starts are sent
  LOADTEST_DURATION=60       seconds of play after the burst
  LOADTEST_ACTIVE=200        players who go on playing after the burst
  LOADTEST_CONNECTIONS=48    requests in flight at once
  LOADTEST_SEED=1            the seed of the tabs' choices (the same seed, the same choices)
`);

const root = path.resolve(import.meta.dirname, "..");
const PLAYERS = positiveIntegerSetting("LOADTEST_PLAYERS", 2000);
const BURST_S = positiveIntegerSetting("LOADTEST_BURST", 10);
const DURATION_S = positiveIntegerSetting("LOADTEST_DURATION", 60);
/** Tabs that keep playing after the burst (the others started and left): enough words each to sync. */
const ACTIVE = positiveIntegerSetting("LOADTEST_ACTIVE", 200);
const CONNECTIONS = positiveIntegerSetting("LOADTEST_CONNECTIONS", 48);
/** Every choice the tabs make comes from this seeded generator, so a failing run can be replayed. */
const rng = createRng(positiveIntegerSetting("LOADTEST_SEED", 1));
/** A number in [0, 1) from the run's generator. */
const chance = () => rng.random(1 << 30) / (1 << 30);
const PER_SYNC = 50;

// ---- the server under test (restartable on the same port and D1 folder)
const persistDir = mkdtempSync(path.join(os.tmpdir(), "tumbleword-loadtest-"));
let server: LocalServer | undefined;

/**
 * Starts the product on `port` (the same one after the mid-run kill, so the tabs carry on; a
 * free one at first).
 */
async function startServer(port?: number): Promise<LocalServer> {
  server = await startProduct({ port, persistDir });
  return server;
}

async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  await running?.stop();
}
process.on("exit", () => server?.kill());
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stopServer().then(() => process.exit(130)));

// ---- requests, timed (scripts/lib/timed-requests.ts)
const http = new TimedRequests();
const request = http.request.bind(http);

async function pool<T>(count: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(width, count) }, async () => {
    while (next < count) {
      const i = next++;
      out[i] = await task(i);
    }
  }));
  return out;
}

// ---- the simulated tabs
interface Tab {
  token: string;
  roundId: string;
  ticket: string;
  /** Receipts by word: the tab's saved game (survives a killed tab). */
  receipts: Map<string, string>;
  /** Receipts not synced yet: the tab's memory (lost when the tab is killed). */
  unsynced: string[];
  synced: string[];
  killed: boolean;
}

const pick = <T>(xs: readonly T[]): T => xs[rng.random(xs.length)];
const authorized = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Today's puzzle and its solution, learned from the engine as any client could (the board is public). */
interface Today {
  date: string;
  /** The solution's words in rank order (the order of the found-words bitset). */
  words: string[];
  /** Each word's points and whether it is an everyday word, in rank order (for the word-choice rule). */
  shapes: ShapeWord[];
  points: Map<string, number>;
  valid: string[];
  invalid: string[];
}

async function learnToday(): Promise<Today> {
  const today = (await request<{ date: string; board: string[][]; totals: { words: number; points: number } }>("puzzle", "/api/puzzles/today")).body;
  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon/english.bin")));
  const solution = solve(boardFromRows(today.board), lexicon, RULES.classic);
  if (solution.totals.words !== today.totals.words) throw new Error("the local engine's solution does not match the served totals (is dist/lexicon up to date?)");
  const points = new Map(solution.words.map((w) => [w.word, w.points]));
  const valid = solution.words.map((w) => w.word);
  const invalid = ["at", "xqzvwk", "zzzzzz", "qqq", "abcdefgh"].filter((w) => !points.has(w));
  return { date: today.date, words: valid, shapes: solution.words.map((w) => ({ points: w.points, common: w.common })), points, valid, invalid };
}

/** Players first (not timed; creation is limited per client address, so each has its own). */
function createPlayers(): Promise<string[]> {
  return pool(PLAYERS, CONNECTIONS, async (i) => {
    const ip = `127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    return retrying(async () => (await request<{ token: string }>("create player", "/api/players", { method: "POST", json: {}, headers: { "CF-Connecting-IP": ip } })).body.token);
  });
}

interface Burst {
  tabs: Tab[];
  /** When the last round start was sent, and when the last was answered (s after the first). */
  sentSeconds: number;
  burstSeconds: number;
}

/**
 * The burst: the players start their ranked rounds on a schedule spread evenly over BURST_S
 * seconds, whether or not earlier starts have been answered yet (people do not wait for each other).
 */
async function burst(players: string[]): Promise<Burst> {
  const burstStart = performance.now();
  let lastSent = 0;
  const tabs: Tab[] = await Promise.all(
    players.map(async (token, i) => {
      await new Promise((r) => setTimeout(r, (i * BURST_S * 1000) / PLAYERS));
      lastSent = performance.now();
      // Queued behind the whole burst, an answer may take long: wait for it rather than pile on retries.
      const round = await retrying(async () => (await request<{ roundId: string; ticket: string }>("burst round start", "/api/puzzles/today/rounds", { method: "POST", headers: authorized(token), timeoutMs: 180_000 })).body);
      return { token, roundId: round.roundId, ticket: round.ticket, receipts: new Map(), unsynced: [], synced: [], killed: false };
    }),
  );
  return { tabs, sentSeconds: (lastSent - burstStart) / 1000, burstSeconds: (performance.now() - burstStart) / 1000 };
}

interface PlayCounts {
  words: number;
  /** Requests that carried the words (the site sends its words in batches). */
  batches: number;
  accepted: number;
  rejected: number;
  replays: number;
  syncs: number;
  duplicateSyncs: number;
  killedTabs: number;
  unanswered: number;
}

/** One thing a tab does: a batch of words, a sync, a duplicate sync, or being killed before its last sync. */
async function act(tab: Tab, today: Today, counts: PlayCounts): Promise<void> {
  const roll = chance();
  if (roll < 0.7) {
    // A batch of 1 to 4 words, as the site sends them: mostly of the solution, some that do not
    // count, some found again (replays).
    const mine = [...tab.receipts.keys()];
    const words = Array.from({ length: 1 + rng.random(4) }, (_, i) => {
      const replay = roll < 0.1 && mine.length > 0 && i === 0;
      if (replay) counts.replays++;
      return replay ? pick(mine) : roll < 0.55 ? pick(today.valid) : pick(today.invalid);
    });
    counts.words += words.length;
    counts.batches++;
    const { body } = await request<{ verdicts: { accepted: boolean; points: number; receipt?: string }[] }>("word batch", `/api/rounds/${tab.roundId}/words/batch`, {
      method: "POST",
      json: { ticket: tab.ticket, words: words.map((word) => ({ word, age: rng.random(5000) })) },
    });
    for (const [i, verdict] of body.verdicts.entries()) {
      const word = words[i];
      if (verdict.accepted) {
        counts.accepted++;
        if (verdict.points !== today.points.get(word)) throw new Error(`wrong points for ${word}`);
        tab.receipts.set(word, verdict.receipt!);
        tab.unsynced.push(verdict.receipt!);
      } else {
        counts.rejected++;
        if (today.points.has(word)) throw new Error(`a word of the solution was refused: ${word}`);
      }
    }
  } else if (roll < 0.9) {
    const batch = tab.unsynced.slice(0, PER_SYNC);
    if (batch.length === 0) return;
    const { status, body } = await request<{ refused: unknown[] }>("sync", `/api/rounds/${tab.roundId}/receipts`, { method: "POST", json: { ticket: tab.ticket, receipts: batch } });
    if (status !== 202 || body.refused.length > 0) throw new Error(`a sync was refused: ${status} ${JSON.stringify(body)}`);
    counts.syncs++;
    tab.unsynced = tab.unsynced.filter((r) => !batch.includes(r));
    tab.synced.push(...batch);
  } else if (roll < 0.97) {
    // A duplicate: receipts already synced, sent again (a retry whose answer was lost).
    if (tab.synced.length === 0) return;
    const batch = tab.synced.slice(-Math.min(PER_SYNC, 1 + rng.random(5)));
    await request("sync", `/api/rounds/${tab.roundId}/receipts`, { method: "POST", json: { ticket: tab.ticket, receipts: batch } });
    counts.duplicateSyncs++;
  } else if (!tab.killed && tab.unsynced.length > 0) {
    // The tab is killed before its last sync: its unsynced receipts are only in its storage.
    tab.killed = true;
    tab.unsynced = [];
    counts.killedTabs++;
  }
}

/**
 * The whole local server (wrangler, workerd, D1, the queue) killed with SIGKILL, then started
 * again on the same port and D1 folder; `down` is true meanwhile. Returns the restart's seconds.
 */
async function killAndRestart(running: LocalServer, down: { value: boolean }): Promise<number> {
  down.value = true;
  await running.crash();
  const restart = performance.now();
  await startServer(running.port);
  down.value = false;
  return (performance.now() - restart) / 1000;
}

/**
 * Play for DURATION_S by the active tabs, CONNECTIONS requests in flight. Halfway through, the
 * server is killed and started again; requests meanwhile fail and are retried by the tabs later
 * (a word without an answer has no receipt, so it does not count).
 */
async function playRounds(tabs: Tab[], today: Today): Promise<{ counts: PlayCounts; restartSeconds: number }> {
  const counts: PlayCounts = { words: 0, batches: 0, accepted: 0, rejected: 0, replays: 0, syncs: 0, duplicateSyncs: 0, killedTabs: 0, unanswered: 0 };
  const down = { value: false };
  const playUntil = Date.now() + DURATION_S * 1000;
  const active = tabs.slice(0, Math.min(ACTIVE, tabs.length));
  const chaos = (async () => {
    await new Promise((r) => setTimeout(r, (DURATION_S * 1000) / 2));
    return killAndRestart(server!, down);
  })();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < playUntil) {
        if (down.value) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        const tab = pick(active);
        if (tab.killed) continue;
        try {
          await act(tab, today, counts);
        } catch (error) {
          if (!(error instanceof Unreachable)) throw error;
          counts.unanswered++;
        }
      }
    }),
  );
  return { counts, restartSeconds: await chaos };
}

/** The stored words of every tab's round, as its next visit (a round start) gets them. */
function roundViews(tabs: Tab[]): Promise<{ words: string[] }[]> {
  return pool(tabs.length, CONNECTIONS, async (i) =>
    (await retrying(() => request<{ words: string[] }>("round start", "/api/puzzles/today/rounds", { method: "POST", headers: authorized(tabs[i].token) }))).body,
  );
}

/**
 * The next visit of every tab: the server's view of the round, and the receipts of the words it
 * lacks sent again. Then the queue drains: wait until every round holds its receipted words (or
 * give up after a minute).
 */
async function nextVisits(tabs: Tab[]): Promise<{ resent: number; lagging: number; settleSeconds: number }> {
  const resendStart = performance.now();
  let resent = 0;
  await pool(tabs.length, CONNECTIONS, async (i) => {
    const tab = tabs[i];
    const round = await retrying(async () => (await request<{ words: string[] }>("round start", "/api/puzzles/today/rounds", { method: "POST", headers: authorized(tab.token) })).body);
    const stored = new Set(round.words);
    const missing = [...tab.receipts].filter(([word]) => !stored.has(word)).map(([, receipt]) => receipt);
    for (let k = 0; k < missing.length; k += PER_SYNC) {
      await retrying(() => request("sync", `/api/rounds/${tab.roundId}/receipts`, { method: "POST", json: { ticket: tab.ticket, receipts: missing.slice(k, k + PER_SYNC) } }));
    }
    resent += missing.length;
  });
  const deadline = Date.now() + 60_000;
  let lagging = tabs.length;
  while (Date.now() < deadline && lagging > 0) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = await roundViews(tabs);
    lagging = now.filter((v, i) => v.words.length < tabs[i].receipts.size).length;
  }
  return { resent, lagging, settleSeconds: (performance.now() - resendStart) / 1000 };
}

interface Reconciliation {
  problems: string[];
  receipted: number;
  fairPlay: string;
}

type StoredRound = { id: string; found: Uint8Array; score: number; words: number; verified: number; flags: string };

/** The day's ranked rounds and its counts over every shard's file: rounds side by side, counts added up. */
function readShards(date: string): { stored: StoredRound[]; histogram: Map<number, number>; finders: Map<number, number> } {
  const stored: StoredRound[] = [];
  const histogram = new Map<number, number>();
  const finders = new Map<number, number>();
  const add = (map: Map<number, number>, key: number, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  for (const file of d1Files(persistDir)) {
    // The stopped server's workerd may still be letting go of the file: wait for its lock, not fail.
    const db = new DatabaseSync(file, { readOnly: true, timeout: 30_000 });
    try {
      stored.push(...(db.prepare("select id, found, score, words, verified, flags from rounds where puzzle_date = ? and ranked = 1").all(date) as StoredRound[]));
      for (const r of db.prepare("select score, rounds from score_histogram where puzzle_date = ?").all(date) as { score: number; rounds: number }[]) add(histogram, r.score, r.rounds);
      for (const r of db.prepare("select word_rank, finders from word_finders where puzzle_date = ?").all(date) as { word_rank: number; finders: number }[]) add(finders, r.word_rank, r.finders);
    } finally {
      db.close();
    }
  }
  for (const map of [histogram, finders]) for (const [key, n] of map) if (n === 0) map.delete(key);
  return { stored, histogram, finders };
}

/**
 * The reconciliation, in the server's own databases (the server stopped; every shard's file,
 * worker/db/shards.ts): every receipted word is counted exactly once and nothing else, every
 * score is its round's words, and the day's histogram and word counts (summed over the shards)
 * equal a recount of the rounds.
 */
function reconcile(tabs: Tab[], today: Today): Reconciliation {
  const { stored, histogram, finders } = readShards(today.date);
  const byId = new Map(stored.map((r) => [r.id, r]));
  const problems: string[] = [];
  let receipted = 0;
  for (const [i, tab] of tabs.entries()) {
    const row = byId.get(tab.roundId);
    if (row === undefined) {
      problems.push(`tab ${i}: its round is not stored`);
      continue;
    }
    const words = ranksOf(row.found).map((r) => today.words[r]);
    receipted += tab.receipts.size;
    const expected = new Set(tab.receipts.keys());
    for (const w of expected) if (!words.includes(w)) problems.push(`tab ${i}: receipted "${w}" is not counted`);
    for (const w of words) if (!expected.has(w)) problems.push(`tab ${i}: "${w}" is counted without a receipt`);
    const sum = words.reduce((s, w) => s + today.points.get(w)!, 0);
    if (row.score !== sum || row.words !== words.length) problems.push(`tab ${i}: score ${row.score} / ${row.words} words, its words sum to ${sum} / ${words.length}`);
  }
  const recountScores = new Map<number, number>();
  const recountFinders = new Map<number, number>();
  // The day's aggregates count verified rounds only: a round under fair-play review is withdrawn.
  for (const r of stored.filter((round) => round.verified === 1)) {
    recountScores.set(r.score, (recountScores.get(r.score) ?? 0) + 1);
    for (const rank of ranksOf(r.found)) recountFinders.set(rank, (recountFinders.get(rank) ?? 0) + 1);
  }
  const same = (a: Map<number, number>, b: Map<number, number>) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);
  if (!same(histogram, recountScores)) problems.push("the score histogram differs from a recount of the rounds");
  if (!same(finders, recountFinders)) problems.push("the word counts differ from a recount of the rounds");
  if (stored.length !== tabs.length) problems.push(`${stored.length} ranked rounds stored for ${tabs.length} players`);
  const flagged = (flag: string) => stored.filter((r) => r.flags.split(",").includes(flag)).length;
  const fairPlay = `${stored.length} ranked rounds judged, ${stored.filter((r) => r.verified !== 1).length} under review (pace ${flagged("pace")}, sustained ${flagged("sustained")}, sweep ${flagged("sweep")}, rare-sweep ${flagged("rare-sweep")}); ${solverLike(stored, today)}`;
  return { problems, receipted, fairPlay };
}

/**
 * The word-choice rule (worker/results/word-choice.ts) on every verified round, not only the top
 * places the Worker marks, against the same bounds: the day's best SHAPE_SAMPLE_LIMIT verified
 * rounds. Every "solver-like" round here is a false positive: the tabs pick words at random.
 */
function solverLike(stored: readonly { found: Uint8Array; score: number; verified: number }[], today: Today): string {
  const best = bestPoints(today.shapes);
  const shape = (found: Uint8Array) => shapeOf(ranksOf(found).map((r) => today.shapes[r]!), best);
  const verified = stored.filter((r) => r.verified === 1).map((r) => ({ score: r.score, shape: shape(r.found) }));
  const bounds = shapeBounds([...verified].sort((a, b) => b.score - a.score).slice(0, SHAPE_SAMPLE_LIMIT).map((r) => r.shape), today.shapes);
  const judged = verified.filter((r) => r.shape.words >= MIN_SHAPE_WORDS);
  const flagged = judged.filter((r) => picksLikeASolver(r.shape, bounds)).length;
  const top = Math.max(0, ...judged.map((r) => r.shape.bestPick));
  return `word choice: ${flagged} of ${judged.length} verified rounds of ${MIN_SHAPE_WORDS}+ words solver-like (highest best-pick share ${top.toFixed(2)}, bounds ${bounds.bestPick.toFixed(2)} / rare ${bounds.rareShare.toFixed(2)})`;
}

/** The table the run prints (and test/scripts/loadtest.test.ts reads). */
function report(run: { burst: Burst; play: { counts: PlayCounts; restartSeconds: number }; visits: Awaited<ReturnType<typeof nextVisits>>; result: Reconciliation }): void {
  const { burst: b, play, visits, result } = run;
  const { counts } = play;
  const lat = (kind: string) => {
    const xs = http.latencies.get(kind) ?? [];
    return `${xs.length} requests, p50 / p90 / p99 ${percentile(xs, 50).toFixed(0)} / ${percentile(xs, 90).toFixed(0)} / ${percentile(xs, 99).toFixed(0)} ms`;
  };
  const rows: [string, string][] = [
    ["burst", `${PLAYERS} round starts sent within ${b.sentSeconds.toFixed(1)} s, all answered after ${b.burstSeconds.toFixed(1)} s; ${lat("burst round start")}`],
    ["round starts (next visits)", lat("round start")],
    ["words", `${counts.words} in ${lat("word batch")}; ${counts.accepted} accepted (${counts.replays} of them replays), ${counts.rejected} refused`],
    ["syncs", `${lat("sync")}; ${counts.syncs} syncs, ${counts.duplicateSyncs} duplicate syncs`],
    ["tabs killed before their last sync", String(counts.killedTabs)],
    ["server killed mid-run", `restarted in ${play.restartSeconds.toFixed(1)} s; ${counts.unanswered} requests without a usable answer during the run (the tabs carry on)`],
    ["next visits", `${visits.resent} receipts sent again; every round complete ${visits.settleSeconds.toFixed(1)} s after the play ended${visits.lagging > 0 ? ` (${visits.lagging} rounds still lagging)` : ""}`],
    ["receipted words", `${result.receipted} across ${b.tabs.length} rounds`],
    ["fair play", result.fairPlay],
    ["answers", [...http.outcomes].map(([k, v]) => `${k} ×${v}`).join(", ")],
    ["5xx answers (tried again)", http.failures.length === 0 ? "none" : `${http.failures.length}, e.g. ${http.failures[0]}`],
    ["reconciliation", result.problems.length === 0 ? "OK: every receipted word counted once, nothing else, scores = words, histogram and word counts = recount" : `FAILED (${result.problems.length} problems)`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join("\n"));
  for (const p of result.problems.slice(0, 20)) console.error(`  ${p}`);
}

async function main(): Promise<number> {
  http.base = (await startServer()).url;
  console.log(`Load test against ${http.base}: ${PLAYERS} players, burst within ${BURST_S} s, then ${DURATION_S} s of play by ${Math.min(ACTIVE, PLAYERS)} of them, ${CONNECTIONS} requests in flight`);
  const today = await learnToday();
  const started = await burst(await createPlayers());
  const play = await playRounds(started.tabs, today);
  const visits = await nextVisits(started.tabs);
  await stopServer();
  const result = reconcile(started.tabs, today);
  report({ burst: started, play, visits, result });
  return result.problems.length === 0 ? 0 : 1;
}

// `--rooms`: the live rooms' WebSocket load test instead (scripts/loadtest-rooms.ts).
(process.argv.includes("--rooms") ? import("./loadtest-rooms.ts").then((rooms) => rooms.runRoomsLoadtest()) : main())
  .then(async (code) => {
    await stopServer();
    rmSync(persistDir, { recursive: true, force: true });
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    console.error(err instanceof Error ? err.stack : err);
    await stopServer();
    rmSync(persistDir, { recursive: true, force: true });
    process.exit(1);
  });
