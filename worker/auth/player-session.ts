// A player's own rows read through D1 read replication without reading stale data: every request
// of a proven player opens a session (the Sessions API) on the player's shard, starting from the
// bookmark the player's last answer carried. A nearby replica answers once it has caught up with
// that bookmark, so a player always reads their own writes (a round just started, a new name);
// writes go to the primary as ever. Without a bookmark the session may start on any replica.
//
// A bookmark names its shard: one from another shard (the player's shard changed with SHARDS)
// is ignored, since a database's bookmark means nothing to another.
import { BOOKMARK_PATTERN } from "#game/player-token.ts";
import { ApiError } from "../http/errors.ts";
import { type Db, database } from "../db/client.ts";
import { type ShardEnv, shardCount, shardD1, shardOfPlayer } from "../db/shards.ts";

export interface PlayerSession {
  /** The player's shard, read and written through the session. */
  db: Db;
  /** Where the session is now (`<shard>/<D1 bookmark>`), for the player's next request; null if unknown. */
  bookmark(): string | null;
}

/** The session of a player's request, from the bookmark they sent (the header's value, if any). */
export function openPlayerSession(env: ShardEnv, playerId: string, presented: string | undefined): PlayerSession {
  const shard = shardOfPlayer(playerId, shardCount(env));
  const d1 = shardD1(env, shard);
  let start = "first-unconstrained";
  if (presented !== undefined && presented !== "") {
    const match = BOOKMARK_PATTERN.exec(presented);
    if (match === null) throw new ApiError(400, "invalid-request", "the X-Tumbleword-Bookmark header is malformed: send back the value an earlier answer gave, or nothing");
    if (Number(match[1]) === shard) start = match[2]!;
  }
  if (typeof d1.withSession !== "function") return { db: database(d1), bookmark: () => null };
  const session = d1.withSession(start);
  return {
    // A session answers prepare() and batch(), all that drizzle's D1 driver uses.
    db: database(session as unknown as D1Database),
    bookmark() {
      const at = session.getBookmark();
      return at === null ? null : `${shard}/${at}`;
    },
  };
}
