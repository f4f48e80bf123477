// "Continue as ..." codes: a player signed in on the site mints a short one-time code
// (POST /api/links) and types it where their storage is separate (the embed iframe on another
// site, another browser); redeeming it (POST /api/links/redeem) answers that player's token, so
// the same person never gets a second ranked round. Codes live 10 minutes, work once, and
// redemption is rate limited per address like player creation (guessing one of 32^8 codes in
// 10 minutes at 60 tries a minute is hopeless).
//
// A code lives on the shard its hash falls on (the redemption knows only the code), and a player's
// code is drawn until that is the player's own shard (about N draws at N shards): the player's
// codes then sit with the rest of their rows, where the identity merge drops them and the cleanup
// sees them. A guess aimed at one player still has 32^8 / N codes to try: just as hopeless.
import { Hono } from "hono";
import { bytesToHex } from "#engine";
import * as z from "zod";
import { currentPlayer, playerDb, requirePlayer } from "../auth/middleware.ts";
import { issueToken } from "../auth/tokens.ts";
import { insertLinkCode, linkCodeShard, takeLinkCode } from "./queries.ts";
import { findPlayer } from "../players/queries.ts";
import { type ShardEnv, dbForPlayer, shardCount, shardOfPlayer } from "../db/shards.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { clientIp, enforceLimit } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";

export const LINK_CODE_TTL_MS = 10 * 60 * 1000;
/** No 0/O, 1/I: codes are read off one screen and typed on another. */
const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
const CODE_LENGTH = 8;

/** A fresh code, shown as XXXX-XXXX. */
export function newLinkCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_LENGTH));
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** What the player typed, in the canonical form (spaces, dashes and case ignored), or null. */
export function normalizeLinkCode(text: string): string | null {
  const chars = text.toUpperCase().replace(/[\s-]/g, "");
  if (chars.length !== CODE_LENGTH || [...chars].some((ch) => !ALPHABET.includes(ch))) return null;
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

async function hashCode(code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`link/${code}`));
  return bytesToHex(digest);
}

/** A fresh code whose hash falls on the player's shard, and that hash. */
export async function newLinkCodeFor(env: ShardEnv, playerId: string): Promise<{ code: string; codeHash: string }> {
  const n = shardCount(env);
  const shard = shardOfPlayer(playerId, n);
  for (;;) {
    const code = newLinkCode();
    const codeHash = await hashCode(code);
    if (shardOfPlayer(codeHash, n) === shard) return { code, codeHash };
  }
}

export const links = new Hono<AppEnv>()
  .post("/", requirePlayer, async (c) => {
    const playerId = currentPlayer(c);
    const db = playerDb(c);
    if (!(await findPlayer(db, playerId))) throw new ApiError(401, "unauthorized", "this player does not exist");
    const { code, codeHash } = await newLinkCodeFor(c.env, playerId);
    const now = Date.now();
    const expiresAt = now + LINK_CODE_TTL_MS;
    await insertLinkCode(db, { codeHash, playerId, expiresAt, createdAt: now });
    return c.json({ code, expiresAt: new Date(expiresAt).toISOString() }, 201);
  })
  .post("/redeem", validate("json", z.object({ code: z.string().max(40) })), async (c) => {
    await enforceLimit(c, c.env.PLAYER_LIMITER, `link:${clientIp(c)}`, "code attempts from this address");
    const code = normalizeLinkCode(c.req.valid("json").code);
    if (code === null) throw new ApiError(400, "invalid-request", "a code is 8 letters and digits, like K7QP-MX2D");
    const codeHash = await hashCode(code);
    const playerId = await takeLinkCode(linkCodeShard(c.env, codeHash), codeHash, Date.now());
    if (playerId === null) throw new ApiError(404, "not-found", "this code is unknown, already used or expired: make a new one on the site");
    // The player's row (their name) on their shard: the code's too, unless SHARDS grew since it was minted.
    const player = await findPlayer(dbForPlayer(c.env, playerId), playerId);
    return c.json({ playerId, token: await issueToken(c.env, playerId), name: player?.name ?? null });
  });
