// Player tokens: `<playerId>.<base64url HMAC-SHA256(key, "player/" + playerId)>`, sent back as
// `Authorization: Bearer <token>`. Nothing is stored: the signature is the proof. The key is
// TOKEN_SECRET, or when that is unset, HMAC-SHA256(DAILY_SECRET, "tumbleword/token-key") (a
// label the day seeds never use), so one secret is enough to run the service.
import type { Env } from "../env.ts";
import { ApiError } from "../http/errors.ts";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  } catch {
    return null; // impossible length
  }
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

export async function issueToken(env: Env, playerId: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await signingKey(env), encoder.encode(`player/${playerId}`));
  return `${playerId}.${base64url(new Uint8Array(signature))}`;
}

/** The player id a token proves, or null when it is malformed or forged. */
export async function verifyToken(env: Env, token: string): Promise<string | null> {
  const dot = token.indexOf(".");
  if (dot <= 0) return null;
  const playerId = token.slice(0, dot);
  const signature = fromBase64url(token.slice(dot + 1));
  if (signature === null || !/^[0-9a-f-]{36}$/.test(playerId)) return null;
  // verify() compares in constant time.
  const ok = await crypto.subtle.verify("HMAC", await signingKey(env), signature, encoder.encode(`player/${playerId}`));
  return ok ? playerId : null;
}
