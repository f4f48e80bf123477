// Read-your-own-writes with D1 read replication: a proven player's requests read and write their
// shard through a session (the Sessions API), whose bookmark comes back in X-Tumbleword-Bookmark
// and, sent with the next request, makes that request's reads at least as new.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardCount, shardOfPlayer } from "#worker/db/shards.ts";
import { BOOKMARK_HEADER, BOOKMARK_PATTERN } from "#game/player-token.ts";
import { call, expectError, newPlayer, yesterday } from "./helpers.ts";

/** The bookmark of an answer, split: its shard and D1's commit position (its second field). */
function bookmarkOf(res: Response): { value: string; shard: number; position: bigint } {
  const value = res.headers.get(BOOKMARK_HEADER);
  const match = BOOKMARK_PATTERN.exec(value ?? "");
  if (value === null || match === null) throw new Error(`no bookmark in the answer: ${value}`);
  return { value, shard: Number(match[1]), position: BigInt(`0x${match[2]!.split("-")[1]}`) };
}

const withBookmark = (bookmark: string) => ({ [BOOKMARK_HEADER]: bookmark });

describe("a player's session bookmark", () => {
  it("names the player's shard, and a request sent with it reads what the last one wrote", async () => {
    const player = await newPlayer("Before");
    const renamed = await call("/api/players/me", { method: "PATCH", token: player.token, json: { name: "After" } });
    expect(renamed.status).toBe(200);
    const written = bookmarkOf(renamed);
    expect(written.shard).toBe(shardOfPlayer(player.playerId, shardCount(env)));

    const started = await call("/api/puzzles/today/rounds", { method: "POST", token: player.token, headers: withBookmark(written.value) });
    expect(started.status).toBe(201);
    const round = await started.json<{ roundId: string }>();
    const afterStart = bookmarkOf(started);
    // A write moves the session on.
    expect(afterStart.position).toBeGreaterThan(written.position);

    const mine = await call("/api/puzzles/today/rounds/mine", { token: player.token, headers: withBookmark(afterStart.value) });
    expect((await mine.json<{ round: { roundId: string } }>()).round.roundId).toBe(round.roundId);
    expect(bookmarkOf(mine).position).toBeGreaterThanOrEqual(afterStart.position);
    const stats = await call("/api/players/me/stats", { token: player.token, headers: withBookmark(bookmarkOf(mine).value) });
    expect(stats.status).toBe(200);
  });

  it("refuses a malformed bookmark with 400 and changes nothing", async () => {
    const player = await newPlayer("Kept");
    for (const bad of ["garbage", "1/xyz", `0/${"0".repeat(60)}`, "99999/00000000-00000001-00000000-00000000000000000000000000000000"]) {
      const res = await call("/api/players/me", { method: "PATCH", token: player.token, json: { name: "Changed" }, headers: withBookmark(bad) });
      await expectError(res, 400, "invalid-request");
    }
    const stats = await call("/api/players/me/stats", { token: player.token });
    expect(stats.status).toBe(200);
    const renamed = await call("/api/players/me", { method: "PATCH", token: player.token, json: { name: "Kept" } });
    expect(await renamed.json()).toEqual({ playerId: player.playerId, name: "Kept" });
  });

  it("ignores a well-formed bookmark of another shard (the player's shard moved when SHARDS grew)", async () => {
    const player = await newPlayer();
    const own = shardOfPlayer(player.playerId, shardCount(env));
    const other = (own + 1) % shardCount(env);
    const res = await call("/api/puzzles/today/rounds", { method: "POST", token: player.token, headers: withBookmark(`${other}/00000000-7fffffff-00000000-00000000000000000000000000000000`) });
    expect(res.status).toBe(201);
    expect(bookmarkOf(res).shard).toBe(own);
  });

  it("is never put on a shared answer that caches keep for everyone", async () => {
    // A new player's first request reads their row, so the session has a bookmark to give.
    const fresh = await newPlayer();
    const privately = await call("/api/players/me/stats", { token: fresh.token });
    expect(privately.headers.get("Cache-Control") ?? "").not.toMatch(/public/);
    expect(bookmarkOf(privately).shard).toBe(shardOfPlayer(fresh.playerId, shardCount(env)));
    const another = await newPlayer();
    const shared = await call(`/api/puzzles/${yesterday()}/solution`, { token: another.token });
    expect(shared.status).toBe(200);
    expect(shared.headers.get("Cache-Control")).toMatch(/public/);
    expect(shared.headers.get(BOOKMARK_HEADER)).toBeNull();
  });

  it("may be sent from other origins (CORS allows and exposes the header)", async () => {
    const preflight = await call("/api/players/me", { method: "OPTIONS", headers: { Origin: "https://example.org", "Access-Control-Request-Method": "PATCH", "Access-Control-Request-Headers": `authorization, ${BOOKMARK_HEADER.toLowerCase()}` } });
    expect(preflight.headers.get("Access-Control-Allow-Headers")?.toLowerCase()).toContain(BOOKMARK_HEADER.toLowerCase());
    const player = await newPlayer();
    const res = await call("/api/players/me/stats", { token: player.token, headers: { Origin: "https://example.org" } });
    expect(res.headers.get("Access-Control-Expose-Headers")?.toLowerCase()).toContain(BOOKMARK_HEADER.toLowerCase());
  });
});
