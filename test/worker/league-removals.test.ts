// A removal and joins in flight are one decision (issue 38): the owner removes a member while
// that member sends joins at once, and the removal wins whatever the interleaving, with the
// member's rows on the league's shard or on another; the removed player's view of the league
// says they were removed; a refused join changes nothing about the player (the name it carries
// is saved only by a join that succeeds).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { shardOfKey } from "#worker/leagues/league-shards.ts";
import { shardCount, shardOfPlayer } from "#worker/db/shards.ts";
import { type Json, type TestPlayer, call, callJson, expectError, nameOf, newPlayer, newPlayerWhere } from "./helpers.ts";
import { leagueIdOf } from "./league-helpers.ts";

const JOINS = 6;
// On the code before the fix, about one trial in two let the member back in (both ways of spacing the joins).
const TRIALS = 6;

/** A join, its answer's status and the moment it came (an order number shared with the removal). */
async function timed(send: () => Promise<Response>, clock: { next: number }): Promise<{ status: number; at: number; body: Json }> {
  const res = await send();
  const body = await res.json();
  return { status: res.status, at: clock.next++, body };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The owner removes `member` while the member sends JOINS joins, all at once (`spacing` 0) or
 * each a millisecond after the one before (so some land before the removal's writes, some
 * between, some after).
 */
async function race(owner: TestPlayer, member: TestPlayer, code: string, spacing = 0) {
  const clock = { next: 0 };
  const joinOnce = (delay: number) => pause(delay).then(() => timed(() => call(`/api/leagues/${code}/members`, { method: "POST", token: member.token }), clock));
  const [removal, ...joins] = await Promise.all([
    timed(() => call(`/api/leagues/${code}/members/${member.playerId}`, { method: "DELETE", token: owner.token }), clock),
    ...Array.from({ length: JOINS }, (_, i) => joinOnce(i * spacing)),
  ]);
  return { removal, joins };
}

async function expectRemoved(owner: TestPlayer, member: TestPlayer, code: string): Promise<void> {
  const members = await callJson(`/api/leagues/${code}/members`, { token: owner.token });
  expect(members.members.map((m: Json) => m.playerId)).not.toContain(member.playerId);
  const removals = await callJson(`/api/leagues/${code}/removals`, { token: owner.token });
  expect(removals.removed.map((r: Json) => r.playerId)).toContain(member.playerId);
  // The member reads the league as anyone with the link, without its embed key, and is told why.
  const view = await callJson(`/api/leagues/${code}`, { token: member.token });
  expect(view).toMatchObject({ member: false, removed: true });
  expect(view.embedKey).toBeUndefined();
  await expectError(await call(`/api/leagues/${code}/days/today`, { token: member.token }), 403, "forbidden");
  await expectError(await call(`/api/leagues/${code}/members`, { method: "POST", token: member.token }), 403, "removed");
}

describe("a removal racing joins", () => {
  for (const where of ["on the league's shard", "on another shard"] as const) {
    it(`wins over ${JOINS} joins in flight, the member's rows ${where} (${TRIALS} trials)`, async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const owner = await newPlayer("Owner");
        const league = await callJson("/api/leagues", { json: { name: "Race Club" }, token: owner.token }, 201);
        const leagueShard = shardOfKey(await leagueIdOf(league.code), shardCount(env));
        const member = await newPlayerWhere((shard) => (where === "on the league's shard" ? shard === leagueShard : shard !== leagueShard), "Member");
        expect(shardOfPlayer(member.playerId, shardCount(env)) === leagueShard).toBe(where === "on the league's shard");
        await callJson(`/api/leagues/${league.code}/members`, { method: "POST", token: member.token }, 201);

        const { removal, joins } = await race(owner, member, league.code, trial % 2);
        expect(removal.status, JSON.stringify(removal.body)).toBe(200);
        for (const join of joins) {
          // Before the removal: still a member (200) or back in (201) until the removal takes them
          // out; after it, refused. Never a join answered 201 after the removal's 200.
          expect([200, 201, 403], JSON.stringify(join.body)).toContain(join.status);
          if (join.status === 201) expect(join.at).toBeLessThan(removal.at);
        }
        await expectRemoved(owner, member, league.code);
      }
    });
  }

  it("keeps a removed player out when the owner removes them while they are not a member yet (their join in flight)", async () => {
    const owner = await newPlayer("Owner");
    const league = await callJson("/api/leagues", { json: { name: "Race Club" }, token: owner.token }, 201);
    const member = await newPlayer("Member");
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", token: member.token }, 201);
    await callJson(`/api/leagues/${league.code}/members/me`, { method: "DELETE", token: member.token });
    // Left by themselves: they may come back; then the owner removes them while joins fly.
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", token: member.token }, 201);
    const { removal } = await race(owner, member, league.code);
    expect(removal.status).toBe(200);
    await expectRemoved(owner, member, league.code);
  });
});

describe("a refused join", () => {
  it("changes nothing about the player: the name it carries is saved only when the join succeeds", async () => {
    const owner = await newPlayer("Owner");
    const league = await callJson("/api/leagues", { json: { name: "Name Club" }, token: owner.token }, 201);
    const member = await newPlayer("Before");
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", json: { name: "First Name" }, token: member.token }, 201);
    expect(await nameOf(member.playerId)).toBe("First Name");
    await callJson(`/api/leagues/${league.code}/members/${member.playerId}`, { method: "DELETE", token: owner.token });

    await expectError(await call(`/api/leagues/${league.code}/members`, { method: "POST", json: { name: "After Removal" }, token: member.token }), 403, "removed");
    expect(await nameOf(member.playerId)).toBe("First Name");
    // A name the rules refuse stops the join before anything is written.
    const other = await newPlayer("Other");
    await expectError(await call(`/api/leagues/${league.code}/members`, { method: "POST", json: { name: "Player 1A2B" }, token: other.token }), 400, "invalid-name");
    expect(await nameOf(other.playerId)).toBe("Other");
    expect((await callJson(`/api/leagues/${league.code}`, { token: other.token })).member).toBe(false);
    // Invited again, the member joins and the name they typed is theirs.
    await callJson(`/api/leagues/${league.code}/removals/${member.playerId}`, { method: "DELETE", token: owner.token });
    const view = await callJson(`/api/leagues/${league.code}`, { token: member.token });
    expect(view).toMatchObject({ member: false, removed: false });
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", json: { name: "Came Back" }, token: member.token }, 201);
    expect(await nameOf(member.playerId)).toBe("Came Back");
  });
});
