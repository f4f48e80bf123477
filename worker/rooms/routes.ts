// Live rooms: create one (a code and a link), join it under a display name, read its state, and
// connect its WebSocket. Each room is one Durable Object (worker/rooms/room.ts), named by its code.
import { type Context, Hono } from "hono";
import { currentPlayer, optionalPlayer, requirePlayer } from "../auth/middleware.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { clientIp, enforceLimit, limitKeys } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import type { RoomResult } from "./room.ts";
import { createRoomBody, joinRoomBody } from "./schemas.ts";
import { BOARD_SIZE_RULES } from "#game/board-sizes.ts";
import { normalizeRoomCode } from "#game/room-code.ts";
import { DEFAULT_ROUND_SECONDS, randomCode } from "./settings.ts";
import { refuseModeratorsNames } from "../players/name-guard.ts";
import { checkName } from "../players/names.ts";

const CODE_ATTEMPTS = 8;

function roomStub(c: Context<AppEnv>, code: string) {
  return c.env.ROOMS.get(c.env.ROOMS.idFromName(code));
}

function codeParam(c: Context<AppEnv>): string {
  const code = normalizeRoomCode(c.req.param("code") ?? "");
  if (code === null) throw new ApiError(404, "not-found", "there is no room with this code (codes are 4 letters)");
  return code;
}

/** A name shown in a room: the leaderboard's rules, and no moderator's look-alike (the room itself keeps two seats from reading alike). */
async function displayName(c: Context<AppEnv>, raw: string): Promise<string> {
  const check = checkName(raw);
  if (!check.ok) throw new ApiError(400, "invalid-name", check.message);
  await refuseModeratorsNames(c.env, c.get("playerId"), check.name);
  return check.name;
}

// RPC results arrive with a Disposable mixed in: the type is matched on `ok` alone.
function unwrap<R extends { ok: boolean }>(result: R): Exclude<R, { ok: false }> {
  const failure = result as unknown as RoomResult<never>;
  if (!failure.ok) throw new ApiError(failure.status, failure.code, failure.message);
  return result as Exclude<R, { ok: false }>;
}

function linkOf(c: Context<AppEnv>, code: string): string {
  return `${new URL(c.req.url).origin}/room/${code}`;
}

export const rooms = new Hono<AppEnv>()
  .post("/", optionalPlayer, validate("json", createRoomBody), async (c) => {
    // Each room is a Durable Object with storage (kept a day after its last use): limited per
    // address, and per player too where the creator has a token.
    await enforceLimit(c, c.env.ROOM_LIMITER, limitKeys.roomByIp(clientIp(c)), "rooms created from this address");
    const playerId = c.get("playerId");
    if (playerId !== undefined) await enforceLimit(c, c.env.ROOM_LIMITER, limitKeys.roomByPlayer(playerId), "rooms created by this player");
    const body = c.req.valid("json");
    const name = await displayName(c, body.name);
    const lang = body.lang ?? "en";
    // Other languages have 16 dice: their rooms play 4x4.
    const size = lang === "en" ? (body.size ?? 4) : 4;
    const settings = { size, rules: body.rules ?? BOARD_SIZE_RULES[size].rules, seconds: body.seconds ?? DEFAULT_ROUND_SECONDS, lang };
    const host = { name, playerId: c.get("playerId") ?? null };
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const code = randomCode();
      const result = await roomStub(c, code).create(code, settings, host);
      if (result.ok) return c.json({ code, link: linkOf(c, code), seatId: result.seatId, seatKey: result.seatKey, settings }, 201);
    }
    throw new ApiError(503, "unavailable", "no free room code was found; try again");
  })
  .get("/:code", async (c) => {
    await enforceLimit(c, c.env.ROOM_ENTRY_LIMITER, limitKeys.roomLookupByIp(clientIp(c)), "room lookups from this address");
    const { room } = unwrap(await roomStub(c, codeParam(c)).info());
    return c.json({ ...room, link: linkOf(c, room.code) });
  })
  .post("/:code/players", optionalPlayer, validate("json", joinRoomBody), async (c) => {
    await enforceLimit(c, c.env.ROOM_ENTRY_LIMITER, limitKeys.roomJoinByIp(clientIp(c)), "room joins from this address");
    const playerId = c.get("playerId");
    if (playerId !== undefined) await enforceLimit(c, c.env.ROOM_ENTRY_LIMITER, limitKeys.roomJoinByPlayer(playerId), "room joins by this player");
    const code = codeParam(c);
    const name = await displayName(c, c.req.valid("json").name);
    const ticket = unwrap(await roomStub(c, code).join({ name, playerId: c.get("playerId") ?? null }));
    return c.json({ code, seatId: ticket.seatId, seatKey: ticket.seatKey }, 201);
  })
  // The seat the player holds in the room (its key resumes it): how a page that could keep no
  // seat key (a frame without storage, its player in its cookie) finds it again after a reload.
  .get("/:code/players/me", requirePlayer, async (c) => {
    await enforceLimit(c, c.env.ROOM_ENTRY_LIMITER, limitKeys.roomLookupByIp(clientIp(c)), "room lookups from this address");
    const code = codeParam(c);
    const ticket = unwrap(await roomStub(c, code).seatOfPlayer(currentPlayer(c)));
    return c.json({ code, seatId: ticket.seatId, seatKey: ticket.seatKey });
  })
  // The room's WebSocket: /api/rooms/ABCD/ws?seat=SEATKEY. The Durable Object answers the upgrade;
  // its response is rebuilt so the middleware can add headers to it.
  .get("/:code/ws", async (c) => {
    const code = codeParam(c);
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") throw new ApiError(426, "invalid-request", "this endpoint takes a WebSocket upgrade");
    const res = await roomStub(c, code).fetch(c.req.raw);
    if (res.webSocket) return new Response(null, { status: 101, webSocket: res.webSocket });
    return new Response(res.body, res);
  });
