// The archive queue's consumer: each message is one shard's slice of the archiving
// (archive-tick.ts sends them, a message per shard and minute while a settled day is not archived).
import { shardCount } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { type ArchiveSlice, archiveSliceTick } from "./archive-tick.ts";

/** Whether a message body is a slice this deployment has a shard for (others are dropped). */
export function isArchiveSlice(env: Env, body: unknown): body is ArchiveSlice {
  const slice = body as Partial<ArchiveSlice> | null;
  return (
    typeof slice === "object" && slice !== null && slice.kind === "archive-slice" && Number.isInteger(slice.shard) && slice.shard! >= 0 && slice.shard! < shardCount(env) && typeof slice.now === "number"
  );
}

/** The archive queue's consumer: each message's slice (max_batch_size 1, so one shard an invocation). */
export async function consumeArchiveSlices(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    if (isArchiveSlice(env, message.body)) await archiveSliceTick(env, message.body);
    message.ack();
  }
}
