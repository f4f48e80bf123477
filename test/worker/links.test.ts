// POST /api/links and POST /api/links/redeem: a player's identity carried by a one-time code.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { LINK_CODE_TTL_MS, normalizeLinkCode } from "../../worker/routes/links.ts";
import { call, callJson, countEverywhere, countRows, expectError, newPlayer, startRound } from "./helpers.ts";

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
    const stored = await env.DB.prepare("select code_hash from link_codes where player_id = ?").bind(player.playerId).all<{ code_hash: string }>();
    expect(stored.results).toHaveLength(1);
    expect(stored.results[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    await env.DB.prepare("update link_codes set expires_at = ? where player_id = ?").bind(Date.now() - 1, player.playerId).run();
    await expectError(await call("/api/links/redeem", { json: { code } }), 404, "not-found");
    // Minting again clears the player's expired codes.
    await callJson("/api/links", { method: "POST", token: player.token }, 201);
    expect(await countRows("select count(*) as n from link_codes where player_id = ?", player.playerId)).toBe(1);
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
