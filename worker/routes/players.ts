import { Hono } from "hono";
import { z } from "zod";
import { currentPlayer, requirePlayer } from "../auth/middleware.ts";
import { issueToken } from "../auth/tokens.ts";
import { rememberVersion } from "../auth/versions.ts";
import { bumpTokenVersion, insertPlayer, renamePlayer } from "../db/queries/players.ts";
import { playerRoomResults } from "../db/queries/rooms.ts";
import { playerRounds } from "../db/queries/rounds.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { clientIp, enforceLimit, limitKeys, limitRenames, limitRevocations } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import { todayUtc } from "../../shared/calendar.ts";
import { numberOf } from "../services/days.ts";
import { checkName } from "../services/names.ts";
import { bestWordsOf, roomHistoryOf, statsOf } from "../services/stats.ts";
import { rankedRoundsWithSolutions } from "../db/queries/stats.ts";

const HISTORY_LIMIT = 366;
/** Best words are picked from this many latest ranked rounds (each read with its solution). */
const BEST_WORDS_ROUNDS = 60;

export const players = new Hono<AppEnv>()
  .post("/", validate("json", z.object({ name: z.string().max(200).optional() })), async (c) => {
    await enforceLimit(c, c.env.PLAYER_LIMITER, limitKeys.newPlayer(clientIp(c)), "new players from this address");
    const { name: requested } = c.req.valid("json");
    // A rejected name never blocks play: the player is created without one and told why.
    const check = requested === undefined || requested.trim() === "" ? undefined : checkName(requested);
    const name = check?.ok ? check.name : null;
    const playerId = crypto.randomUUID();
    const token = await issueToken(c.env, playerId);
    await insertPlayer(c.get("db"), { id: playerId, name, createdAt: Date.now() });
    const nameError = check && !check.ok ? { nameError: check.message } : {};
    return c.json({ playerId, token, name, ...nameError }, 201);
  })
  .patch("/me", requirePlayer, limitRenames, validate("json", z.object({ name: z.string().max(200) })), async (c) => {
    const playerId = currentPlayer(c);
    const check = checkName(c.req.valid("json").name);
    if (!check.ok) throw new ApiError(400, "invalid-name", check.message);
    if (!(await renamePlayer(c.get("db"), playerId, check.name))) throw new ApiError(401, "unauthorized", "this player does not exist");
    return c.json({ playerId, name: check.name });
  })
  .get("/me/stats", requirePlayer, async (c) => {
    const [rounds, withSolutions] = await Promise.all([
      playerRounds(c.get("db"), currentPlayer(c), HISTORY_LIMIT),
      rankedRoundsWithSolutions(c.get("db"), currentPlayer(c), BEST_WORDS_ROUNDS),
    ]);
    const stats = statsOf(rounds, todayUtc(), bestWordsOf(withSolutions));
    const rooms = roomHistoryOf(await playerRoomResults(c.get("db"), currentPlayer(c), HISTORY_LIMIT));
    return c.json({ ...stats, history: stats.history.map((h) => ({ ...h, number: numberOf(c.env, h.date) })), rooms });
  })
  // Revokes every token of the player (a token was leaked, or a shared device) and answers with
  // the one new token that works from now on.
  .post("/me/tokens/revoke", requirePlayer, limitRevocations, async (c) => {
    const playerId = currentPlayer(c);
    const version = await bumpTokenVersion(c.get("db"), playerId);
    if (version === undefined) throw new ApiError(401, "unauthorized", "this player does not exist");
    rememberVersion(playerId, version);
    return c.json({ playerId, token: await issueToken(c.env, playerId, { version }) });
  });
