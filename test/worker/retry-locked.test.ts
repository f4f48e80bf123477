// A statement that found the local database locked is run again (worker/db/retry-locked.ts); any
// other error is not, and a batch still receives the binding's own statements.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isLocked, retryingWhenLocked, whileLocked } from "#worker/db/retry-locked.ts";

const LOCKED = new Error("D1_ERROR: database is locked: SQLITE_BUSY");

/** Fails with `error` the first `times` calls, then runs `then`. */
function failing<T>(times: number, error: Error, then: () => Promise<T>) {
  let calls = 0;
  const run = () => (++calls <= times ? Promise.reject(error) : then());
  return { run, calls: () => calls };
}

describe("retrying while the database is locked", () => {
  it("runs again after SQLITE_BUSY, up to five attempts, and never after another error", async () => {
    const twice = failing(2, LOCKED, async () => "ran");
    expect(await whileLocked(twice.run)).toBe("ran");
    expect(twice.calls()).toBe(3);

    const always = failing(99, LOCKED, async () => "never");
    await expect(whileLocked(always.run)).rejects.toBe(LOCKED);
    expect(always.calls()).toBe(5);

    const other = new Error("D1_ERROR: UNIQUE constraint failed: rounds.id");
    const once = failing(1, other, async () => "never");
    await expect(whileLocked(once.run)).rejects.toBe(other);
    expect(once.calls()).toBe(1);
    expect(isLocked(new Error("D1_ERROR", { cause: new Error("database is locked: SQLITE_BUSY") }))).toBe(true);
  });

  it("wraps a real binding: statements, bound values and batches behave as the binding's own", async () => {
    const d1 = retryingWhenLocked(env.DB);
    await d1.prepare("create table if not exists retry_probe (n integer)").run();
    await d1.batch([d1.prepare("insert into retry_probe (n) values (?)").bind(1), d1.prepare("insert into retry_probe (n) values (?)").bind(2)]);
    expect((await d1.prepare("select sum(n) as total from retry_probe").first<{ total: number }>())?.total).toBe(3);
    expect((await d1.prepare("select n from retry_probe order by n").raw()).flat()).toEqual([1, 2]);
  });

  it("retries a locked batch as a whole", async () => {
    let calls = 0;
    const fake = {
      prepare: (query: string) => ({ query, bind: () => fake.prepare(query) }),
      batch: async (statements: unknown[]) => {
        if (++calls === 1) throw LOCKED;
        return statements;
      },
    } as unknown as D1Database;
    const d1 = retryingWhenLocked(fake);
    const statement = d1.prepare("update rounds set score = 1");
    const ran = (await d1.batch([statement])) as unknown as { query: string }[];
    expect(calls).toBe(2);
    // The binding received its own statement, not the wrapper.
    expect(ran[0]).not.toBe(statement);
    expect(ran[0]!.query).toBe("update rounds set score = 1");
  });
});
