// Syncing receipts (the producer side): the client sends the receipts it holds for a round, with
// the round's ticket; each one is checked on its own (a bad one never spoils the others) and the
// words of the good ones go to the queue in one message. The consumer (worker/results/sync-consumer.ts) merges
// them into D1. Sending the same receipts twice is harmless: the merge is idempotent.
import type { Env } from "../env.ts";
import { GRACE_MS } from "#game/round.ts";
import { type RoundTicket, verifyReceipt } from "./tickets-and-receipts.ts";
import { syncDeadline } from "../results/sync-window.ts";

/** One queue message: words of one round whose receipts verified. */
export interface SyncMessage {
  roundId: string;
  /** The round's player: the consumer merges on their shard (absent in messages of older versions). */
  playerId?: string;
  date: string;
  ranked: boolean;
  words: string[];
  /** When the server judged each word (from its receipt; same order as `words`): the fair-play pace. */
  at?: number[];
}

export type RefusalReason = "malformed" | "invalid" | "late" | "final";

export interface SyncAnswer {
  /** How many distinct words were queued. */
  queued: number;
  refused: { receipt: string; reason: RefusalReason }[];
}

/** The words of the good receipts (the message to queue, null when none) and the answer. */
export async function checkReceipts(env: Env, ticket: RoundTicket, receipts: readonly string[], now: number): Promise<{ message: SyncMessage | null; answer: SyncAnswer }> {
  const refused: SyncAnswer["refused"] = [];
  // Each word once, at the earliest time the server judged it.
  const words = new Map<string, number>();
  // A ranked day's results are final after the sync window: nothing changes them any more.
  const final = ticket.ranked && now > syncDeadline(ticket.date);
  const checks = await Promise.all(receipts.map((receipt) => verifyReceipt(env, ticket.roundId, receipt)));
  checks.forEach((check, i) => {
    const receipt = receipts[i];
    if (!check.ok) refused.push({ receipt, reason: check.reason });
    else if (ticket.endsAt !== null && check.receipt.at > ticket.endsAt + GRACE_MS) refused.push({ receipt, reason: "late" });
    else if (final) refused.push({ receipt, reason: "final" });
    else {
      const { word, at } = check.receipt;
      words.set(word, Math.min(at, words.get(word) ?? at));
    }
  });
  const message = words.size === 0 ? null : { roundId: ticket.roundId, playerId: ticket.playerId, date: ticket.date, ranked: ticket.ranked, words: [...words.keys()], at: [...words.values()] };
  return { message, answer: { queued: words.size, refused } };
}
