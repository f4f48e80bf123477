// The response header in which the Worker hands back a renewed player token (past half its
// life); the site keeps the new one. CORS exposes it, so an embed on another origin reads it too.
export const RENEWED_TOKEN_HEADER = "X-Tumbleword-Token";

// The header in which the Worker hands a player the bookmark of their database session
// (`<shard>/<D1 bookmark>`) and the site sends it back: with D1 read replication, a replica
// answers a player's next request only once it has caught up with what they wrote.
export const BOOKMARK_HEADER = "X-Tumbleword-Bookmark";

/** A bookmark as the Worker hands it out: the player's shard, then D1's bookmark. */
export const BOOKMARK_PATTERN = /^(\d{1,2})\/([0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32})$/;
