// Rounds played at chosen moments for the fair-play tests: receipts issued with the test secret for
// the server times a test picks (as the Worker would have issued them), synced and stored.
import { env } from "cloudflare:workers";
import { issueReceipt } from "#worker/rounds/tickets-and-receipts.ts";
import { MAX_RECEIPTS_PER_SYNC } from "#game/round.ts";
import { type Json, type TestPlayer, startRound, sync, waitForStored } from "./helpers.ts";

/**
 * Plays today's ranked round with each word judged by the server at `startedAt + offsets[i]`,
 * synced in full batches and stored; the round. The batches go all at once (the verdict depends on
 * the judging times, not on the sync order); with `afterBatch`, one at a time, each stored before
 * the next as a client syncing every few seconds would have it, and `afterBatch` runs after each.
 */
export async function playAt(player: TestPlayer, words: readonly string[], offsets: readonly number[], afterBatch?: (roundId: string, batch: number) => Promise<void>): Promise<Json> {
  const round = await startRound(player);
  const startedAt = Date.parse(round.startedAt);
  const receipts = await Promise.all(words.map((word, i) => issueReceipt(env, round.roundId, word, startedAt + offsets[i]!)));
  const batches: string[][] = [];
  for (let i = 0; i < receipts.length; i += MAX_RECEIPTS_PER_SYNC) batches.push(receipts.slice(i, i + MAX_RECEIPTS_PER_SYNC));
  if (afterBatch === undefined) {
    await Promise.all(batches.map((batch) => sync(round, batch)));
    await waitForStored(round.roundId, words.length);
    return round;
  }
  for (const [n, batch] of batches.entries()) {
    await sync(round, batch);
    await waitForStored(round.roundId, Math.min((n + 1) * MAX_RECEIPTS_PER_SYNC, words.length));
    await afterBatch(round.roundId, n);
  }
  return round;
}
