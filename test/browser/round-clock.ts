// Ends a player's ranked round early without waiting out ROUND_SECONDS: the round's row in the
// server's local D1 (a SQLite file in the state folder global-setup.ts made) is moved back in
// time, the way the Worker tests move it with SQL. The server then judges and reports the round
// by the moved times; a reload gives the page the new end, and the page ends the round on its
// own clock as it would at the end of a full round.
import { DatabaseSync } from "node:sqlite";
import type { Page } from "playwright-core";
import { expect, inject } from "vitest";
import { d1Files } from "#scripts/lib/server.ts";
import { serverClockShiftMs, serverNow } from "./helpers.ts";

/** Every shard's D1 file in the server's state folder (worker/db/shards.ts): the round is on one of them. */
const shardFiles = () => d1Files(inject("serverStateDir"));

/** The page's latest stored game (its round for today). */
function storedGame(page: Page): Promise<{ roundId: string | null; pending: unknown[] } | null> {
  return page.evaluate(() => {
    const games = Object.keys(localStorage).filter((k) => k.startsWith("tw:game:")).sort();
    return JSON.parse(localStorage.getItem(games.at(-1) ?? "") ?? "null") as { roundId: string | null; pending: unknown[] } | null;
  });
}

/** The page's round for today, from its stored game. */
async function roundIdOf(page: Page): Promise<string> {
  const id = (await storedGame(page))?.roundId ?? null;
  if (!id) throw new Error("the page has no ranked round yet");
  return id;
}

/**
 * Moves the page's round so that it ends `inMs` from now, then reloads the page (which resumes
 * the round with its new end). Returns the new end, in this machine's clock.
 */
export async function endRoundIn(page: Page, inMs: number): Promise<number> {
  // The words found so far have had their whole round to reach the server: wait until each has its
  // verdict, or the moved end (a few seconds away, then the reload) could make them late on a busy machine.
  await expect.poll(async () => (await storedGame(page))?.pending.length ?? 0, { timeout: 30_000 }).toBe(0);
  const endsAt = moveRoundEnd(await roundIdOf(page), inMs);
  await page.reload();
  return endsAt;
}

/** Moves a round (by id) to end `inMs` from now (negative: it ended already). Returns the new end, in this machine's clock. */
export function moveRoundEnd(roundId: string, inMs: number): number {
  // The server's rows are on its clock, moved to its pinned day.
  const endsAt = serverNow() + inMs;
  let moved = 0;
  for (const file of shardFiles()) {
    const db = new DatabaseSync(file);
    try {
      // The Worker writes this file too (WAL mode): wait for its lock rather than fail.
      db.exec("PRAGMA busy_timeout = 5000");
      moved += Number(db.prepare("UPDATE rounds SET started_at = started_at - (ends_at - ?), ends_at = ? WHERE id = ? AND ends_at IS NOT NULL").run(endsAt, endsAt, roundId).changes);
    } finally {
      db.close();
    }
  }
  if (moved !== 1) throw new Error(`no ranked round ${roundId} in any shard's D1`);
  return endsAt - serverClockShiftMs;
}
