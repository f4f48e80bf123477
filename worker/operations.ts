// The Worker's operations that `npm run scale` drives directly (scripts/scale/bench-worker.ts: the
// product's app with a meter on D1, plus a few routes of its own that run a queue consumer's merge,
// a cron's step or a token's minting without waiting for them). One door into the Worker's code
// from outside it, so a move inside the Worker changes this file, not the benchmark.
export { app } from "./app.ts";
export { issueToken } from "./auth/tokens.ts";
export { type QueueMessage, consumeSyncs } from "./results/sync-consumer.ts";
export { mergeSyncs } from "./results/merge-syncs.ts";
export { database } from "./db/client.ts";
export { allShardD1s, homeDb, shardBinding, shardCount } from "./db/shards.ts";
export { updateDayState } from "./archive/queries.ts";
export type { Env } from "./env.ts";
export { getPuzzles } from "./puzzles/puzzles.ts";
export { type ArchiveSlice, archiveSliceTick, archiveTick } from "./archive/archive-tick.ts";
export { probeSeen, retainSettledDays, sendProbes } from "./archive/retention.ts";
export { encodeCursor } from "./results/standings.ts";
export type { SyncMessage } from "./rounds/sync-producer.ts";
export { Room } from "./rooms/room.ts";
