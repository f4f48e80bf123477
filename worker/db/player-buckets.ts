// Which shard holds a player's rows (db/shards.ts binds them), as a pure function of the player's
// id, with no binding behind it: the scripts and tests that open the local D1 files use it too.

/** Virtual buckets: a multiple of every shard count we allow, so each shard gets the same number. */
export const BUCKETS = 4096;

/** FNV-1a (32 bits) over the id's UTF-8 bytes: fast, well spread for UUIDs, the same everywhere. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The virtual bucket of a player id (0 ... BUCKETS - 1): never changes. */
export function bucketOfPlayer(playerId: string): number {
  return fnv1a(playerId) % BUCKETS;
}

/** The shard (0 ... n - 1) that holds the player's rows when there are `n` shards. */
export function shardOfPlayer(playerId: string, n: number): number {
  return bucketOfPlayer(playerId) % n;
}
