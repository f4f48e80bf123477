import { Hono } from "hono";
import * as z from "zod";
import { currentPlayer, playerDb, requirePlayer } from "../auth/middleware.ts";
import { issueToken } from "../auth/tokens.ts";
import { rememberVersion } from "../auth/versions.ts";
import { bumpTokenVersion, insertPlayer, playerTokenVersion, renamePlayer } from "./queries.ts";
import { playerRoomResults } from "../rooms/queries.ts";
import { summaryByPlayer } from "./sharded-summaries.ts";
import { dbForPlayer } from "../db/shards.ts";
import { playerRounds } from "../rounds/queries.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { DomainError } from "../domain-error.ts";
import { clientIp, enforceLimit, limitAccountDeletions, limitExports, limitKeys, limitRenames, limitRevocations } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import { todayUtc } from "#engine";
import { keyDate, keyLanguage } from "#game/puzzle-key.ts";
import { numberOf } from "../puzzles/days.ts";
import { refuseImpersonation } from "./name-guard.ts";
import { type NameCheck, checkName } from "./names.ts";
import { refuseHiddenName } from "../moderation/name-review.ts";
import { emptySummary, statsOf } from "./player-summary.ts";
import { exportPlayer } from "./account-export.ts";
import { deleteAccount } from "./account-deletion.ts";
import { proveOwnPasskey } from "../passkeys/proof.ts";
import { privateAnswer } from "../http/edge-cache.ts";
import { countPasskeys } from "../passkeys/queries.ts";
import { credentialAnswer, loginChallengeId } from "../passkeys/routes.ts";
import { recentResults, roomHistoryOf, roomsWonOf } from "./stats.ts";

/** More than a player can have in D1's window of days (rounds of days not yet archived, and past days replayed). */
const ROUNDS_IN_D1 = 366;
const ROOMS_LISTED = 366;
/** What DELETE /api/players/me must be sent, so no stray request deletes an account. */
export const DELETE_CONFIRMATION = "delete my account";

/** A new player's name that reads as a moderator's is refused like any other refused name (the player is made nameless). */
async function impersonationCheck(env: AppEnv["Bindings"], name: string): Promise<NameCheck> {
  try {
    await refuseImpersonation(env, undefined, name);
    return { ok: true, name };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, message: error.message };
    throw error;
  }
}

export const players = new Hono<AppEnv>()
  .post("/", validate("json", z.object({ name: z.string().max(200).optional() })), async (c) => {
    await enforceLimit(c, c.env.PLAYER_LIMITER, limitKeys.newPlayer(clientIp(c)), "new players from this address");
    const { name: requested } = c.req.valid("json");
    // A rejected name never blocks play: the player is created without one and told why.
    let check = requested === undefined || requested.trim() === "" ? undefined : checkName(requested);
    if (check?.ok) check = await impersonationCheck(c.env, check.name);
    const name = check?.ok ? check.name : null;
    const playerId = crypto.randomUUID();
    const token = await issueToken(c.env, playerId);
    await insertPlayer(dbForPlayer(c.env, playerId), { id: playerId, name, createdAt: Date.now() });
    const nameError = check && !check.ok ? { nameError: check.message } : {};
    return c.json({ playerId, token, name, ...nameError }, 201);
  })
  .patch("/me", requirePlayer, limitRenames, validate("json", z.object({ name: z.string().max(200) })), async (c) => {
    const playerId = currentPlayer(c);
    const check = checkName(c.req.valid("json").name);
    if (!check.ok) throw new ApiError(400, "invalid-name", check.message);
    await Promise.all([refuseImpersonation(c.env, playerId, check.name), refuseHiddenName(c.env, playerId, check.name)]);
    if (!(await renamePlayer(playerDb(c), playerId, check.name))) throw new ApiError(401, "unauthorized", "this player does not exist");
    return c.json({ playerId, name: check.name });
  })
  // The player's record: the summary of the days that left D1 with the rounds still there.
  .get("/me/stats", requirePlayer, async (c) => {
    const db = c.get("db");
    const playerId = currentPlayer(c);
    // Rounds, summary and room results on the player's shard; the puzzles on shard 0.
    const [stored, rounds, roomRows] = await Promise.all([summaryByPlayer(c.env, playerId), playerRounds(playerDb(c), playerId, ROUNDS_IN_D1), playerRoomResults(playerDb(c), playerId, ROOMS_LISTED)]);
    const through = stored?.throughDate ?? "";
    const recent = await recentResults(c.env, db, rounds.filter((r) => r.puzzleDate > through));
    const stats = statsOf(stored?.summary ?? emptySummary(), recent, todayUtc(), roomsWonOf(roomRows));
    // Every language's boards count: a day with a ranked round in any of them keeps the streak.
    return c.json({
      ...stats,
      history: stats.history.map((h) => ({ ...h, date: keyDate(h.date), lang: keyLanguage(h.date), number: numberOf(c.env, h.date) })),
      bestWords: stats.bestWords.map((w) => ({ ...w, date: keyDate(w.date), lang: keyLanguage(w.date) })),
      rooms: roomHistoryOf(roomRows),
    });
  })
  // Everything held about the player, from every shard and the archive, as one JSON file.
  .get("/me/export", requirePlayer, limitExports, async (c) => {
    const playerId = currentPlayer(c);
    const data = await exportPlayer(c.env, playerId);
    privateAnswer(c);
    c.header("Content-Disposition", `attachment; filename="tumbleword-${playerId}.json"`);
    return c.json(data);
  })
  // Deletes the account (players/account-deletion.ts): an explicit confirmation, and a player
  // with a passkey proves it with one (the options of POST /api/passkeys/login/options).
  .delete(
    "/me",
    requirePlayer,
    limitAccountDeletions,
    validate(
      "json",
      z.object({
        confirm: z.literal(DELETE_CONFIRMATION, { message: `send {"confirm": "${DELETE_CONFIRMATION}"} to delete the account for good` }),
        passkey: z.object({ challengeId: loginChallengeId, response: credentialAnswer }).optional(),
      }),
    ),
    async (c) => {
      const playerId = currentPlayer(c);
      const { passkey } = c.req.valid("json");
      if ((await countPasskeys(playerDb(c), playerId)) > 0) {
        if (passkey === undefined) throw new ApiError(403, "passkey-required", "this account has a passkey: sign with it to delete the account");
        await proveOwnPasskey(c.env, c.get("db"), c.req.url, playerId, passkey.challengeId, passkey.response);
      }
      const outcome = await deleteAccount(c.env, playerId);
      privateAnswer(c);
      return c.json({ deleted: true as const, ...outcome });
    },
  )
  // Revokes every token of the player (a token was leaked, or a shared device) and answers with
  // the one new token that works from now on. The same token revoking several times at once gets
  // one new token: the first revocation moves the version on, the others find their token revoked.
  .post("/me/tokens/revoke", requirePlayer, limitRevocations, async (c) => {
    const playerId = currentPlayer(c);
    const version = await bumpTokenVersion(playerDb(c), playerId, c.get("tokenVersion") ?? 0);
    if (version === undefined) {
      const current = await playerTokenVersion(playerDb(c), playerId);
      if (current === undefined) throw new ApiError(401, "unauthorized", "this player does not exist");
      rememberVersion(playerId, current);
      throw new ApiError(401, "unauthorized", "the bearer token was revoked meanwhile (by another revocation); sign in with a newer token");
    }
    rememberVersion(playerId, version);
    return c.json({ playerId, token: await issueToken(c.env, playerId, { version }) });
  });
