// POST /api/links and POST /api/links/redeem: a player's identity carried by a one-time code,
// kept on the shard its hash falls on, which is the player's own.
import { createHash } from "node:crypto";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { allShardD1s, shardCount, shardOfPlayer } from "#worker/db/shards.ts";
import { LINK_CODE_TTL_MS, normalizeLinkCode } from "#worker/links/routes.ts";
import { call, callJson, countEverywhere, expectError, newPlayer, newPlayerWhere, playerShard, startRound } from "./helpers.ts";

/** The shards (by index) holding a row of link_codes that matches `where`. */
async function shardsWithCode(where: string, ...params: unknown[]): Promise<number[]> {
  const found = await Promise.all(allShardD1s(env).map((d1) => d1.prepare(`select count(*) as n from link_codes where ${where}`).bind(...params).first<number>("n")));
  return found.flatMap((n, shard) => (n ? [shard] : []));
}

const hashOf = (code: string) => createHash("sha256").update(`link/${code}`).digest("hex");

/** The first of a fixed sequence of codes whose hash falls on `shard` (of 4). */
function codeOnShard(shard: number): string {
  for (const a of "23456789ABCDEFGHJKLMNPQRSTUVWXYZ") {
    const code = `ABCD-EFG${a}`;
    if (shardOfPlayer(hashOf(code), 4) === shard) return code;
  }
  throw new Error(`no code of the sequence falls on shard ${shard}`);
}

describe("link codes", () => {
  it("redeems a code once for the same player's token, who then gets the same ranked round back", async () => {
    const player = await newPlayer("Linker");
    const first = await startRound(player);
    const minted = await callJson("/api/links", { method: "POST", token: player.token }, 201);
    expect(minted.code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(Date.parse(minted.expiresAt) - Date.now()).toBeLessThanOrEqual(LINK_CODE_TTL_MS);

    // Typed loosely on another screen: lower case, no dash, spaces.
    const typed = ` ${minted.code.toLowerCase().replace("-", " ")} `;
    const redeemed = await callJson("/api/links/redeem", { json: { code: typed } });
    expect(redeemed).toEqual({ playerId: player.playerId, token: expect.any(String), name: "Linker" });
    const again = await startRound({ playerId: redeemed.playerId, token: redeemed.token });
    expect(again.roundId).toBe(first.roundId);
    expect(await countEverywhere("select count(*) as n from rounds where player_id = ? and ranked = 1", player.playerId)).toBe(1);

    await expectError(await call("/api/links/redeem", { json: { code: minted.code } }), 404, "not-found");
  });

  it("refuses an expired code and stores only the code's hash", async () => {
    const player = await newPlayer();
    const { code } = await callJson("/api/links", { method: "POST", token: player.token }, 201);
    const stored = await playerShard(player.playerId).prepare("select code_hash from link_codes where player_id = ?").bind(player.playerId).all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0].code_hash).toBe(hashOf(code));
    await playerShard(player.playerId).prepare("update link_codes set expires_at = ? where player_id = ?").bind(Date.now() - 1, player.playerId).run();
    await expectError(await call("/api/links/redeem", { json: { code } }), 404, "not-found");
    // Minting again clears the player's expired codes.
    await callJson("/api/links", { method: "POST", token: player.token }, 201);
    expect(await countEverywhere("select count(*) as n from link_codes where player_id = ?", player.playerId)).toBe(1);
  });

  it("keeps a player's code on their own shard, the one its hash falls on, and another device takes it there", async () => {
    const n = shardCount(env);
    expect(n).toBe(4);
    for (let shard = 0; shard < n; shard++) {
      const player = await newPlayerWhere((s) => s === shard, `Shard ${shard}`);
      const { code } = await callJson("/api/links", { method: "POST", token: player.token }, 201);
      expect(shardOfPlayer(hashOf(code), n)).toBe(shard);
      expect(await shardsWithCode("code_hash = ? and player_id = ?", hashOf(code), player.playerId)).toEqual([shard]);

      const redeemed = await callJson("/api/links/redeem", { json: { code } });
      expect(redeemed).toEqual({ playerId: player.playerId, token: expect.any(String), name: `Shard ${shard}` });
      expect(await shardsWithCode("player_id = ?", player.playerId)).toEqual([]);
      // The token works on the player's shard: their round starts there.
      const round = await startRound({ playerId: player.playerId, token: redeemed.token });
      expect(await playerShard(player.playerId).prepare("select player_id from rounds where id = ?").bind(round.roundId).first("player_id")).toBe(player.playerId);
    }
  });

  it("finds a code on its hash's shard even when that is not its player's (minted before SHARDS grew, then rebalanced)", async () => {
    const player = await newPlayerWhere((shard) => shard === 1, "Moved");
    // A code whose hash falls on shard 2, stored there as the rebalance leaves it.
    const code = codeOnShard(2);
    const now = Date.now();
    await allShardD1s(env)[2]!.prepare("insert into link_codes (code_hash, player_id, expires_at, created_at) values (?, ?, ?, ?)").bind(hashOf(code), player.playerId, now + 60_000, now).run();
    expect(await callJson("/api/links/redeem", { json: { code } })).toEqual({ playerId: player.playerId, token: expect.any(String), name: "Moved" });
    expect(await shardsWithCode("player_id = ?", player.playerId)).toEqual([]);
  });

  it("needs a valid player to mint, and a well-formed code to redeem", async () => {
    await expectError(await call("/api/links", { method: "POST" }), 401, "unauthorized");
    await expectError(await call("/api/links", { method: "POST", token: "forged.token" }), 401, "unauthorized");
    await expectError(await call("/api/links/redeem", { json: { code: "12" } }), 400, "invalid-request");
    await expectError(await call("/api/links/redeem", { json: { code: "OOOO-IIII" } }), 400, "invalid-request");
    await expectError(await call("/api/links/redeem", { json: {} }), 400, "invalid-request");
  });

  it("reads codes case- and dash-insensitively", () => {
    expect(normalizeLinkCode("k7qp mx2d")).toBe("K7QP-MX2D");
    expect(normalizeLinkCode("K7QP-MX2D-")).toBe("K7QP-MX2D");
    expect(normalizeLinkCode("K7QP-MX2")).toBeNull();
  });
});

describe("precompressed files", () => {
  it("answers 404 with the API's error shape for an unknown lexicon file", async () => {
    await expectError(await call("/api/lexicon/english.000000000000.bin", { headers: { "accept-encoding": "gzip" } }), 404, "not-found");
    await expectError(await call("/api/lexicon/other.bin"), 404, "not-found");
  });
});
