// Rate limits (the Workers Rate Limiting binding, per player): renames and token revocations
// (ACCOUNT_LIMITER, 10 a minute each), round starts and resumes (ROUND_LIMITER, 30 a minute).
// Over the limit: 429 with Retry-After, and nothing written.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import { limitKeys } from "#worker/http/rate-limit.ts";
import { call, countEverywhere, expectError, newPlayer, playerShard, statuses, withinOneWindow, yesterday } from "./helpers.ts";

/** Uses up `count` of a key's allowance through the binding itself (quicker than requests). */
async function spend(limiter: RateLimit, key: string, count: number): Promise<void> {
  await Promise.all(Array.from({ length: count }, () => limiter.limit({ key })));
}

describe("renames", () => {
  it("are limited per player (10 a minute): 429, the name kept, other players unaffected", async () => {
    const { sent, refused, name } = await withinOneWindow(60, async () => {
      const player = await newPlayer("First");
      await spend(env.ACCOUNT_LIMITER, limitKeys.rename(player.playerId), 7);
      let n = 0;
      const sent = await statuses(5, 1, () => call("/api/players/me", { method: "PATCH", json: { name: `Name ${++n}x` }, token: player.token }));
      const refused = await call("/api/players/me", { method: "PATCH", json: { name: "Too Many" }, token: player.token });
      const row = await playerShard(player.playerId).prepare("select name from players where id = ?").bind(player.playerId).first<{ name: string }>();
      return { sent, refused, name: row?.name };
    });
    expect(sent).toEqual([200, 200, 200, 429, 429]);
    expect(refused.headers.get("Retry-After")).toBe("60");
    await expectError(refused, 429, "rate-limited");
    expect(name).toBe("Name 3x");
    const other = await newPlayer();
    expect((await call("/api/players/me", { method: "PATCH", json: { name: "Unhurried" }, token: other.token })).status).toBe(200);
  });
});

describe("token revocations", () => {
  it("are limited per player (10 a minute), apart from renames", async () => {
    const { rename, revoke, version } = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      await spend(env.ACCOUNT_LIMITER, limitKeys.revoke(player.playerId), 10);
      const revoke = await call("/api/players/me/tokens/revoke", { method: "POST", token: player.token });
      const rename = await call("/api/players/me", { method: "PATCH", json: { name: "Still Fine" }, token: player.token });
      const row = await playerShard(player.playerId).prepare("select token_version as v from players where id = ?").bind(player.playerId).first<{ v: number }>();
      return { rename, revoke, version: row?.v };
    });
    await expectError(revoke, 429, "rate-limited");
    expect(version).toBe(0);
    expect(rename.status).toBe(200);
  });
});

describe("round starts", () => {
  it("are limited per player (30 a minute), resumes included: 429 and no round stored", async () => {
    const days = [yesterday(), addDays(yesterday(), -1), addDays(yesterday(), -2)];
    const { sent, rounds, playerId } = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      await spend(env.ROUND_LIMITER, limitKeys.roundStart(player.playerId), 28);
      const sent: number[] = [];
      for (const day of days) {
        const res = await call(`/api/puzzles/${day}/rounds`, { method: "POST", token: player.token });
        sent.push(res.status);
        if (res.status === 429) await expectError(res, 429, "rate-limited");
        else await res.arrayBuffer();
      }
      return { sent, playerId: player.playerId, rounds: await countEverywhere("select count(*) as n from rounds where player_id = ?", player.playerId) };
    });
    expect(sent).toEqual([201, 201, 429]);
    expect(rounds).toBe(2);
    const stored = await playerShard(playerId).prepare("select puzzle_date as d from rounds where player_id = ? order by d desc").bind(playerId).all<{ d: string }>();
    expect(stored.results.map((r) => r.d)).toEqual(days.slice(0, 2));
    // Another player starts as usual.
    const other = await newPlayer();
    expect((await call("/api/puzzles/today/rounds", { method: "POST", token: other.token })).status).toBe(201);
  });
});
