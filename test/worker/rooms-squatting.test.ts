// Rooms nobody can squat: joins and lookups are rate limited per address (and joins per player),
// the 50 places count people present (a seat whose player has been gone SEAT_GRACE_MS is freed
// for someone else), and names are unique within a room.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { limitKeys } from "#worker/http/rate-limit.ts";
import { MAX_PLAYERS, SEAT_GRACE_MS } from "#worker/rooms/settings.ts";
import { call, callJson, expectError, newPlayer, randomIp, withinOneWindow } from "./helpers.ts";
import { connect, createRoom, joinRoom, roomStub } from "./rooms-helpers.ts";

/** Uses up `count` of a key's allowance through the binding itself (quicker than requests). */
async function spend(key: string, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => env.ROOM_ENTRY_LIMITER.limit({ key })));
}

/** Moves every seat's joining and last-seen times back past the grace period (their order kept). */
async function ageSeats(code: string): Promise<void> {
  await runInDurableObject(roomStub(code), (_room, state) => {
    const shift = SEAT_GRACE_MS + 1000;
    state.storage.sql.exec("UPDATE seats SET joined_at = joined_at - ?", shift);
    state.storage.sql.exec("UPDATE seat_seen SET at = at - ?", shift);
  });
}

describe("rate limits", () => {
  test("a join flood from one address gets 429 (with Retry-After) and takes no seat; other addresses join", async () => {
    // A fresh room and address each attempt: a retried attempt must not find the last one's seats or spending.
    const { room, sent, refused } = await withinOneWindow(60, async () => {
      const room = await createRoom("Host");
      const ip = randomIp();
      await spend(limitKeys.roomJoinByIp(ip), 58);
      const sent: number[] = [];
      for (let i = 1; i <= 4; i++) {
        const res = await call(`/api/rooms/${room.code}/players`, { ip, json: { name: `Flood ${i}` } });
        sent.push(res.status);
        await res.arrayBuffer();
      }
      return { room, sent, refused: await call(`/api/rooms/${room.code}/players`, { ip, json: { name: "Flood 5" } }) };
    });
    expect(sent).toEqual([201, 201, 429, 429]);
    expect(refused.headers.get("Retry-After")).toBe("60");
    await expectError(refused, 429, "rate-limited");
    const names = (await callJson(`/api/rooms/${room.code}`)).players.map((p: { name: string }) => p.name);
    expect(names).toEqual(["Host", "Flood 1", "Flood 2"]);
    await joinRoom(room.code, "Elsewhere");
  });

  test("joins are limited per player too, whatever the address", async () => {
    const room = await createRoom("Host");
    const player = await newPlayer();
    const refused = await withinOneWindow(60, async () => {
      await spend(limitKeys.roomJoinByPlayer(player.playerId), 60);
      return call(`/api/rooms/${room.code}/players`, { token: player.token, json: { name: "Rotating Ips" } });
    });
    await expectError(refused, 429, "rate-limited");
  });

  test("lookups are limited per address: guessing codes stops at 429", async () => {
    const room = await createRoom("Host");
    const [ok, refused] = await withinOneWindow(60, async () => {
      // A fresh address each attempt: a retried attempt must not find the last one's spending.
      const ip = randomIp();
      await spend(limitKeys.roomLookupByIp(ip), 59);
      return [await call(`/api/rooms/${room.code}`, { ip }), await call("/api/rooms/ZZZZ", { ip })];
    });
    expect(ok.status).toBe(200);
    await expectError(refused, 429, "rate-limited");
  });
});

describe("seats", () => {
  test("a full room frees the seat of a player gone a while; connected players keep theirs", async () => {
    const room = await createRoom("Host");
    const stayer = await joinRoom(room.code, "Stayer");
    const client = await connect(stayer);
    for (let i = 3; i <= MAX_PLAYERS; i++) await joinRoom(room.code, `Squat ${i}`);
    await expectError(await call(`/api/rooms/${room.code}/players`, { json: { name: "Honest" } }), 409, "room-full");

    await ageSeats(room.code);
    const honest = await joinRoom(room.code, "Honest");
    const players = (await callJson(`/api/rooms/${room.code}`)).players as { id: string; name: string }[];
    // The squatters' seats went; the host's, the connected player's and the new one stay.
    expect(players.map((p) => p.name)).toEqual(["Host", "Stayer", "Honest"]);
    expect(players.map((p) => p.id)).toEqual([room.seatId, stayer.seatId, honest.seatId]);
    // The connected player's seat is still theirs; a freed seat's key no longer connects.
    expect(client.lastState().you.id).toBe(stayer.seatId);
    client.close();
  });

  test("a seat gone for less than the grace period still counts", async () => {
    const room = await createRoom("Host");
    for (let i = 2; i <= MAX_PLAYERS; i++) await joinRoom(room.code, `Guest ${i}`);
    await runInDurableObject(roomStub(room.code), (_room, state) => {
      state.storage.sql.exec("UPDATE seats SET joined_at = ? WHERE host = 0", Date.now() - SEAT_GRACE_MS + 60_000);
    });
    await expectError(await call(`/api/rooms/${room.code}/players`, { json: { name: "Too Soon" } }), 409, "room-full");
  });
});

describe("names", () => {
  test("are unique within a room, whatever the case: the host's name is refused, another is fine", async () => {
    const room = await createRoom("HonestHost");
    const res = await call(`/api/rooms/${room.code}/players`, { json: { name: "honesthost" } });
    await expectError(res.clone(), 409, "name-taken");
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/already called "HonestHost"/);
    await joinRoom(room.code, "Guest");
    await expectError(await call(`/api/rooms/${room.code}/players`, { json: { name: "  GUEST " } }), 409, "name-taken");
    const names = (await callJson(`/api/rooms/${room.code}`)).players.map((p: { name: string }) => p.name);
    expect(names).toEqual(["HonestHost", "Guest"]);
  });

  test("a name held by a player gone a while is free again", async () => {
    const room = await createRoom("Host");
    const old = await joinRoom(room.code, "Returner");
    await ageSeats(room.code);
    const again = await joinRoom(room.code, "Returner");
    const players = (await callJson(`/api/rooms/${room.code}`)).players as { id: string; name: string }[];
    expect(players.map((p) => [p.id, p.name])).toEqual([
      [room.seatId, "Host"],
      [again.seatId, "Returner"],
    ]);
    expect(again.seatId).not.toBe(old.seatId);
  });
});

describe("a player's own seat", () => {
  test("comes back to its player: joining again (under any name, the seat away or not) gives the same seat, never a 409; GET players/me finds it", async () => {
    const room = await createRoom("Host");
    const player = await newPlayer();
    const first = await joinRoom(room.code, "Reloader", { token: player.token });
    // The seat is away (its player gone a while, as after a reload that forgot its key).
    await ageSeats(room.code);
    const again = await joinRoom(room.code, "Reloader", { token: player.token });
    expect(again).toEqual(first);
    expect(await joinRoom(room.code, "Another Name", { token: player.token })).toEqual(first);
    expect(await callJson(`/api/rooms/${room.code}/players/me`, { token: player.token })).toEqual(first);
    const names = (await callJson(`/api/rooms/${room.code}`)).players.map((p: { name: string }) => p.name);
    expect(names).toEqual(["Host", "Reloader"]);
    // Someone else still may not take the name while the seat is held, and has no seat to find.
    const other = await newPlayer();
    await expectError(await call(`/api/rooms/${room.code}/players/me`, { token: other.token }), 404, "not-found");
    await expectError(await call(`/api/rooms/${room.code}/players/me`), 401, "unauthorized");
  });
});
