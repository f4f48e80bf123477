// The embed frame's session, for frames whose storage the browser blocks (./auth/embed-cookie.ts):
// GET /api/embed/session says whether the frame keeps cookies and which player its cookie proves
// (with ?puzzle=KEY, whether that player has a round of it, which the frame then resumes itself);
// POST /api/embed/session (with the player's bearer token: just created, or carried over by a
// link code or the Storage Access API) puts that token in the frame's partitioned cookie, so a
// reload of the frame is the same player and resumes their round from the server.
import { Hono } from "hono";
import * as z from "zod";
import { fromEmbedPage, keepsCookies, setIdentityCookie, setProbeCookie } from "../auth/embed-cookie.ts";
import { currentPlayer, optionalPlayer, playerDb, requirePlayer } from "../auth/middleware.ts";
import { findPlayer } from "../players/queries.ts";
import { findPlayerRound } from "../rounds/queries.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { validate } from "../http/validate.ts";
import { openDay } from "../puzzles/days.ts";
import { todayUtc } from "#engine";
import { EMBED_HEADER } from "#game/embed-session.ts";
import { keyDate } from "#game/puzzle-key.ts";

const notFromEmbed = () => new ApiError(403, "forbidden", `only the embed page itself may use its session (it sends ${EMBED_HEADER}: 1 from its own origin)`);

export const embed = new Hono<AppEnv>()
  // A frame with no cookie of ours yet gets the probe cookie: asked again, it answers whether it was kept.
  .get("/session", optionalPlayer, validate("query", z.object({ puzzle: z.string().max(20).optional() })), async (c) => {
    if (!fromEmbedPage(c)) throw notFromEmbed();
    const cookies = keepsCookies(c);
    if (!cookies) setProbeCookie(c);
    const playerId = c.get("playerId");
    const db = c.get("playerDb");
    const player = playerId === undefined || db === undefined ? undefined : await findPlayer(db, playerId);
    const asked = c.req.valid("query").puzzle;
    const now = Date.now();
    // Today's board: the ranked round; a past one: the unranked replay (as starting one would give).
    const key = asked === undefined ? undefined : openDay(c.env, asked, now);
    const round = player && db && key !== undefined ? (await findPlayerRound(db, player.id, key, keyDate(key) === todayUtc(now))) !== undefined : false;
    return c.json({ cookies, player: player ? { playerId: player.id, name: player.name } : null, round });
  })
  .post("/session", requirePlayer, async (c) => {
    if (!fromEmbedPage(c)) throw notFromEmbed();
    // The bearer token is the proof; requirePlayer has checked it (a cookie-proven one changes nothing).
    const header = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization")?.trim() ?? "");
    if (header === null) throw new ApiError(400, "invalid-request", "send the player's token as Authorization: Bearer TOKEN");
    const player = await findPlayer(playerDb(c), currentPlayer(c));
    if (!player) throw new ApiError(401, "unauthorized", "this player does not exist");
    setIdentityCookie(c, header[1]!);
    return c.json({ playerId: player.id, name: player.name });
  });
