// Settling and archiving a day in worker tests: the moment its syncs are over, its settle probe
// taken by the consumer, and its answers read afresh (to compare them before and after the move).
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import worker from "#worker/index.ts";
import type { QueueMessage } from "#worker/results/sync-consumer.ts";
import { database } from "#worker/db/client.ts";
import { sendProbes } from "#worker/archive/retention.ts";
import { ORIGIN, call, today } from "./helpers.ts";

/** Three days on: today's syncs are over (the deadline is a day after the close). */
export const later = (): number => Date.now() + 3 * 86_400_000;

/** Has the upkeep send the day's settle probe (and those of any other day past its deadline) and the consumer take them. */
export async function probeToday(now: number, date = today()): Promise<void> {
  const sent = await sendProbes(env, database(env.DB), now);
  expect(sent).toContain(date);
  const batch = createMessageBatch<QueueMessage>("tumbleword-syncs", sent.map((date, i) => ({ id: `p${i}`, timestamp: new Date(), attempts: 1, body: { kind: "settle-probe", date } })));
  await worker.queue(batch, env);
}

/**
 * Today's shared and private answers, built afresh (the edge cache emptied first): every page of the
 * leaderboard at each of `limits` (following the cursors, across archive chunks), of the review
 * list at 100, and each player's standing and solution.
 */
export async function answers(tokens: string[], limits: readonly number[] = [2, 100]): Promise<string[]> {
  const out: string[] = [];
  for (const [limit, review] of [...limits.map((limit) => [limit, false] as const), [100, true] as const]) {
    let cursor: string | null | undefined = undefined;
    do {
      // The answer's cache key (results/routes.ts): limit, cursor, review, in that order.
      const path = `/api/puzzles/${today()}/leaderboard?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}${review ? "&review=1" : ""}`;
      await caches.default.delete(new Request(`${ORIGIN}${path}`));
      const text = await (await call(path)).text();
      out.push(text);
      cursor = JSON.parse(text).next as string | null | undefined;
    } while (cursor);
  }
  for (const token of tokens) {
    out.push(await (await call(`/api/puzzles/${today()}/leaderboard/me`, { token })).text());
    await caches.default.delete(new Request(`${ORIGIN}/api/puzzles/${today()}/solution?embargoed=1`));
    out.push(await (await call(`/api/puzzles/${today()}/solution`, { token })).text());
  }
  return out;
}
