// Player tokens: one canonical spelling, an expiry with renewal past half-life (the
// X-Tumbleword-Token header), and revocation through players.token_version.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TOKEN_LIFETIME_S, TOKEN_RENEW_AFTER_S, issueToken, readToken, verifyToken } from "#worker/auth/tokens.ts";
import { VERSION_CACHE_MS, checkVersion, rememberVersion } from "#worker/auth/versions.ts";
import { database } from "#worker/db/client.ts";
import { type Json, call, callJson, expectError, newPlayer, playerShard } from "./helpers.ts";

const DAY_MS = 86_400_000;
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

const stats = (token: string) => call("/api/players/me/stats", { token });

async function expectRefused(res: Response, message: RegExp): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(401);
  const body = JSON.parse(text);
  expect(body.error.code).toBe("unauthorized");
  expect(body.error.message).toMatch(message);
}

describe("token spelling", () => {
  it("is <playerId>.<version>.<issuedAt>.<43 base64url characters>, and verifies", async () => {
    const id = crypto.randomUUID();
    const now = Date.now();
    const token = await issueToken(env, id, { version: 3, now });
    expect(token).toMatch(/^[0-9a-f-]{36}\.3\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(await readToken(env, token, now)).toEqual({ ok: true, claims: { playerId: id, version: 3, issuedAt: Math.floor(now / 1000) }, renew: false });
    expect(await verifyToken(env, token, now)).toBe(id);
  });

  it("has one spelling only: other spellings of the last character, padding, other alphabets are refused", async () => {
    const id = crypto.randomUUID();
    const token = await issueToken(env, id);
    const last = ALPHABET.indexOf(token.at(-1)!);
    // 43 characters carry 258 bits for 256: the last one's two low bits are spare, so three other
    // characters decode to the same bytes. A lenient decoder (atob) takes them all.
    expect(last % 4).toBe(0);
    for (let spare = 1; spare < 4; spare++) {
      const variant = token.slice(0, -1) + ALPHABET[last + spare];
      expect(atob(variant.split(".")[3]!.replace(/-/g, "+").replace(/_/g, "/"))).toBe(atob(token.split(".")[3]!.replace(/-/g, "+").replace(/_/g, "/")));
      expect(await readToken(env, variant), variant).toEqual({ ok: false, reason: "malformed" });
    }
    const [playerId, version, issued, signature] = token.split(".") as [string, string, string, string];
    const spellings = [
      `${token}=`,
      `${playerId}.${version}.${issued}.${signature.replace(/-/g, "+").replace(/_/g, "/")}`,
      `${playerId.toUpperCase()}.${version}.${issued}.${signature}`,
      `${playerId}.00.${issued}.${signature}`,
      `${playerId}.${version}.0${issued}.${signature}`,
      `${playerId}.${version}.${issued}.${signature}.`,
      `${playerId}.${signature}`, // the old, unversioned format
      `${playerId}.${version}.${issued}.${signature.slice(0, -1)}`,
    ];
    for (const spelling of spellings) {
      if (spelling === token) continue;
      expect((await readToken(env, spelling)).ok, spelling).toBe(false);
    }
    // Through the API: the same 401 as any bad token.
    const player = await newPlayer();
    const good = player.token;
    const bad = good.slice(0, -1) + ALPHABET[ALPHABET.indexOf(good.at(-1)!) + 1];
    expect((await stats(good)).status).toBe(200);
    await expectRefused(await stats(bad), /malformed/);
  });

  it("is refused when signed with another key or for another player", async () => {
    const id = crypto.randomUUID();
    const token = await issueToken(env, id);
    expect(await verifyToken({ ...env, TOKEN_SECRET: "another-signing-secret" }, token)).toBeNull();
    const other = crypto.randomUUID();
    expect(await readToken(env, other + token.slice(id.length))).toEqual({ ok: false, reason: "forged" });
    // The version and the time are signed too.
    const [, , issued] = token.split(".");
    expect(await readToken(env, token.replace(".0.", ".1."))).toEqual({ ok: false, reason: "forged" });
    expect(await readToken(env, token.replace(`.${issued}.`, `.${Number(issued) + 1}.`))).toEqual({ ok: false, reason: "forged" });
  });
});

describe("expiry and renewal", () => {
  it("refuses a token older than its lifetime (30 days) or from the future", async () => {
    const id = crypto.randomUUID();
    const now = Date.now();
    const token = await issueToken(env, id, { now });
    expect((await readToken(env, token, now + (TOKEN_LIFETIME_S - 1) * 1000)).ok).toBe(true);
    expect(await readToken(env, token, now + TOKEN_LIFETIME_S * 1000)).toEqual({ ok: false, reason: "expired" });
    expect(await readToken(env, token, now - 3600_000)).toEqual({ ok: false, reason: "expired" });
    expect(TOKEN_LIFETIME_S).toBe(30 * 24 * 3600);

    const player = await newPlayer();
    const expired = await issueToken(env, player.playerId, { now: now - 31 * DAY_MS });
    await expectRefused(await stats(expired), /expired/);
    await expectRefused(await call("/api/players/me", { method: "PATCH", json: { name: "Late" }, token: expired }), /expired/);
  });

  it("renews a token past half its life in X-Tumbleword-Token; the new one works and is not renewed again", async () => {
    const player = await newPlayer();
    const now = Date.now();
    const young = await issueToken(env, player.playerId, { now: now - 10 * DAY_MS });
    const youngRes = await stats(young);
    expect(youngRes.status).toBe(200);
    expect(youngRes.headers.get("X-Tumbleword-Token")).toBeNull();

    const old = await issueToken(env, player.playerId, { now: now - (TOKEN_RENEW_AFTER_S * 1000 + DAY_MS) });
    const res = await stats(old);
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Expose-Headers")).toContain("X-Tumbleword-Token");
    const fresh = res.headers.get("X-Tumbleword-Token")!;
    const check = await readToken(env, fresh);
    expect(check.ok && check.claims.playerId).toBe(player.playerId);
    expect(check.ok && Math.abs(check.claims.issuedAt - now / 1000)).toBeLessThan(60);
    const again = await stats(fresh);
    expect(again.status).toBe(200);
    expect(again.headers.get("X-Tumbleword-Token")).toBeNull();
    // Read-only routes that accept a token renew it as well.
    expect((await call("/api/puzzles/today/leaderboard/me", { token: old })).headers.get("X-Tumbleword-Token")).toMatch(/\./);
  });
});

describe("revocation", () => {
  it("POST /api/players/me/tokens/revoke refuses every earlier token from then on and answers a new one", async () => {
    const player = await newPlayer("Revoker");
    const other = await newPlayer("Bystander");
    const renewedEarlier = await issueToken(env, player.playerId, { now: Date.now() - DAY_MS });
    const body = await callJson("/api/players/me/tokens/revoke", { method: "POST", token: player.token });
    expect(body.playerId).toBe(player.playerId);
    expect(body.token).toMatch(new RegExp(`^${player.playerId}\\.1\\.`));

    for (const old of [player.token, renewedEarlier]) {
      await expectRefused(await stats(old), /revoked/);
      await expectRefused(await call("/api/puzzles/today/rounds", { method: "POST", token: old }), /revoked/);
      await expectRefused(await call("/api/puzzles/today/leaderboard/me", { token: old }), /revoked/);
    }
    expect((await stats(body.token)).status).toBe(200);
    expect((await stats(other.token)).status).toBe(200);
    const row = await playerShard(player.playerId).prepare("select token_version as v, name from players where id = ?").bind(player.playerId).first<{ v: number; name: string }>();
    expect(row).toEqual({ v: 1, name: "Revoker" });

    // Again: the token of version 1 goes too.
    const second = await callJson("/api/players/me/tokens/revoke", { method: "POST", token: body.token });
    expect(second.token).toMatch(/\.2\./);
    await expectRefused(await stats(body.token), /revoked/);
    expect((await stats(second.token)).status).toBe(200);
  });

  it("gives exactly one new token, and a live one, to 10 revocations at once with the same token", async () => {
    const player = await newPlayer("Racer");
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("/api/players/me/tokens/revoke", { method: "POST", token: player.token })));
    const bodies = await Promise.all(answers.map(async (res) => ({ status: res.status, body: (await res.json()) as Json })));
    const issued = bodies.filter((a) => a.status === 200).map((a) => a.body.token as string);
    expect(issued).toHaveLength(1);
    for (const refused of bodies.filter((a) => a.status !== 200)) {
      expect(refused.status).toBe(401);
      expect(refused.body.error.message).toMatch(/revoked/);
    }
    expect((await stats(issued[0]!)).status).toBe(200);
    await expectRefused(await stats(player.token), /revoked/);
    const row = await playerShard(player.playerId).prepare("select token_version as v from players where id = ?").bind(player.playerId).first<{ v: number }>();
    expect(row).toEqual({ v: 1 });
  });

  it("stops at once in an isolate whose cache still holds the old version: a revocation, then a deletion, elsewhere", async () => {
    const player = await newPlayer("Two Isolates");
    const first = await callJson("/api/players/me/tokens/revoke", { method: "POST", token: player.token });
    // This isolate's cache has not heard of the revocation (as another isolate's would not).
    rememberVersion(player.playerId, 0);
    // Nothing that acts on the player's data or shows it takes the old token.
    await expectRefused(await call("/api/players/me/tokens/revoke", { method: "POST", token: player.token }), /revoked/);
    await expectRefused(await stats(player.token), /revoked/);
    await expectRefused(await call("/api/puzzles/today/rounds", { method: "POST", token: player.token }), /revoked/);
    expect((await stats(first.token)).status).toBe(200);
    const row = await playerShard(player.playerId).prepare("select token_version as v from players where id = ?").bind(player.playerId).first<{ v: number }>();
    expect(row).toEqual({ v: 1 });

    // Deleted elsewhere (the players row gone) while this isolate still holds the current version.
    rememberVersion(player.playerId, 1);
    await playerShard(player.playerId).prepare("delete from players where id = ?").bind(player.playerId).run();
    await expectRefused(await call("/api/puzzles/today/rounds", { method: "POST", token: first.token }), /does not exist/);
    await expectRefused(await call("/api/players/me/export", { token: first.token }), /does not exist/);
    const rounds = await playerShard(player.playerId).prepare("select count(*) as n from rounds where player_id = ?").bind(player.playerId).first<{ n: number }>();
    expect(rounds).toEqual({ n: 0 });
  });

  it("needs a valid token", async () => {
    await expectError(await call("/api/players/me/tokens/revoke", { method: "POST" }), 401, "unauthorized");
    const ghost = await issueToken(env, crypto.randomUUID());
    await expectRefused(await call("/api/players/me/tokens/revoke", { method: "POST", token: ghost }), /does not exist/);
  });

  it("reaches other isolates within VERSION_CACHE_MS; a newer token is never held up by the cache", async () => {
    const player = await newPlayer();
    const db = database(playerShard(player.playerId));
    const now = Date.now();
    const v0 = { playerId: player.playerId, version: 0, issuedAt: 0 };
    const v1 = { ...v0, version: 1 };
    rememberVersion(player.playerId, 0, now);
    // Another isolate revokes: the database moves on, this isolate's cache does not know yet.
    await playerShard(player.playerId).prepare("update players set token_version = 1 where id = ?").bind(player.playerId).run();
    expect(await checkVersion(db, v0, now + 1000)).toBe("current");
    expect(await checkVersion(db, v1, now + 1000)).toBe("current");
    expect(await checkVersion(db, v0, now + 1000)).toBe("revoked");
    rememberVersion(player.playerId, 0, now);
    expect(await checkVersion(db, v0, now + VERSION_CACHE_MS)).toBe("revoked");
    expect(await checkVersion(db, { ...v0, playerId: crypto.randomUUID() }, now)).toBe("no-such-player");
  });
});
