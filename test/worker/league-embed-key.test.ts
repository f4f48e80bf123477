// A league's embed and its members after the fuzzing pass: the embed reads the tables by a
// read-only key of its own (it never shows the invite code, and it joins nothing), and a member
// the owner removed stays out, whatever link they hold, until the owner invites them again.
import { describe, expect, it } from "vitest";
import { type Json, call, callJson, countEverywhere, expectError, newPlayer } from "./helpers.ts";
import { createLeague } from "./league-helpers.ts";

describe("the embed key", () => {
  it("shows the tables without the invite code and cannot join; members see it, outsiders do not", async () => {
    const owner = await newPlayer("Owner");
    const league = await createLeague(owner, "Embed Club");
    expect(league.embedKey).toMatch(/^[A-Z0-9]{16}$/);
    expect(league.embedKey).not.toBe(league.code);

    const embed = await callJson(`/api/leagues/embed/${league.embedKey}`);
    expect(embed).toMatchObject({ name: "Embed Club", lang: "en", members: 1 });
    expect(embed.table.map((e: Json) => e.name)).toEqual(["Owner"]);
    expect(JSON.stringify(embed)).not.toContain(league.code);
    expect(embed.table.every((e: Json) => !("playerId" in e))).toBe(true);
    // The widget upper-cases data-league: the key reads the same either way.
    expect((await callJson(`/api/leagues/embed/${league.embedKey.toLowerCase()}`)).name).toBe("Embed Club");

    // The embed key joins nothing, and reads no member-only view.
    const reader = await newPlayer("Reader");
    await expectError(await call(`/api/leagues/${league.embedKey}/members`, { method: "POST", token: reader.token }), 404, "not-found");
    await expectError(await call(`/api/leagues/${league.embedKey}`), 404, "not-found");
    expect(await countEverywhere("select count(*) as n from league_members where player_id = ?", reader.playerId)).toBe(0);
    // An invite code is not an embed key.
    await expectError(await call(`/api/leagues/embed/${league.code}`), 404, "not-found");
    await expectError(await call("/api/leagues/embed/short"), 400, "invalid-request");

    // Members get the key; a visitor holding the invite code does not.
    expect((await callJson(`/api/leagues/${league.code}`, { token: owner.token })).embedKey).toBe(league.embedKey);
    expect("embedKey" in (await callJson(`/api/leagues/${league.code}`))).toBe(false);
  });

  it("is replaced by the owner only: the old key stops showing the league", async () => {
    const owner = await newPlayer("Owner");
    const member = await newPlayer("Member");
    const league = await createLeague(owner, "Embed Club");
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", token: member.token }, 201);
    await expectError(await call(`/api/leagues/${league.code}/embed-key`, { method: "POST", token: member.token }), 403, "forbidden");
    const renewed = await callJson(`/api/leagues/${league.code}/embed-key`, { method: "POST", token: owner.token });
    expect(renewed.embedKey).not.toBe(league.embedKey);
    expect(renewed.code).toBe(league.code);
    await expectError(await call(`/api/leagues/embed/${league.embedKey}`), 404, "not-found");
    expect((await callJson(`/api/leagues/embed/${renewed.embedKey}`)).members).toBe(2);
  });
});

describe("a removed member", () => {
  it("cannot rejoin with the same link, nor a new one, until the owner invites them again", async () => {
    const owner = await newPlayer("Owner");
    const removed = await newPlayer("Removed");
    const leaver = await newPlayer("Leaver");
    const league = await createLeague(owner, "Embed Club");
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", token: removed.token }, 201);
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", token: leaver.token }, 201);

    await callJson(`/api/leagues/${league.code}/members/${removed.playerId}`, { method: "DELETE", token: owner.token });
    const refused = await call(`/api/leagues/${league.code}/members`, { method: "POST", token: removed.token });
    await expectError(refused.clone(), 403, "removed");
    expect(((await refused.json()) as Json).error.message).toMatch(/removed you/);
    // A new invite link changes nothing for them.
    const rotated = await callJson(`/api/leagues/${league.code}/invite`, { method: "POST", token: owner.token });
    await expectError(await call(`/api/leagues/${rotated.code}/members`, { method: "POST", token: removed.token }), 403, "removed");

    // Someone who left on their own comes back by the link.
    await callJson(`/api/leagues/${rotated.code}/members/me`, { method: "DELETE", token: leaver.token });
    expect((await callJson(`/api/leagues/${rotated.code}/members`, { method: "POST", token: leaver.token }, 201)).joined).toBe(true);

    // The owner sees whom they removed (nobody else does) and invites them again.
    await expectError(await call(`/api/leagues/${rotated.code}/removals`, { token: leaver.token }), 403, "forbidden");
    const list = await callJson(`/api/leagues/${rotated.code}/removals`, { token: owner.token });
    expect(list.removed.map((r: Json) => [r.playerId, r.name])).toEqual([[removed.playerId, "Removed"]]);
    await expectError(await call(`/api/leagues/${rotated.code}/removals/${removed.playerId}`, { method: "DELETE", token: leaver.token }), 403, "forbidden");
    expect(await callJson(`/api/leagues/${rotated.code}/removals/${removed.playerId}`, { method: "DELETE", token: owner.token })).toEqual({ invited: removed.playerId });
    await expectError(await call(`/api/leagues/${rotated.code}/removals/${removed.playerId}`, { method: "DELETE", token: owner.token }), 404, "not-found");
    expect((await callJson(`/api/leagues/${rotated.code}/members`, { method: "POST", token: removed.token }, 201)).joined).toBe(true);
    expect((await callJson(`/api/leagues/${rotated.code}/removals`, { token: owner.token })).removed).toEqual([]);
  });

  it("removing a non-member records nothing", async () => {
    const owner = await newPlayer("Owner");
    const stranger = await newPlayer("Stranger");
    const league = await createLeague(owner, "Embed Club");
    await expectError(await call(`/api/leagues/${league.code}/members/${stranger.playerId}`, { method: "DELETE", token: owner.token }), 404, "not-found");
    expect((await callJson(`/api/leagues/${league.code}/removals`, { token: owner.token })).removed).toEqual([]);
    expect((await callJson(`/api/leagues/${league.code}/members`, { method: "POST", token: stranger.token }, 201)).joined).toBe(true);
  });
});
