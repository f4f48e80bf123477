// Player tokens: `<playerId>.<version>.<issuedAt>.<signature>`, sent back as
// `Authorization: Bearer <token>`. The signature is base64url (no padding) of
// HMAC-SHA256(key, "player/<playerId>/<version>/<issuedAt>"); issuedAt is in whole seconds.
//
// - Expiry: a token is good for TOKEN_LIFETIME_S after it was issued. Past half of that the
//   server hands out a fresh one (see ./middleware.ts), so a player who comes back within the
//   lifetime never notices; one who stays away longer starts as a new player.
// - Revocation: `version` must equal the player's `players.token_version`; bumping that column
//   invalidates every token issued before (./versions.ts).
// - One spelling per token: every field is checked in its canonical form (lower-case UUID,
//   decimal without leading zeros, base64url that re-encodes to the same text), so a token
//   cannot be varied to dodge a comparison or a cache key.
//
// The key is TOKEN_SECRET, or when that is unset, HMAC-SHA256(DAILY_SECRET, "tumbleword/token-key")
// (a label the day seeds never use), so one secret is enough to run the service.
import type { Env } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { UUID } from "../http/schemas.ts";

/** 30 days: long enough for an occasional player, short enough that a leaked token dies. */
export const TOKEN_LIFETIME_S = 30 * 24 * 3600;
/** Tokens older than this are renewed on use. */
export const TOKEN_RENEW_AFTER_S = TOKEN_LIFETIME_S / 2;
/** Clocks of different machines disagree a little; a token from further ahead is refused. */
const CLOCK_SKEW_S = 300;
/** A version counts revocations; anything this large is not one we issued. */
const MAX_VERSION = 1_000_000;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/; // 32 bytes

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The bytes of a base64url signature, or null unless `text` is exactly how base64url() writes
 * them: 43 characters encode 258 bits for 256, and the two spare bits must be zero.
 */
function fromCanonicalBase64url(text: string): Uint8Array | null {
  if (!SIGNATURE.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return base64url(bytes) === text ? bytes : null;
}

async function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

async function deriveKey(env: Env): Promise<CryptoKey> {
  if (env.TOKEN_SECRET) return hmacKey(encoder.encode(env.TOKEN_SECRET));
  const daily = await hmacKey(encoder.encode(env.DAILY_SECRET));
  return hmacKey(new Uint8Array(await crypto.subtle.sign("HMAC", daily, encoder.encode("tumbleword/token-key"))));
}

/** The signing key, cached per isolate and secret. Without any secret, players cannot sign in. */
function signingKey(env: Env): Promise<CryptoKey> {
  if (!env.TOKEN_SECRET && !env.DAILY_SECRET) {
    throw new ApiError(503, "unavailable", "the server has no signing secret configured (set TOKEN_SECRET or DAILY_SECRET)");
  }
  const id = `${env.TOKEN_SECRET ?? ""}\u0000${env.DAILY_SECRET ?? ""}`;
  let key = keys.get(id);
  if (key === undefined) {
    key = deriveKey(env);
    keys.set(id, key);
  }
  return key;
}

/**
 * HMAC-SHA256 of `text` under the token key, base64url. Callers prefix their text with a label
 * of their own ("passkey-login/..."), which no player token's text ("player/...") can equal.
 */
export async function signLabelled(env: Env, text: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(env), encoder.encode(text))));
}

/** Whether `signature` is signLabelled(text), compared in constant time. */
export async function verifyLabelled(env: Env, text: string, signature: string): Promise<boolean> {
  const bytes = fromCanonicalBase64url(signature);
  return bytes !== null && crypto.subtle.verify("HMAC", await signingKey(env), bytes, encoder.encode(text));
}

const signedText = (playerId: string, version: number, issuedAt: number) => encoder.encode(`player/${playerId}/${version}/${issuedAt}`);

export interface TokenOptions {
  /** The player's current token version (players.token_version). */
  version?: number;
  /** Issue time in milliseconds since the epoch (tests move it). */
  now?: number;
}

export async function issueToken(env: Env, playerId: string, { version = 0, now = Date.now() }: TokenOptions = {}): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  const signature = await crypto.subtle.sign("HMAC", await signingKey(env), signedText(playerId, version, issuedAt));
  return `${playerId}.${version}.${issuedAt}.${base64url(new Uint8Array(signature))}`;
}

export interface TokenClaims {
  playerId: string;
  version: number;
  /** Seconds since the epoch. */
  issuedAt: number;
}

export type TokenCheck = { ok: true; claims: TokenClaims; renew: boolean } | { ok: false; reason: "malformed" | "forged" | "expired" };

/** What a token proves at `now` (ms), without asking the database: see ./versions.ts for that. */
export async function readToken(env: Env, token: string, now = Date.now()): Promise<TokenCheck> {
  const parts = token.split(".");
  if (parts.length !== 4) return { ok: false, reason: "malformed" };
  const [playerId, versionText, issuedText, signatureText] = parts as [string, string, string, string];
  const signature = fromCanonicalBase64url(signatureText);
  if (!UUID.test(playerId) || !DECIMAL.test(versionText) || !DECIMAL.test(issuedText) || signature === null) return { ok: false, reason: "malformed" };
  const version = Number(versionText);
  const issuedAt = Number(issuedText);
  if (version > MAX_VERSION) return { ok: false, reason: "malformed" };
  // verify() compares in constant time.
  const genuine = await crypto.subtle.verify("HMAC", await signingKey(env), signature, signedText(playerId, version, issuedAt));
  if (!genuine) return { ok: false, reason: "forged" };
  const age = Math.floor(now / 1000) - issuedAt;
  if (age >= TOKEN_LIFETIME_S || age < -CLOCK_SKEW_S) return { ok: false, reason: "expired" };
  return { ok: true, claims: { playerId, version, issuedAt }, renew: age >= TOKEN_RENEW_AFTER_S };
}

/** The player id a token proves at `now`, or null when it is malformed, forged or expired. */
export async function verifyToken(env: Env, token: string, now = Date.now()): Promise<string | null> {
  const check = await readToken(env, token, now);
  return check.ok ? check.claims.playerId : null;
}
