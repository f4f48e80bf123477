// The bookmark of the player's database session (auth/player-session.ts in the Worker): each answer
// to the player's requests may carry one, and the next request sends it back, so that with D1
// read replication a replica answers only once it has what the player last wrote. Kept with the
// player it belongs to: a bookmark of another player's shard would only be ignored.
import { BOOKMARK_HEADER, BOOKMARK_PATTERN } from "../../../../shared/player-token.ts";
import { readJson, writeJson } from "./storage.ts";

const KEY = "tw:bookmark";

interface Kept {
  playerId: string;
  bookmark: string;
}

const isKept = (value: unknown): value is Kept => {
  const v = value as Partial<Kept> | null;
  return typeof v?.playerId === "string" && typeof v.bookmark === "string" && BOOKMARK_PATTERN.test(v.bookmark);
};

/** Where storage is refused, the bookmark lasts for the page. */
let held: Kept | null = null;

/** The headers that carry the player's last bookmark (none without one). */
export function bookmarkHeaders(playerId: string | undefined): Record<string, string> {
  const kept = readJson(KEY, isKept) ?? held;
  return playerId !== undefined && kept?.playerId === playerId ? { [BOOKMARK_HEADER]: kept.bookmark } : {};
}

/** Keeps the bookmark an answer to the player's request carried. */
export function noteBookmark(res: Pick<Response, "headers">, playerId: string | undefined): void {
  const bookmark = res.headers.get(BOOKMARK_HEADER);
  if (playerId === undefined || bookmark === null || !BOOKMARK_PATTERN.test(bookmark)) return;
  const kept = { playerId, bookmark };
  held = writeJson(KEY, kept) ? null : kept;
}
