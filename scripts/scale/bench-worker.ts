// The product's Worker with a meter on its D1 bindings (every shard's), for `npm run scale` only (never deployed):
// every API request is answered by the product's own app, with `X-D1: statements rows_read
// rows_written` added from the `meta` D1 returns for each statement. A few /api/__scale/ routes
// (under /api/ because wrangler.toml runs the Worker first only there and for /embed*) let
// the script run the queue consumer's merge directly, mint a token for a seeded player, find the
// cursor of a deep page, and switch the Cache API off so that shared answers are built (misses).
// First, as in the Worker's entry: a pinned day (TODAY) moves the clock before anything reads it.
import "#worker/dev/pinned-day.ts";
import {
  type ArchiveSlice,
  type Env,
  type QueueMessage,
  type SyncMessage,
  allShardD1s,
  app,
  archiveSliceTick,
  archiveTick,
  consumeSyncs,
  database,
  encodeCursor,
  getPuzzles,
  homeDb,
  issueToken,
  mergeSyncs,
  probeSeen,
  retainSettledDays,
  sendProbes,
  shardBinding,
  shardCount,
  updateDayState,
} from "#worker/operations.ts";

// wrangler.toml binds the rooms' Durable Object class, so this Worker must export it too.
export { Room } from "#worker/operations.ts";

interface Meter {
  statements: number;
  rowsRead: number;
  rowsWritten: number;
  /** Subrequests to D1 (a batch is one) and to R2. */
  calls: number;
}

function record(meter: Meter, meta: D1Meta): void {
  meter.statements += 1;
  meter.rowsRead += meta.rows_read ?? 0;
  meter.rowsWritten += meta.rows_written ?? 0;
}

/** D1 as the app sees it, counting. raw() has no meta, so it runs as a one-statement batch. */
function meteredD1(db: D1Database, meter: Meter): D1Database {
  const targets = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        if (prop === "all" || prop === "run") {
          return async () => {
            meter.calls += 1;
            const result = await target.all();
            record(meter, result.meta);
            return result;
          };
        }
        if (prop === "first") {
          return async (column?: string) => {
            meter.calls += 1;
            const result = await target.all<Record<string, unknown>>();
            record(meter, result.meta);
            const row = result.results[0];
            return row === undefined ? null : column === undefined ? row : row[column];
          };
        }
        if (prop === "raw") {
          return async (options?: { columnNames?: boolean }) => {
            meter.calls += 1;
            const [result] = await db.batch<Record<string, unknown>>([target]);
            record(meter, result.meta);
            const rows = result.results.map((row) => Object.values(row));
            return options?.columnNames ? [Object.keys(result.results[0] ?? {}), ...rows] : rows;
          };
        }
        const value = Reflect.get(target, prop);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    targets.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(db, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      // A read-replica session (worker/db/shards.ts allShardReplicas) counts into the same meter.
      if (prop === "withSession") return (constraint?: string) => meteredD1(target.withSession(constraint) as unknown as D1Database, meter);
      if (prop === "batch") {
        return async (statements: D1PreparedStatement[]) => {
          meter.calls += 1;
          const results = await target.batch(statements.map((s) => targets.get(s) ?? s));
          for (const result of results) record(meter, result.meta);
          return results;
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

// The Cache API, switchable per request (the script sends one request at a time).
let cacheOff = false;
const realCaches = caches;
const noCache = { match: async () => undefined, put: async () => undefined, delete: async () => false };
Object.defineProperty(globalThis, "caches", {
  configurable: true,
  get: () => (cacheOff ? { default: noCache, open: async () => noCache } : realCaches),
});

/** R2 as the app sees it, each operation counted as a subrequest. */
function meteredR2(bucket: R2Bucket, meter: Meter): R2Bucket {
  return new Proxy(bucket, {
    get(target, prop) {
      const value = Reflect.get(target, prop);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        meter.calls += 1;
        return value.apply(target, args);
      };
    },
  });
}

function metered(env: Env): { env: Env; meter: Meter } {
  const meter: Meter = { statements: 0, rowsRead: 0, rowsWritten: 0, calls: 0 };
  // Every shard's binding (worker/db/shards.ts) counts into the same meter: a read that fans out costs what all its shards do.
  const shards = Object.fromEntries(allShardD1s(env).map((d1, i) => [shardBinding(i), meteredD1(d1, meter)]));
  return { env: { ...env, ...shards, ARCHIVE: meteredR2(env.ARCHIVE, meter) }, meter };
}

const header = (meter: Meter) => `${meter.statements} ${meter.rowsRead} ${meter.rowsWritten}`;

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === "/api/__scale/merge") {
      const { env: countedEnv, meter } = metered(env);
      const messages = (await request.json()) as SyncMessage[];
      const outcome = await mergeSyncs(countedEnv, messages);
      return Response.json({ ...outcome, d1: header(meter) });
    }
    // The hourly upkeep's settle probes at a simulated time `now` (the queue is empty in the
    // simulation, so each probe counts as taken as soon as it is sent).
    if (url.pathname === "/api/__scale/upkeep") {
      const { env: countedEnv, meter } = metered(env);
      const now = Number(url.searchParams.get("now"));
      const db = database(countedEnv.DB);
      const probes = await sendProbes(countedEnv, db, now);
      for (const date of probes) await probeSeen(db, date, now);
      return Response.json({ probes, d1: header(meter) });
    }
    // Settles what can be settled at `now`, archiving nothing (to read a day's answers from D1 first).
    if (url.pathname === "/api/__scale/settle") {
      const { env: countedEnv, meter } = metered(env);
      await retainSettledDays(countedEnv, database(countedEnv.DB), Number(url.searchParams.get("now")), { pages: 0 });
      return Response.json({ d1: header(meter) });
    }
    // One day's settle probe, sent and taken at `now` (its syncs are over; the queue is empty).
    if (url.pathname === "/api/__scale/probe-taken") {
      const now = Number(url.searchParams.get("now"));
      await updateDayState(homeDb(env), url.searchParams.get("date") ?? "", { probeSentAt: now, probeSeenAt: now });
      return Response.json({});
    }
    // One run of the archiving exactly as the every-minute cron runs it (the same function, the
    // same budget), at the cron's time `now`: its D1 counts, subrequests and wall time, and the
    // slices it sent to the archive queue (kept here: the script runs each as its own invocation).
    if (url.pathname === "/api/__scale/archive-run") {
      const { env: countedEnv, meter } = metered(env);
      const sent: ArchiveSlice[] = [];
      const queue = {
        async sendBatch(messages: Iterable<{ body: ArchiveSlice }>) {
          meter.calls += 1;
          for (const message of messages) sent.push(message.body);
        },
      };
      const started = Date.now();
      const run = await archiveTick({ ...countedEnv, ARCHIVE_QUEUE: queue as unknown as Queue }, database(countedEnv.DB), Number(url.searchParams.get("now")));
      return Response.json({ ...run, sent, d1: header(meter), subrequests: meter.calls, ms: Date.now() - started });
    }
    // One message of the archive queue, as its consumer takes it (archiveSliceTick, the same budget).
    if (url.pathname === "/api/__scale/archive-slice") {
      const { env: countedEnv, meter } = metered(env);
      const slice = (await request.json()) as ArchiveSlice;
      const started = Date.now();
      const pages = await archiveSliceTick(countedEnv, slice);
      return Response.json({ pages, d1: header(meter), subrequests: meter.calls, ms: Date.now() - started });
    }
    // Stores the puzzles of the given days (the simulation seeds rounds of days gone by).
    if (url.pathname === "/api/__scale/puzzles") {
      const dates = (url.searchParams.get("dates") ?? "").split(",");
      await getPuzzles(env, homeDb(env), dates, { stored: true });
      return Response.json({ stored: dates.length });
    }
    if (url.pathname.startsWith("/api/__scale/token/")) {
      return Response.json({ token: await issueToken(env, url.pathname.slice("/api/__scale/token/".length)) });
    }
    if (url.pathname === "/api/__scale/cursor") {
      const date = url.searchParams.get("date") ?? "";
      // About the offset-th round of the merged leaderboard: shard 0's round at offset / N (a
      // player's shard is a hash of their id, so each shard holds an even sample of the day).
      const offset = Math.floor(Number(url.searchParams.get("offset")) / shardCount(env));
      const row = await env.DB.prepare(
        "select score, started_at as startedAt, id as roundId from rounds where puzzle_date = ? and ranked = 1 order by score desc, started_at, id limit 1 offset ?",
      )
        .bind(date, offset)
        .first<{ score: number; startedAt: number; roundId: string }>();
      return Response.json({ cursor: row === null ? null : encodeCursor(row) });
    }
    cacheOff = request.headers.get("X-Scale-Cache") === "off";
    const { env: countedEnv, meter } = metered(env);
    const response = await app.fetch(request, countedEnv, ctx);
    const body = await response.arrayBuffer();
    const out = new Response(body, response);
    out.headers.set("X-D1", header(meter));
    return out;
  },
  async queue(batch: MessageBatch<QueueMessage>, env: Env): Promise<void> {
    await consumeSyncs(batch, env);
  },
} satisfies ExportedHandler<Env, QueueMessage>;
