// A statement that found the database locked never ran, so running it again is safe. Production
// D1 queues writes itself, but the local engine (wrangler dev, and whatever else writes its SQLite
// file: `wrangler d1 execute --local`, the browser tests moving a round's end) answers SQLITE_BUSY
// at once instead of waiting, and a player's click would fail with a 500. Cloudflare's D1 guide
// asks for retries of transient errors with backoff and jitter; this is the one retried here.
// Other errors, which may mean a write did happen, are never retried.

const ATTEMPTS = 5;
const FIRST_WAIT_MS = 10;

export function isLocked(error: unknown): boolean {
  return /SQLITE_BUSY|database is locked/.test(String(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : error));
}

/** Runs `run`, again after a short backoff (10 ms, doubling, jittered) while the database is locked. */
export async function whileLocked<T>(run: () => Promise<T>, attempts = ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isLocked(error) || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, FIRST_WAIT_MS * 2 ** (attempt - 1) * (0.5 + Math.random())));
    }
  }
}

const RUNS = new Set<PropertyKey>(["run", "all", "first", "raw"]);

/** The D1 binding, its statements and batches retried while the database is locked. */
export function retryingWhenLocked(d1: D1Database): D1Database {
  // batch() takes the binding's own statements: each wrapper remembers the one it wraps.
  const unwrapped = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = new Proxy(statement, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (RUNS.has(prop)) return (...args: unknown[]) => whileLocked(() => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        return value.bind(target);
      },
    });
    unwrapped.set(wrapper, statement);
    return wrapper;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (query: string) => wrap(target.prepare(query));
      if (prop === "batch") return (statements: D1PreparedStatement[]) => whileLocked(() => target.batch(statements.map((s) => unwrapped.get(s) ?? s)));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
