// The HTTP client the site's API modules share (api.ts, api-groups.ts): Hono's RPC client typed
// from the Worker's own routes (AppType: only types come from the Worker, nothing of it is
// bundled), one request at a time with the player's token or the embed's cookie, and the player
// made on first need.
import { type ClientRequestOptions, type ClientResponse, hc } from "hono/client";
import type { AppType } from "#worker/app.ts";
import type { ErrorCode } from "#worker/http/errors.ts";
import { EMBED_HEADER } from "#game/embed-session.ts";
import { ApiError } from "./api-error.ts";
import { bookmarkHeaders, noteBookmark } from "./bookmark.ts";
import { identity, keptIn, knownPlayer, mayMakePlayer, noteTokenAnswer, provenByCookie, saveIdentity } from "./identity.ts";

const client = hc<AppType>("/");
export const routes = client.api;

/** What a 2xx answer of the route holds (errors are thrown, never returned). */
export type Answer<R> = R extends ClientResponse<infer T, infer _Status, "json"> ? T : never;

/**
 * Sends one request (with the player's token, or the embed's cookie, unless `auth` is false; as
 * the embed page's own with `fromEmbed`) and reads its JSON answer.
 */
export async function send<R extends ClientResponse<unknown>>(call: (options: ClientRequestOptions) => Promise<R>, auth = true, fromEmbed = false): Promise<Answer<R>> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = auth ? identity()?.token : undefined;
  const byCookie = !token && auth && provenByCookie();
  const player = token ? identity()?.playerId : undefined;
  if (token) Object.assign(headers, { authorization: `Bearer ${token}` }, bookmarkHeaders(player));
  if (fromEmbed || byCookie) headers[EMBED_HEADER] = "1";
  let res: R;
  try {
    res = await call({ headers });
  } catch {
    throw new ApiError(0, "network", "The network is unreachable; trying again shortly.");
  }
  noteTokenAnswer(res as unknown as Response, token, byCookie);
  noteBookmark(res as unknown as Response, player);
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = (data as { error?: { code?: ErrorCode; message?: string } } | null)?.error;
    throw new ApiError(res.status, error?.code ?? "http", error?.message ?? `The server answered ${res.status}.`);
  }
  return data as Answer<R>;
}

/**
 * The player, created on first need (a name is optional and never blocks play). In an embed whose
 * storage is blocked, the new player's token goes into the frame's cookie; in one that can keep
 * nothing at all, no player is made (see identity.ts).
 */
export async function ensurePlayer(): Promise<{ playerId: string }> {
  const known = knownPlayer();
  if (known) return { playerId: known };
  if (!mayMakePlayer()) throw new ApiError(403, "forbidden", "This frame can keep nothing, so it plays unranked: continue as your Tumbleword player to play ranked.");
  const created = await send((o) => routes.players.$post({ json: {} }, o), false);
  saveIdentity(created);
  if (keptIn() === "cookie") await embedSession.keep();
  return created;
}

/** The embed frame's cookie session (worker/embed/routes.ts). */
export const embedSession = {
  /** Whether the frame keeps cookies, the player its cookie proves, and (given a puzzle) whether they have a round of it. */
  read: (puzzle?: string) => send((o) => routes.embed.session.$get({ query: puzzle === undefined ? {} : { puzzle } }, o), false, true),
  /** Puts the token this page holds into the frame's cookie. */
  keep: () => send((o) => routes.embed.session.$post({}, o), true, true),
};
