// The player's identity in this browser: the id and bearer token from POST /api/players, kept in
// localStorage. Tokens expire; the server hands out a fresh one (X-Tumbleword-Token) once the
// current one is past half its life, and this keeps it. A token the server refuses (expired,
// revoked, or its player gone) is forgotten, so the next call makes a new player instead of
// failing forever.
import { RENEWED_TOKEN_HEADER } from "../../../shared/player-token.ts";
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

export function identity(): Identity | null {
  const value = readJson(TOKEN_KEY, isIdentity);
  return value && { playerId: value.playerId, token: value.token };
}

/** Keeps the identity; where nothing can be stored it lasts for this page (the caller holds it). */
export function saveIdentity({ playerId, token }: Identity): void {
  writeJson(TOKEN_KEY, { playerId, token });
}

/** Keeps a renewed token, or forgets a refused one, from the answer to a request sent with `sent`. */
export function noteTokenAnswer(res: Response, sent: string | undefined): void {
  const current = identity();
  // Another tab may have stored a newer token meanwhile: only the one sent is replaced.
  if (sent === undefined || current?.token !== sent) return;
  if (res.status === 401) {
    removeItem(TOKEN_KEY);
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
