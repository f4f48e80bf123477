// Live rooms through the Worker (real routing, the Room Durable Object in workerd, local D1):
// joining, the player limit, starting, judging words, the end on the alarm with struck words,
// reconnecting, cleanup of stale rooms, and bad input that changes nothing.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, test } from "vitest";
import { MAX_PLAYERS } from "#worker/rooms/settings.ts";
import { call, callJson, countEverywhere, expectError, newPlayer } from "./helpers.ts";
import { boardWords, connect, createRoom, joinRoom, roomStub, socketRequest, startRound } from "./rooms-helpers.ts";

describe("creating and joining", () => {
  test("a new room has a 4-letter code, a link, and its creator as host", async () => {
    const room = await createRoom("Ada", { size: 5, seconds: 60 });
    expect(room.code).toMatch(/^[A-HJ-NP-Z]{4}$/);
    expect(room.link).toBe(`https://tumbleword.test/room/${room.code}`);
    const info = await callJson(`/api/rooms/${room.code.toLowerCase()}`);
    expect(info).toMatchObject({ code: room.code, status: "lobby", round: 0, settings: { size: 5, rules: "big", seconds: 60 }, board: null });
    expect(info.players).toEqual([{ id: room.seatId, name: "Ada", host: true, connected: false, count: 0 }]);
  });

  test("players join under checked names and see each other connect", async () => {
    const room = await createRoom("Ada");
    const host = await connect(room);
    const bob = await joinRoom(room.code, "  Bob   Smith ");
    const bobClient = await connect(bob);
    expect(bobClient.lastState().you).toEqual({ id: bob.seatId, name: "Bob Smith", host: false });
    expect(bobClient.lastState().room.players.map((p) => [p.name, p.connected])).toEqual([
      ["Ada", true],
      ["Bob Smith", true],
    ]);
    const update = await host.next("players", (m) => m.players.some((p) => p.name === "Bob Smith" && p.connected));
    expect(update.players).toHaveLength(2);
    await expectError(await call(`/api/rooms/${room.code}/players`, { json: { name: "\u202Eevil" } }), 400, "invalid-name");
    await expectError(await call(`/api/rooms/${room.code}/players`, { json: { name: "" } }), 400, "invalid-name");
    expect((await callJson(`/api/rooms/${room.code}`)).players).toHaveLength(2);
    host.close();
    bobClient.close();
  });

  test(`at most ${MAX_PLAYERS} players: the next one is turned away and nothing changes`, async () => {
    const room = await createRoom("Host");
    for (let i = 2; i <= MAX_PLAYERS; i++) await joinRoom(room.code, `Guest ${i}`);
    const res = await call(`/api/rooms/${room.code}/players`, { json: { name: "One Too Many" } });
    expect(res.status).toBe(409);
    expect((await res.json()) as unknown).toEqual({ error: { code: "room-full", message: `this room is full (at most ${MAX_PLAYERS} players)` } });
    const info = await callJson(`/api/rooms/${room.code}`);
    expect(info.players).toHaveLength(MAX_PLAYERS);
    expect(info.players.some((p: { name: string }) => p.name === "One Too Many")).toBe(false);
  });

  test("unknown rooms, malformed codes, bad seats and non-upgrades get clear errors", async () => {
    await expectError(await call("/api/rooms/ZZZZ"), 404, "not-found");
    await expectError(await call("/api/rooms/ZZZZ/players", { json: { name: "Ann" } }), 404, "not-found");
    await expectError(await exports.default.fetch(socketRequest("ZZZZ", "x")), 404, "not-found");
    await expectError(await call("/api/rooms/AB1"), 404, "not-found");
    await expectError(await call("/api/rooms", { json: { name: "Ann", size: 7 } }), 400, "invalid-request");
    await expectError(await call("/api/rooms", { json: { name: "Ann", seconds: 5 } }), 400, "invalid-request");
    const room = await createRoom("Host");
    await expectError(await exports.default.fetch(socketRequest(room.code, "not-a-seat")), 403, "forbidden");
    await expectError(await exports.default.fetch(socketRequest(room.code, room.seatKey, false)), 426, "invalid-request");
    // Looking up an unknown code leaves no room behind.
    await expectError(await call("/api/rooms/ZZZZ"), 404, "not-found");
  });
});

describe("a round", () => {
  test("only the host starts; everyone gets the same board, a countdown and the end time", async () => {
    const room = await createRoom("Host", { seconds: 30 });
    const host = await connect(room);
    const guest = await connect(await joinRoom(room.code, "Guest"));
    const denied = await guest.ask({ type: "start" });
    expect(denied).toMatchObject({ type: "error", code: "not-host" });
    const seen = host.messages.length;
    host.send({ type: "start" });
    const a = await host.next("state", (m) => m.room.status === "playing", seen);
    const b = await guest.next("state", (m) => m.room.status === "playing");
    expect(a.room.board).toHaveLength(4);
    expect(b.room.board).toEqual(a.room.board);
    expect(b.room.startsAt).toBe(a.room.startsAt);
    expect(a.room.startsAt! - a.now).toBeGreaterThan(2000);
    expect(a.room.endsAt! - a.room.startsAt!).toBe(30_000);
    // During the countdown words are not taken yet.
    expect(await guest.ask({ type: "word", word: boardWords(a.room.board!)[0].word })).toMatchObject({ type: "error", code: "not-started" });
    expect(await host.ask({ type: "start" })).toMatchObject({ type: "error", code: "round-running" });
    host.close();
    guest.close();
  });

  test("while the host is away, anyone may start", async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const guest = await connect(await joinRoom(room.code, "Guest"));
    expect(await guest.ask({ type: "start" })).toMatchObject({ type: "error", code: "not-host" });
    host.close();
    await guest.next("players", (m) => m.players.some((p) => p.host && !p.connected));
    const seen = guest.messages.length;
    guest.send({ type: "start" });
    expect((await guest.next("state", (m) => m.room.status === "playing", seen)).room.round).toBe(1);
    guest.close();
  });

  test("words are judged by the server; others see counts, never the words", async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const guest = await connect(await joinRoom(room.code, "Guest"));
    const board = await startRound(host, [guest]);
    const [best] = boardWords(board);
    const accepted = await guest.ask({ type: "word", word: best.word.toUpperCase() });
    expect(accepted).toMatchObject({ type: "verdict", accepted: true, word: best.word, points: best.points });
    expect(await guest.ask({ type: "word", word: best.word })).toMatchObject({ accepted: false, reason: "duplicate" });
    expect(await guest.ask({ type: "word", word: "qzxv" })).toMatchObject({ accepted: false, reason: "not-a-word" });
    expect(await guest.ask({ type: "word", word: "ab" })).toMatchObject({ accepted: false, reason: "too-short" });
    const offBoard = ["jazz", "fizz", "buzz", "rhythm", "zebra", "kayak"].find((w) => !boardWords(board).some((f) => f.word === w))!;
    expect(await guest.ask({ type: "word", word: offBoard })).toMatchObject({ accepted: false, reason: "not-on-board" });
    const counts = await host.next("counts", (m) => Object.keys(m.counts).length > 0);
    expect(counts.counts).toEqual({ [guest.lastState().you.id]: 1 });
    expect(JSON.stringify(host.messages)).not.toContain(`"${best.word}"`);
    const info = await callJson(`/api/rooms/${room.code}`);
    expect(info.players.find((p: { name: string }) => p.name === "Guest").count).toBe(1);
    host.close();
    guest.close();
  });

  test("the alarm ends the round: shared words are struck, scores and ranks follow, results go to D1 and the stats", async () => {
    const player = await newPlayer();
    const room = await createRoom("Host", {}, { token: player.token });
    const host = await connect(room);
    const guest = await connect(await joinRoom(room.code, "Guest"));
    const third = await connect(await joinRoom(room.code, "Third"));
    const board = await startRound(host, [guest, third]);
    const words = boardWords(board);
    expect(words.length).toBeGreaterThanOrEqual(4);
    const [shared, hostOnly, guestOnly, other] = words;
    for (const w of [shared, hostOnly]) expect(await host.ask({ type: "word", word: w.word })).toMatchObject({ accepted: true });
    for (const w of [shared, guestOnly]) expect(await guest.ask({ type: "word", word: w.word })).toMatchObject({ accepted: true });

    expect(await runDurableObjectAlarm(roomStub(room.code))).toBe(true);
    const results = (await host.next("state", (m) => m.room.status === "finished")).results!;
    const guestResults = (await guest.next("state", (m) => m.room.status === "finished")).results!;
    expect(guestResults).toEqual(results);
    const byName = Object.fromEntries(results.players.map((p) => [p.name, p]));
    expect(byName.Host.words).toEqual(
      [
        { word: shared.word, points: shared.points, struck: true },
        { word: hostOnly.word, points: hostOnly.points, struck: false },
      ].sort((a, b) => a.word.localeCompare(b.word)),
    );
    expect(byName.Host.score).toBe(hostOnly.points);
    expect(byName.Guest.score).toBe(guestOnly.points);
    expect(byName.Third).toMatchObject({ score: 0, words: [], rank: 3 });
    expect(results.missed.map((m) => m.word)).toContain(other.word);
    expect(results.missed.map((m) => m.word)).not.toContain(shared.word);
    expect(results.missed).toHaveLength(words.length - 3);

    const rows = await countEverywhere("select count(*) as n from room_results where room_code = ?", room.code);
    expect(rows).toBe(3);
    const stats = await callJson("/api/players/me/stats", { token: player.token });
    expect(stats.rooms).toEqual([
      expect.objectContaining({ room: room.code, round: 1, name: "Host", score: hostOnly.points, words: 2, struck: 1, players: 3, size: 4, rules: "classic" }),
    ]);

    // Words after the end: a clear error, and nothing changes.
    expect(await guest.ask({ type: "word", word: other.word })).toMatchObject({ type: "error", code: "round-over" });
    const after = await callJson(`/api/rooms/${room.code}`);
    expect(after.players.find((p: { name: string }) => p.name === "Guest").count).toBe(2);
    const reconnected = await connect({ ...room, seatKey: room.seatKey });
    expect(reconnected.lastState().results).toEqual(results);
    for (const c of [host, guest, third, reconnected]) c.close();
  });

  test("a word that arrives after the end time, before the alarm, is refused", async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const board = await startRound(host);
    await runInDurableObject(roomStub(room.code), (_r, state) => {
      state.storage.sql.exec("UPDATE room SET ends_at = ? WHERE id = 1", Date.now() - 1);
    });
    expect(await host.ask({ type: "word", word: boardWords(board)[0].word })).toMatchObject({ type: "error", code: "round-over" });
    expect((await callJson(`/api/rooms/${room.code}`)).players[0].count).toBe(0);
    host.close();
  });

  test("play again: a new round with a new board and empty lists", async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const first = await startRound(host);
    await host.ask({ type: "word", word: boardWords(first)[0].word });
    await runDurableObjectAlarm(roomStub(room.code));
    await host.next("state", (m) => m.room.status === "finished");
    const second = await startRound(host, [], { size: 6 });
    const state = host.lastState();
    expect(state.room).toMatchObject({ round: 2, status: "playing", settings: { size: 6, rules: "big" } });
    expect(second).toHaveLength(6);
    expect(state.words).toEqual([]);
    expect(state.results).toBeNull();
    host.close();
  });
});

describe("bad messages change nothing", () => {
  test("wrong shape, unknown type, extra fields, oversized, binary", async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const board = await startRound(host);
    const word = boardWords(board)[0];
    expect(await host.ask({ type: "word", word: word.word })).toMatchObject({ accepted: true });
    const before = JSON.stringify(await callJson(`/api/rooms/${room.code}`));

    const errorsBefore = host.messages.filter((m) => m.type === "error").length;
    host.send("not json");
    host.send({ type: "word" });
    host.send({ type: "cheat", word: "x" });
    host.send({ type: "word", word: word.word, points: 99 });
    host.send({ type: "word", word: "a".repeat(41) });
    host.send({ type: "word", word: "a".repeat(2000) });
    host.ws.send(new Uint8Array([1, 2, 3]));
    const got = await host.until(
      () => {
        const list = host.messages.filter((m) => m.type === "error").slice(errorsBefore);
        return list.length >= 7 ? list : undefined;
      },
      () => "fewer than 7 errors",
    );
    expect(got.map((e) => e.type === "error" && e.code)).toEqual([
      "invalid-message",
      "invalid-message",
      "invalid-message",
      "invalid-message",
      "invalid-message",
      "message-too-large",
      "invalid-message",
    ]);
    for (const e of got) expect(e.type === "error" && e.message.length).toBeGreaterThan(0);
    expect(JSON.stringify(await callJson(`/api/rooms/${room.code}`))).toBe(before);
    expect(host.closed).toBeNull();
    host.close();
  });
});

describe("reconnecting", () => {
  test("a player who drops mid-round comes back with their words and carries on", async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const guestTicket = await joinRoom(room.code, "Guest");
    const guest = await connect(guestTicket);
    const board = await startRound(host, [guest]);
    const [a, b] = boardWords(board);
    expect(await guest.ask({ type: "word", word: a.word })).toMatchObject({ accepted: true });
    guest.close();
    await host.next("players", (m) => m.players.some((p) => p.name === "Guest" && !p.connected));

    const again = await connect(guestTicket);
    const state = again.lastState();
    expect(state.room.status).toBe("playing");
    expect(state.words).toEqual([{ word: a.word, points: a.points }]);
    expect(await again.ask({ type: "word", word: a.word })).toMatchObject({ accepted: false, reason: "duplicate" });
    expect(await again.ask({ type: "word", word: b.word })).toMatchObject({ accepted: true });
    host.close();
    again.close();
  });

  test("a second connection for the same seat takes over; hibernation keeps the sockets and state", async () => {
    const room = await createRoom("Host");
    const first = await connect(room);
    const second = await connect(room);
    expect((await first.closing()).code).toBe(4001);
    const board = await startRound(second);
    await evictDurableObject(roomStub(room.code));
    const word = boardWords(board)[0];
    expect(await second.ask({ type: "word", word: word.word })).toMatchObject({ accepted: true, points: word.points });
    expect(await second.ask({ type: "ping" })).toMatchObject({ type: "pong" });
    second.close();
  });
});

describe("cleanup", () => {
  test("a room left empty for a day is deleted by its alarm; an occupied one is kept", async () => {
    const stale = await createRoom("Host");
    const client = await connect(stale);
    client.close();
    // The room answers the close once it has taken it (its webSocketClose handler).
    await client.closing();
    const dayAgo = Date.now() - 24 * 60 * 60 * 1000 - 1000;
    const setActive = (code: string) =>
      runInDurableObject(roomStub(code), (_r, state) => {
        state.storage.sql.exec("UPDATE room SET active_at = ? WHERE id = 1", dayAgo);
      });
    await setActive(stale.code);
    expect(await runDurableObjectAlarm(roomStub(stale.code))).toBe(true);
    await expectError(await call(`/api/rooms/${stale.code}`), 404, "not-found");
    const storage = await runInDurableObject(roomStub(stale.code), (_r, state) => state.storage.sql.exec("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'").one().n);
    expect(storage).toBe(0);

    const busy = await createRoom("Host");
    const present = await connect(busy);
    await setActive(busy.code);
    expect(await runDurableObjectAlarm(roomStub(busy.code))).toBe(true);
    expect((await callJson(`/api/rooms/${busy.code}`)).code).toBe(busy.code);
    present.close();
  });
});
