// The embed frame's session, for frames whose storage the browser blocks (./auth/embed-cookie.ts):
// GET /api/embed/session says whether the frame keeps cookies and which player its cookie proves;
// POST /api/embed/session (with the player's bearer token: just created, or carried over by a
// link code or the Storage Access API) puts that token in the frame's partitioned cookie, so a
// reload of the frame is the same player and resumes their round from the server.
import { Hono } from "hono";
import { fromEmbedPage, keepsCookies, setIdentityCookie, setProbeCookie } from "../auth/embed-cookie.ts";
import { currentPlayer, optionalPlayer, requirePlayer } from "../auth/middleware.ts";
import { findPlayer } from "../db/queries/players.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { EMBED_HEADER } from "../../shared/embed-session.ts";

const notFromEmbed = () => new ApiError(403, "forbidden", `only the embed page itself may use its session (it sends ${EMBED_HEADER}: 1 from its own origin)`);

export const embed = new Hono<AppEnv>()
  // A frame with no cookie of ours yet gets the probe cookie: asked again, it answers whether it was kept.
  .get("/session", optionalPlayer, async (c) => {
    if (!fromEmbedPage(c)) throw notFromEmbed();
    const cookies = keepsCookies(c);
    if (!cookies) setProbeCookie(c);
    const playerId = c.get("playerId");
    const player = playerId === undefined ? undefined : await findPlayer(c.get("db"), playerId);
    return c.json({ cookies, player: player ? { playerId: player.id, name: player.name } : null });
  })
  .post("/session", requirePlayer, async (c) => {
    if (!fromEmbedPage(c)) throw notFromEmbed();
    // The bearer token is the proof; requirePlayer has checked it (a cookie-proven one changes nothing).
    const header = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization")?.trim() ?? "");
    if (header === null) throw new ApiError(400, "invalid-request", "send the player's token as Authorization: Bearer TOKEN");
    const player = await findPlayer(c.get("db"), currentPlayer(c));
    if (!player) throw new ApiError(401, "unauthorized", "this player does not exist");
    setIdentityCookie(c, header[1]!);
    return c.json({ playerId: player.id, name: player.name });
  });
