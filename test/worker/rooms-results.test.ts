// Room results on the shards (worker/rooms/queries.ts): a finished room round's rows, each on
// its player's shard (a guest's on its round key's), read back in each player's stats; the identity
// merge moves them to the passkey player's shard (copy first, then delete) and drops the old
// player's link codes.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allShardD1s, shardCount, shardOfPlayer } from "#worker/db/shards.ts";
import { type Json, type TestPlayer, callJson, newPlayerWhere, playerShard } from "./helpers.ts";
import { boardWords, connect, createRoom, joinRoom, roomStub, startRound } from "./rooms-helpers.ts";
import { registerPasskey, signIn } from "./passkey-helpers.ts";

interface StoredResult {
  shard: number;
  round_key: string;
  seat_id: string;
  player_id: string | null;
  name: string;
  score: number;
}

/** Every stored row of the room's results, with the shard it is on, by name. */
async function resultsOf(code: string): Promise<StoredResult[]> {
  const answers = await Promise.all(
    allShardD1s(env).map((d1) => d1.prepare("select round_key, seat_id, player_id, name, score from room_results where room_code = ?").bind(code).all<Omit<StoredResult, "shard">>()),
  );
  return answers.flatMap((answer, shard) => answer.results.map((row) => ({ shard, ...row }))).sort((a, b) => a.name.localeCompare(b.name));
}

/** Plays one round of a room: the host (with a player) finds one word, the others none; the alarm ends it. The room's code. */
async function playRoom(host: TestPlayer | null, others: { name: string; player: TestPlayer | null }[]): Promise<string> {
  const room = await createRoom("Host", {}, host === null ? {} : { token: host.token });
  const hostClient = await connect(room);
  const clients = [];
  for (const other of others) clients.push(await connect(await joinRoom(room.code, other.name, other.player === null ? {} : { token: other.player.token })));
  const board = await startRound(hostClient, clients);
  expect(await hostClient.ask({ type: "word", word: boardWords(board)[0]!.word })).toMatchObject({ accepted: true });
  expect(await runDurableObjectAlarm(roomStub(room.code))).toBe(true);
  await hostClient.next("state", (m) => m.room.status === "finished");
  for (const c of [hostClient, ...clients]) c.close();
  return room.code;
}

const roomsInStats = async (player: TestPlayer) => (await callJson("/api/players/me/stats", { token: player.token })).rooms as Json[];

describe("room results on the shards", () => {
  it("puts each player's result on their shard and a guest's on its round key's, and each player's stats list the room", async () => {
    expect(shardCount(env)).toBe(4);
    const players = await Promise.all([1, 2, 3].map((shard) => newPlayerWhere((s) => s === shard, `On ${shard}`)));
    const code = await playRoom(players[0]!, [
      { name: "On 2", player: players[1]! },
      { name: "On 3", player: players[2]! },
      { name: "Guest", player: null },
    ]);

    const rows = await resultsOf(code);
    expect(rows.map((r) => [r.name, r.player_id])).toEqual([
      ["Guest", null],
      ["Host", players[0]!.playerId],
      ["On 2", players[1]!.playerId],
      ["On 3", players[2]!.playerId],
    ]);
    for (const row of rows) expect(row.shard, row.name).toBe(shardOfPlayer(row.player_id ?? row.round_key, 4));
    expect(rows.slice(1).map((r) => r.shard)).toEqual([1, 2, 3]);

    for (const [i, player] of players.entries()) {
      const rooms = await roomsInStats(player);
      expect(rooms).toEqual([expect.objectContaining({ room: code, round: 1, name: i === 0 ? "Host" : `On ${i + 1}`, players: 4 })]);
    }
    expect((await roomsInStats(players[0]!))[0].score).toBeGreaterThan(0);
  });
});

describe("the identity merge", () => {
  it("moves the local player's room results to the passkey player's shard and drops its link codes", async () => {
    const owner = await newPlayerWhere((shard) => shard === 1, "Owner");
    const authenticator = await registerPasskey(owner);
    const local = await newPlayerWhere((shard) => shard === 3, "Local");
    const [first, second] = [await playRoom(local, [{ name: "Guest", player: null }]), await playRoom(null, [{ name: "Local", player: local }])];
    await callJson("/api/links", { method: "POST", token: local.token }, 201);
    expect(await playerShard(local.playerId).prepare("select count(*) as n from link_codes where player_id = ?").bind(local.playerId).first("n")).toBe(1);

    // A move that stopped after its copy: the first room's row is on the owner's shard already.
    const [row] = (await resultsOf(first)).filter((r) => r.player_id === local.playerId);
    const copied = await playerShard(local.playerId).prepare("select * from room_results where round_key = ? and seat_id = ?").bind(row!.round_key, row!.seat_id).first<Record<string, unknown>>();
    const columns = Object.keys(copied!);
    await playerShard(owner.playerId)
      .prepare(`insert into room_results (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`)
      .bind(...columns.map((c) => (c === "player_id" ? owner.playerId : copied![c])))
      .run();

    const signedIn = await signIn(authenticator, local.token);
    expect(signedIn.merge).toMatchObject({ kind: "merged", from: local.playerId });

    for (const code of [first, second]) {
      const mine = (await resultsOf(code)).filter((r) => r.player_id !== null);
      expect(mine.map((r) => [r.shard, r.player_id]), code).toEqual([[1, owner.playerId]]);
    }
    // The guest's row stays where it was.
    expect((await resultsOf(first)).filter((r) => r.player_id === null)).toHaveLength(1);
    expect((await roomsInStats({ playerId: owner.playerId, token: signedIn.token })).map((r: Json) => r.room).sort()).toEqual([first, second].sort());
    const codesLeft = await Promise.all(allShardD1s(env).map((d1) => d1.prepare("select count(*) as n from link_codes where player_id = ?").bind(local.playerId).first<number>("n")));
    expect(codesLeft).toEqual([0, 0, 0, 0]);
  });

  it("changes the owner in place when both players are on one shard", async () => {
    const owner = await newPlayerWhere((shard) => shard === 2, "Owner");
    const authenticator = await registerPasskey(owner);
    const local = await newPlayerWhere((shard) => shard === 2, "Local");
    const code = await playRoom(local, []);
    const signedIn = await signIn(authenticator, local.token);
    expect(signedIn.merge).toMatchObject({ kind: "merged", from: local.playerId });
    expect((await resultsOf(code)).map((r) => [r.shard, r.player_id])).toEqual([[2, owner.playerId]]);
  });
});
