// Round tickets and word receipts: HMAC-signed proofs that let words and syncs skip the database.
//
// A ticket is issued when a round starts (to its authenticated player) and names the round, its
// player and day, whether it is ranked and when it ends. Words and syncs carry it instead of a
// bearer token, so the Worker knows the round without reading D1, and a sync sent with
// navigator.sendBeacon (which cannot set headers) is still authenticated.
//
// A receipt is issued for each accepted word while the round is open (plus its grace): an HMAC
// over the round, the word and the server's time. Only the server can make one, so a sync of
// receipts can be trusted word by word, and a receipt of another round does not verify.
//
// Both are signed with a key of their own, derived like the player-token key (TOKEN_SECRET, else
// DAILY_SECRET) under another label, so neither can be passed off as the other or as a token.
import { isPuzzleKey } from "#game/puzzle-key.ts";
import type { Env } from "../env.ts";
import { DomainError } from "../domain-error.ts";
import { UUID } from "../http/schemas.ts";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

async function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

function signingKey(env: Env): Promise<CryptoKey> {
  const secret = env.TOKEN_SECRET || env.DAILY_SECRET;
  if (!secret) throw new DomainError("unavailable", "the server has no signing secret configured (set TOKEN_SECRET or DAILY_SECRET)");
  let key = keys.get(secret);
  if (key === undefined) {
    key = hmacKey(encoder.encode(secret)).then(async (root) =>
      hmacKey(new Uint8Array(await crypto.subtle.sign("HMAC", root, encoder.encode("tumbleword/receipt-key")))),
    );
    keys.set(secret, key);
  }
  return key;
}

async function sign(env: Env, message: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.sign("HMAC", await signingKey(env), encoder.encode(message))));
}

/** verify() compares in constant time. */
async function verify(env: Env, message: string, signature: string): Promise<boolean> {
  const bytes = fromBase64url(signature);
  if (bytes === null || bytes.length !== 32) return false;
  return crypto.subtle.verify("HMAC", await signingKey(env), bytes, encoder.encode(message));
}

export interface RoundTicket {
  roundId: string;
  playerId: string;
  date: string;
  ranked: boolean;
  /** The end of a ranked round (ms since the epoch); null for an untimed, unranked round. */
  endsAt: number | null;
}


function ticketText(t: RoundTicket): string {
  return [t.roundId, t.playerId, t.date, t.ranked ? "ranked" : "unranked", t.endsAt === null ? "-" : String(t.endsAt)].join(".");
}

/** `<roundId>.<playerId>.<date>.<ranked|unranked>.<endsAt|->.<signature>`: readable, and signed as a whole. */
export async function issueTicket(env: Env, ticket: RoundTicket): Promise<string> {
  const text = ticketText(ticket);
  return `${text}.${await sign(env, `ticket\n${text}`)}`;
}

/** The round a ticket proves, or null when it is malformed or forged. */
export async function verifyTicket(env: Env, ticket: string): Promise<RoundTicket | null> {
  const parts = ticket.split(".");
  if (parts.length !== 6) return null;
  const [roundId, playerId, date, kind, ends, signature] = parts;
  if (!UUID.test(roundId) || !UUID.test(playerId) || !isPuzzleKey(date) || (kind !== "ranked" && kind !== "unranked")) return null;
  if (!(ends === "-" || /^\d{1,15}$/.test(ends)) || (kind === "ranked") === (ends === "-")) return null;
  const parsed: RoundTicket = { roundId, playerId, date, ranked: kind === "ranked", endsAt: ends === "-" ? null : Number(ends) };
  return (await verify(env, `ticket\n${ticketText(parsed)}`, signature)) ? parsed : null;
}

export interface Receipt {
  word: string;
  /** When the server accepted the word, ms since the epoch. */
  at: number;
}

function receiptMessage(roundId: string, word: string, at: number): string {
  return `receipt\n${roundId}\n${word}\n${at}`;
}

/** `<word>.<time, base 36>.<signature>`; the round is in the signature, not the text. */
export async function issueReceipt(env: Env, roundId: string, word: string, at: number): Promise<string> {
  return `${word}.${at.toString(36)}.${await sign(env, receiptMessage(roundId, word, at))}`;
}

export type ReceiptCheck = { ok: true; receipt: Receipt } | { ok: false; reason: "malformed" | "invalid" };

/** Checks a receipt against the round it is synced for: one of another round does not verify. */
export async function verifyReceipt(env: Env, roundId: string, receipt: string): Promise<ReceiptCheck> {
  const match = /^([a-zñ]{1,40})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(receipt);
  if (match === null) return { ok: false, reason: "malformed" };
  const [, word, time, signature] = match;
  const at = parseInt(time, 36);
  if (!Number.isSafeInteger(at)) return { ok: false, reason: "malformed" };
  return (await verify(env, receiptMessage(roundId, word, at), signature)) ? { ok: true, receipt: { word, at } } : { ok: false, reason: "invalid" };
}
