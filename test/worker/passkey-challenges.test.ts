// Passkey challenges after the fuzzing pass: a registration challenge is checked for its owner
// before it is used (someone holding another player's challenge id cannot spoil it), anonymous
// sign-in options write nothing to D1 (the id is signed), and challenges expire and are deleted.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "#worker/db/client.ts";
import { CHALLENGE_TTL_MS } from "#worker/passkeys/ceremonies.ts";
import { cleanUp } from "#worker/archive/upkeep.ts";
import { type Json, call, callJson, countRows, expectError, newPlayer, playerShard } from "./helpers.ts";
import { softAuthenticator } from "./soft-authenticator.ts";

describe("registration challenges", () => {
  it("another player's challenge id is refused without being spent: its owner still uses it", async () => {
    const owner = await newPlayer("Owner");
    const thief = await newPlayer("Thief");
    const { challengeId, options } = await callJson("/api/passkeys/register/options", { method: "POST", token: owner.token });
    const thiefKey = await softAuthenticator();
    for (let i = 0; i < 3; i++) {
      await expectError(await call("/api/passkeys/register/verify", { token: thief.token, json: { challengeId, response: await thiefKey.register(options) } }), 403, "forbidden");
    }
    const ownerKey = await softAuthenticator();
    const made = await callJson("/api/passkeys/register/verify", { token: owner.token, json: { challengeId, response: await ownerKey.register(options) } }, 201);
    expect(made.passkey.name).toMatch(/^Passkey added/);
    const passkeysOf = async (id: string) => (await playerShard(id).prepare("select count(*) as n from passkeys where player_id = ?").bind(id).first<number>("n")) ?? 0;
    expect(await passkeysOf(thief.playerId)).toBe(0);
    expect(await passkeysOf(owner.playerId)).toBe(1);
  });
});

describe("sign-in challenges", () => {
  it("asking for sign-in options writes nothing to D1, however often", async () => {
    const before = await countRows("select count(*) as n from passkey_challenges");
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await callJson("/api/passkeys/login/options", { method: "POST" })).challengeId);
    expect(ids.size).toBe(5);
    expect(await countRows("select count(*) as n from passkey_challenges")).toBe(before);
  });

  it("a forged or altered challenge id is refused", async () => {
    const key = await softAuthenticator();
    const { challengeId, options } = await callJson("/api/passkeys/login/options", { method: "POST" });
    const [prefix, expiresAt, challenge, signature] = (challengeId as string).split(".");
    const longer = `${prefix}.${Number(expiresAt) + 3_600_000}.${challenge}.${signature}`;
    const res = await call("/api/passkeys/login/verify", { json: { challengeId: longer, response: await key.signIn(options) } });
    // An unknown credential is answered first; with a registered one the forged id is refused.
    expect(res.status).toBe(404);
    const owner = await newPlayer();
    const ownerKey = await softAuthenticator();
    const reg = await callJson("/api/passkeys/register/options", { method: "POST", token: owner.token });
    await callJson("/api/passkeys/register/verify", { token: owner.token, json: { challengeId: reg.challengeId, response: await ownerKey.register(reg.options) } }, 201);
    const forged = await call("/api/passkeys/login/verify", { json: { challengeId: longer, response: await ownerKey.signIn(options) } });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as Json).error.message).toMatch(/unknown or already used/);
    // The genuine id still signs in.
    const ok = await callJson("/api/passkeys/login/verify", { json: { challengeId, response: await ownerKey.signIn(options) } });
    expect(ok.playerId).toBe(owner.playerId);
  });
});

describe("expiry", () => {
  it("the upkeep deletes expired challenges and keeps live ones", async () => {
    const player = await newPlayer();
    const live = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
    const stale = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
    await env.DB.prepare("update passkey_challenges set expires_at = ? where id = ?").bind(Date.now() - CHALLENGE_TTL_MS, stale.challengeId).run();
    const counts = await cleanUp(env, database(env.DB), Date.now());
    expect(counts.passkeyChallenges).toBeGreaterThanOrEqual(1);
    expect(await countRows("select count(*) as n from passkey_challenges where id = ?", stale.challengeId)).toBe(0);
    expect(await countRows("select count(*) as n from passkey_challenges where id = ?", live.challengeId)).toBe(1);
    expect(await countRows("select count(*) as n from passkey_challenges where expires_at <= ?", Date.now())).toBe(0);
  });
});
