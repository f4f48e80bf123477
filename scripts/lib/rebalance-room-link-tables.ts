// The room results and link codes that scripts/rebalance-shards.ts moves, once written on shard 0
// (before they moved to the shards) or left behind when SHARDS grew. A room result lives on its
// player's shard, a guest's (no player) on its round key's (worker/rooms/queries.ts
// roomResultKey); a link code on its hash's (worker/links/queries.ts linkCodeShard).
import type { MovedTable } from "./moved-table.ts";

export const ROOM_AND_LINK_TABLES: MovedTable[] = [
  {
    table: "room_results",
    // Its primary key is two columns: paged by rowid, which a copy takes anew on its shard.
    key: "rowid",
    player: "coalesce(player_id, round_key)",
    columns: ["round_key", "seat_id", "room_code", "round", "player_id", "name", "score", "words", "struck", "rank", "players", "size", "rules", "finished_at"],
    // The same round and seat is the same result.
    onConflict: "on conflict do nothing",
  },
  {
    table: "link_codes",
    key: "code_hash",
    player: "code_hash",
    columns: ["code_hash", "player_id", "expires_at", "created_at"],
    onConflict: "on conflict do nothing",
  },
];
