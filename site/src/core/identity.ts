// The player's identity in this browser: the id and bearer token from POST /api/players, kept in
// localStorage. Tokens expire; the server hands out a fresh one (X-Tumbleword-Token) once the
// current one is past half its life, and this keeps it. A token the server refuses (expired,
// revoked, or its player gone) is forgotten, so the next call makes a new player instead of
// failing forever.
//
// Where nothing can be stored (the embed on another site, in a browser that blocks a frame's
// storage), the identity lasts for the page in memory; the embed may keep it in its partitioned
// cookie instead (embed-identity.ts): the cookie then proves the player and the page never sees
// its token. Where even that cookie is refused, the embed makes no new player (each reload would
// be another ranked round): it plays unranked until linked to the site's player.
import { RENEWED_TOKEN_HEADER } from "#game/player-token.ts";
import { readJson, removeItem, writeJson } from "./storage.ts";

const TOKEN_KEY = "tw:player";

export interface Identity {
  playerId: string;
  token: string;
}

function isIdentity(value: unknown): value is Identity {
  const v = value as Partial<Identity> | null;
  return typeof v?.token === "string" && typeof v.playerId === "string";
}

/** The identity in memory, where storage refused it. */
let held: Identity | null = null;

/** How the embed frame keeps its player when storage is blocked (see above); "storage" elsewhere. */
export type Keeping = "storage" | "cookie" | "nothing";
let keeping: Keeping = "storage";
/** The player the embed's cookie proves (cookie keeping), whose token the page never sees. */
let cookiePlayer: string | null = null;

export function identity(): Identity | null {
  const value = readJson(TOKEN_KEY, isIdentity);
  return value ? { playerId: value.playerId, token: value.token } : held;
}

/** Keeps the identity; where nothing can be stored it lasts for this page, in memory. */
export function saveIdentity({ playerId, token }: Identity): void {
  held = writeJson(TOKEN_KEY, { playerId, token }) ? null : { playerId, token };
}

/** Signs this browser out (the account was deleted): the next need makes a new player. */
export function forgetIdentity(): void {
  forget();
}

function forget(): void {
  removeItem(TOKEN_KEY);
  held = null;
}

/** The embed's choice (embed-identity.ts): its cookie keeps the player (`playerId`, when it already proves one), or nothing does. */
export function keepIn(how: Keeping, playerId: string | null = null): void {
  keeping = how;
  cookiePlayer = how === "cookie" ? playerId : null;
}

export function keptIn(): Keeping {
  return keeping;
}

/** The player this page plays as (from a token, or the embed's cookie), or null. */
export function knownPlayer(): string | null {
  return identity()?.playerId ?? cookiePlayer;
}

/** Whether requests without a token should ask to be proven by the embed's cookie. */
export function provenByCookie(): boolean {
  return keeping === "cookie" && cookiePlayer !== null;
}

/** Fired (bubbling) by the game when it starts unranked in memory because no player may be made. */
export const LOCAL_PLAY_EVENT = "tw:local-play";

/** Whether a new player may be made here: not in a frame that can keep nothing (each reload would be one more). */
export function mayMakePlayer(): boolean {
  return keeping !== "nothing";
}

/** Keeps a renewed token, or forgets a refused one, from the answer to a request sent with `sent` (or proven `byCookie`). */
export function noteTokenAnswer(res: Response, sent: string | undefined, byCookie = false): void {
  // The embed's cookie was refused (expired, revoked): the next need makes a new player.
  if (byCookie && res.status === 401) cookiePlayer = null;
  const current = identity();
  // Another tab may have stored a newer token meanwhile: only the one sent is replaced.
  if (sent === undefined || current?.token !== sent) return;
  if (res.status === 401) {
    forget();
    return;
  }
  const renewed = res.headers.get(RENEWED_TOKEN_HEADER);
  if (renewed?.startsWith(`${current.playerId}.`)) saveIdentity({ playerId: current.playerId, token: renewed });
}

/** Takes over an identity proven elsewhere (a link code, or the site's own storage in an embed). */
export function adoptIdentity(value: Identity): void {
  saveIdentity(value);
}

/** Reads an identity out of some storage (another Storage object than this page's own). */
export function identityIn(storage: Pick<Storage, "getItem">): Identity | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(TOKEN_KEY) ?? "null");
    return isIdentity(value) ? { playerId: value.playerId, token: value.token } : null;
  } catch {
    return null;
  }
}
