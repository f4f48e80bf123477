// The bookmark of the player's database session (auth/player-session.ts in the Worker): each answer
// to the player's requests may carry one, and the next request sends it back, so that with D1
// read replication a replica answers only once it has what the player last wrote. Kept per
// player: a bookmark of another player's shard would only be ignored.
import { BOOKMARK_HEADER } from "#game/player-token.ts";
import { readItem, writeItem } from "./storage.ts";

/** Where storage is refused, the bookmarks last for the page. */
const held = new Map<string, string>();
const key = (playerId: string) => `tw:bookmark:${playerId}`;

/** The headers that carry the player's last bookmark (none without one). */
export function bookmarkHeaders(playerId: string | undefined): Record<string, string> {
  const bookmark = playerId && (readItem(key(playerId)) ?? held.get(playerId));
  return bookmark ? { [BOOKMARK_HEADER]: bookmark } : {};
}

/** Keeps the bookmark an answer to the player's request carried (the server checks its shape). */
export function noteBookmark(res: Pick<Response, "headers">, playerId: string | undefined): void {
  const bookmark = res.headers.get(BOOKMARK_HEADER);
  if (playerId && bookmark && !writeItem(key(playerId), bookmark)) held.set(playerId, bookmark);
}
