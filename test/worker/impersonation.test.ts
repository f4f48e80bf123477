// Names no one can use to pass for someone else (issue 38): names are compared by how they read
// (players/names.ts nameSkeleton: look-alike letters from other scripts, digits for letters, case
// and spacing folded), names that read as the game's staff are refused everywhere, a moderator's
// name is theirs alone, no two members of a room or a league read alike; free text shown to
// others (a moderator's note, a passkey's name) refuses NUL and bidi controls.
import { describe, expect, it } from "vitest";
import { checkName, namesAlike } from "#worker/players/names.ts";
import { type Json, call, callJson, expectError, nameOf, newPlayer, play, puzzleOf, solutionWords, today } from "./helpers.ts";
import { MODERATOR, moderator } from "./moderator.ts";
import { createRoom, joinRoom } from "./rooms-helpers.ts";
import { softAuthenticator } from "./soft-authenticator.ts";

// "Моderator" with a Cyrillic М and о: accepted as a player, league and room name on main.
const CYRILLIC_MODERATOR = "\u041C\u043Ederator";
// "Ann" with a Cyrillic А.
const CYRILLIC_ANN = "\u0410nn";

describe("names compared by how they read", () => {
  it("folds look-alike letters, digits for letters, case and spacing; keeps different names apart", () => {
    for (const [a, b] of [["Ann", CYRILLIC_ANN], ["Ann", "ANN"], ["Sam Lee", "Sam  Iee"], ["Moderator", "M0d3rat0r"], ["Zoë", "Zoë"], ["Μax", "Max"]]) expect(namesAlike(a!, b!), `${a} ~ ${b}`).toBe(true);
    for (const [a, b] of [["Ann", "Anne"], ["Дмитрий", "Dmitri"], ["😀", "🎉"], ["Bob", "Rob"]]) expect(namesAlike(a!, b!), `${a} / ${b}`).toBe(false);
  });

  it("refuses names that read as the game's staff, in any letters; ordinary names with those letters stay", () => {
    for (const name of [CYRILLIC_MODERATOR, "Moderator", "M o d e r a t o r", "Admin Ann", "ＡＤＭＩＮ", "Mod", "Team Tumbleword", "Moderators"]) expect(checkName(name).ok, name).toBe(false);
    for (const name of ["Badminton Bob", "Modesto", "Staffordshire", "Supporter"]) expect(checkName(name).ok, name).toBe(true);
  });
});

describe("a moderator's name", () => {
  it("is refused as another player's name, new or renamed, and as a name in a room", async () => {
    await moderator(MODERATOR); // named "Mod a1"
    const created = await callJson("/api/players", { json: { name: "M0d a1" } }, 201);
    expect(created).toMatchObject({ name: null, nameError: expect.stringMatching(/moderator's name/) });
    const player = await newPlayer("Plain");
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: "MOD A1" }, token: player.token }), 409, "name-taken");
    expect(await nameOf(player.playerId)).toBe("Plain");
    await expectError(await call("/api/rooms", { json: { name: "Mod a1" } }), 409, "name-taken");
    const room = await createRoom("Host");
    await expectError(await call(`/api/rooms/${room.code}/players`, { json: { name: "Mod a1" } }), 409, "name-taken");
    // The moderator keeps theirs.
    const mod = await moderator(MODERATOR);
    expect(await callJson("/api/players/me", { method: "PATCH", json: { name: "Mod a1" }, token: mod.token })).toMatchObject({ name: "Mod a1" });
  });

  it(`"${CYRILLIC_MODERATOR}" is no player, league or room name`, async () => {
    expect(await callJson("/api/players", { json: { name: CYRILLIC_MODERATOR } }, 201)).toMatchObject({ name: null });
    const player = await newPlayer("Someone");
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: CYRILLIC_MODERATOR }, token: player.token }), 400, "invalid-name");
    await expectError(await call("/api/leagues", { json: { name: CYRILLIC_MODERATOR }, token: player.token }), 400, "invalid-name");
    await expectError(await call("/api/rooms", { json: { name: CYRILLIC_MODERATOR } }), 400, "invalid-name");
  });
});

describe("look-alikes in one room or league", () => {
  it(`a room takes no "${CYRILLIC_ANN}" beside "Ann"`, async () => {
    const room = await createRoom("Ann");
    const res = await call(`/api/rooms/${room.code}/players`, { json: { name: CYRILLIC_ANN } });
    await expectError(res.clone(), 409, "name-taken");
    expect(((await res.json()) as Json).error.message).toContain('"Ann"');
    await joinRoom(room.code, "Anna");
  });

  it("a league takes no member whose name reads as another member's, and a member cannot rename into one", async () => {
    const ann = await newPlayer("Ann");
    const league = await callJson("/api/leagues", { json: { name: "Look Club" }, token: ann.token }, 201);
    const copycat = await newPlayer("Copycat");
    await expectError(await call(`/api/leagues/${league.code}/members`, { method: "POST", json: { name: CYRILLIC_ANN }, token: copycat.token }), 409, "name-taken");
    // Refused: neither in the league nor renamed.
    expect(await nameOf(copycat.playerId)).toBe("Copycat");
    expect((await callJson(`/api/leagues/${league.code}`, { token: copycat.token })).member).toBe(false);
    // A player already called so cannot join under that name either.
    const twin = await newPlayer("ann");
    await expectError(await call(`/api/leagues/${league.code}/members`, { method: "POST", token: twin.token }), 409, "name-taken");
    // Joined under their own name, the copycat cannot take Ann's afterwards.
    await callJson(`/api/leagues/${league.code}/members`, { method: "POST", json: { name: "Copycat" }, token: copycat.token }, 201);
    await expectError(await call("/api/players/me", { method: "PATCH", json: { name: `  ${CYRILLIC_ANN} ` }, token: copycat.token }), 409, "name-taken");
    expect(await nameOf(copycat.playerId)).toBe("Copycat");
  });
});

describe("free text shown to others", () => {
  it("a moderator's note refuses NUL and bidi controls", async () => {
    const mod = await moderator(MODERATOR);
    const round = await play(await newPlayer("Noted"), solutionWords(await puzzleOf(today()), 1).map((w) => w.word));
    for (const note of ["fine\u0000", "looks \u202Eenif", "\u2066isolate\u2069"]) {
      const res = await call(`/api/moderation/queue/today/rounds/${round.roundId}/clear`, { json: { note }, token: mod.token });
      await expectError(res.clone(), 400, "invalid-request");
      expect(((await res.json()) as Json).error.message).toMatch(/bidi controls/);
    }
    // Line breaks and other scripts are text like any other.
    expect(await callJson(`/api/moderation/queue/today/rounds/${round.roundId}/clear`, { json: { note: "a person\nשלום" }, token: mod.token })).toMatchObject({ decision: "clear" });
  });

  it("a passkey's name refuses them too", async () => {
    const player = await newPlayer("Keyholder");
    const key = await softAuthenticator();
    const { challengeId, options } = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
    const response = await key.register(options);
    const res = await call("/api/passkeys/register/verify", { token: player.token, json: { challengeId, response, name: "Phone\u202E" } });
    await expectError(res.clone(), 400, "invalid-request");
    expect(((await res.json()) as Json).error.message).toMatch(/bidi controls/);
    expect(await callJson("/api/passkeys/register/verify", { token: player.token, json: { challengeId, response, name: "Phone" } }, 201)).toMatchObject({ passkey: { name: "Phone" } });
  });
});
