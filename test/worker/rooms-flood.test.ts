// A room's WebSocket reads a bounded number of messages per seat (rooms/message-budget.ts):
// flooded words and pings are answered "rate-limited" unread past the burst, the seat that keeps
// flooding is disconnected, other seats are untouched, and the budget refills with time.
import { describe, expect, test } from "vitest";
import { BURST, MAX_REFUSED, PER_SECOND } from "#worker/rooms/message-budget.ts";
import type { ServerMessage } from "#worker/rooms/messages.ts";
import { boardWords, connect, createRoom, joinRoom, startRound } from "./rooms-helpers.ts";

const FLOOD = 200;

describe("a seat flooding its socket", () => {
  test(`${FLOOD} pings: at most the burst is answered, the rest refused, then the seat is disconnected`, async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const flooder = await connect(await joinRoom(room.code, "Flooder"));
    const started = Date.now();
    for (let ref = 1; ref <= FLOOD; ref++) flooder.send({ type: "ping", ref });
    const closed = await flooder.closing();
    const seconds = (Date.now() - started) / 1000;
    expect(closed.code).toBe(1008);
    const pongs = flooder.messages.filter((m) => m.type === "pong").length;
    const refused = flooder.messages.filter((m): m is Extract<ServerMessage, { type: "error" }> => m.type === "error" && m.code === "rate-limited");
    // What the budget allows in the time the flood took, and not more.
    expect(pongs).toBeGreaterThanOrEqual(BURST);
    expect(pongs).toBeLessThanOrEqual(BURST + Math.ceil(seconds * PER_SECOND));
    expect(refused.length).toBeGreaterThanOrEqual(MAX_REFUSED - 1);
    expect(pongs + refused.length).toBeLessThan(FLOOD);
    // The first BURST were all answered; refusals carry the ref of the ping they refused.
    expect(refused[0]).toMatchObject({ message: expect.stringMatching(/too many messages/) });
    expect(refused[0]!.ref).toBeGreaterThan(BURST);
    // The host's seat is not concerned.
    expect(await host.ask({ type: "ping" })).toMatchObject({ type: "pong" });
    host.close();
  });

  test(`${FLOOD} words in a round: at most the burst is judged; another player's words still are`, async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const flooder = await connect(await joinRoom(room.code, "Flooder"));
    const rows = await startRound(host, [flooder]);
    const words = boardWords(rows);
    const before = flooder.messages.length;
    const started = Date.now();
    for (let ref = 1; ref <= FLOOD; ref++) flooder.send({ type: "word", word: words[ref % words.length]!.word, ref });
    await flooder.closing();
    const answered = flooder.messages.slice(before);
    const verdicts = answered.filter((m) => m.type === "verdict").length;
    expect(verdicts).toBeGreaterThanOrEqual(BURST);
    expect(verdicts).toBeLessThanOrEqual(BURST + Math.ceil(((Date.now() - started) / 1000) * PER_SECOND));
    expect(answered.filter((m) => m.type === "error" && m.code === "rate-limited").length).toBeGreaterThanOrEqual(MAX_REFUSED - 1);
    expect(await host.ask({ type: "word", word: words[0]!.word })).toMatchObject({ type: "verdict", accepted: true });
    host.close();
  });

  test("a player sending at a person's pace is never limited, and a reconnect's burst of queued words fits", async () => {
    const room = await createRoom("Host");
    const host = await connect(room);
    const rows = await startRound(host);
    const words = boardWords(rows);
    // The page's outbox after a short drop: 30 words at once.
    for (let ref = 1; ref <= 30; ref++) host.send({ type: "word", word: words[ref % words.length]!.word, ref });
    await host.until(() => (host.messages.filter((m) => m.type === "verdict").length >= 30 ? true : undefined), () => "30 verdicts");
    expect(host.messages.filter((m) => m.type === "error")).toEqual([]);
    host.close();
  });
});
