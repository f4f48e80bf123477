// Revocation: a token is current only while its version equals the player's
// `players.token_version`. A request that acts on the player's data or shows it (every route
// behind `requirePlayer`, every write) reads the version fresh from the shard's primary, so a
// revocation or a deletion stops a token at once in every isolate. Only a read that a token
// merely personalises (`optionalPlayer` on a GET: a public answer with the player's marks) may
// trust a version this isolate read within VERSION_CACHE_MS. A token newer than the cached
// version (issued after a revocation elsewhere) always causes a fresh read.
import type { Db } from "../db/client.ts";
import { playerTokenVersion } from "../players/queries.ts";
import type { TokenClaims } from "./tokens.ts";
import { isolateCache } from "../isolate-memory.ts";

export const VERSION_CACHE_MS = 60_000;
/** Bounds the isolate's memory: about 100 bytes per player. */
const MAX_CACHED = 20_000;

const cache = isolateCache<string, { version: number; readAt: number }>();

/** Records a player's current version (after a read or a revocation). */
export function rememberVersion(playerId: string, version: number, now = Date.now()): void {
  cache.delete(playerId);
  cache.set(playerId, { version, readAt: now });
  if (cache.size > MAX_CACHED) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
}

/** A deleted player (players/account-deletion.ts): not even a personalised read takes their tokens here. */
export function forgetVersion(playerId: string): void {
  cache.delete(playerId);
}

export type VersionCheck = "current" | "revoked" | "no-such-player";

/** `fresh`: ignore this isolate's cache (`db` should then be the primary, not a replica). */
export async function checkVersion(db: Db, claims: TokenClaims, now = Date.now(), fresh = false): Promise<VersionCheck> {
  const cached = fresh ? undefined : cache.get(claims.playerId);
  if (cached !== undefined && now - cached.readAt < VERSION_CACHE_MS && claims.version <= cached.version) {
    return claims.version === cached.version ? "current" : "revoked";
  }
  const version = await playerTokenVersion(db, claims.playerId);
  // Absence is not cached: a player created a moment later must not be refused for a minute.
  if (version === undefined) return "no-such-player";
  rememberVersion(claims.playerId, version, now);
  return claims.version === version ? "current" : "revoked";
}
