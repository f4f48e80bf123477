// Names handled by people (moderation/name-review.ts): a player reports the name on another
// player's leaderboard row, the moderators list the reported names most reported first, and keep,
// rename or hide one; a hidden name cannot be picked again, and every decision is in the log.
import { describe, expect, it } from "vitest";
import { type Json, call, callJson, expectError, newPlayer, newPlayerWhere, play, puzzleOf, solutionWords, today } from "./helpers.ts";
import { MODERATOR, moderator } from "./moderator.ts";

/** Leaderboard entries (a limit no other call of this file uses: an uncached answer each time). */
let limit = 60;
const board = async () => (await callJson(`/api/puzzles/today/leaderboard?limit=${++limit}`)).entries as Json[];

describe("reported names", () => {
  it("a reported name reaches the moderators, most reported first; hide, rename and keep act on the player's own shard and are logged", async () => {
    const words = solutionWords(await puzzleOf(today()), 3).map((w) => w.word);
    const tag = crypto.randomUUID().slice(0, 4);
    // The reported players off the home shard: their names live on their own shards.
    const rude = await newPlayerWhere((shard) => shard !== 0, `Rude${tag}`);
    const posing = await newPlayerWhere((shard) => shard !== 0, `Posing${tag}`);
    const fine = await newPlayer(`Fine${tag}`);
    const [rudeRound, posingRound, fineRound] = [await play(rude, words), await play(posing, words.slice(0, 2)), await play(fine, words.slice(0, 1))];
    const reporters = await Promise.all([1, 2, 3].map((i) => newPlayer(`Reporter${i}${tag}`)));
    const mod = await moderator(MODERATOR);

    // Reports: one per reporter and name; not one's own; only a ranked round's player.
    for (const r of reporters) await callJson("/api/moderation/name-reports", { token: r.token, json: { roundId: rudeRound.roundId } }, 201);
    await callJson("/api/moderation/name-reports", { token: reporters[0]!.token, json: { roundId: posingRound.roundId } }, 201);
    await callJson("/api/moderation/name-reports", { token: reporters[0]!.token, json: { roundId: fineRound.roundId } }, 201);
    await expectError(await call("/api/moderation/name-reports", { token: reporters[0]!.token, json: { roundId: rudeRound.roundId } }), 409, "already-reported");
    await expectError(await call("/api/moderation/name-reports", { token: rude.token, json: { roundId: rudeRound.roundId } }), 400, "invalid-request");
    await expectError(await call("/api/moderation/name-reports", { token: rude.token, json: { roundId: crypto.randomUUID() } }), 404, "not-found");
    await expectError(await call("/api/moderation/name-reports", { json: { roundId: rudeRound.roundId } }), 401, "unauthorized");

    // Moderators only; the list, most reported first.
    await expectError(await call("/api/moderation/names", { token: reporters[0]!.token }), 403, "forbidden");
    await expectError(await call(`/api/moderation/names/${rude.playerId}/hide`, { token: reporters[0]!.token, json: {} }), 403, "forbidden");
    const listed = (await callJson("/api/moderation/names", { token: mod.token })).items as Json[];
    const mine = listed.filter((i) => [rude.playerId, posing.playerId, fine.playerId].includes(i.playerId));
    expect(mine.map((i) => [i.reportedName, i.name, i.reports])).toEqual([
      [`Rude${tag}`, `Rude${tag}`, 3],
      [`Posing${tag}`, `Posing${tag}`, 1],
      [`Fine${tag}`, `Fine${tag}`, 1],
    ]);

    // Hide: the board shows the default name; the player cannot take the name back, nor a look-alike.
    expect(await callJson(`/api/moderation/names/${rude.playerId}/hide`, { token: mod.token, json: { note: "slur" } })).toEqual({ playerId: rude.playerId, action: "hide", name: null });
    const hidden = (await board()).find((e) => e.roundId === rudeRound.roundId)!;
    expect([hidden.name, hidden.defaultName]).toEqual([`Player ${rude.playerId.slice(0, 4).toUpperCase()}`, true]);
    await expectError(await call("/api/players/me", { method: "PATCH", token: rude.token, json: { name: `Rude${tag}` } }), 409, "name-taken");
    await expectError(await call("/api/players/me", { method: "PATCH", token: rude.token, json: { name: `RUDE${tag}` } }), 409, "name-taken");
    expect(await callJson("/api/players/me", { method: "PATCH", token: rude.token, json: { name: `Kind${tag}` } })).toMatchObject({ name: `Kind${tag}` });

    // Rename: checked as a player's own name would be.
    await expectError(await call(`/api/moderation/names/${posing.playerId}/rename`, { token: mod.token, json: { name: "Player 1A2B" } }), 400, "invalid-name");
    expect(await callJson(`/api/moderation/names/${posing.playerId}/rename`, { token: mod.token, json: { name: `Renamed${tag}`, note: "posed as staff" } })).toMatchObject({ name: `Renamed${tag}` });
    expect((await board()).find((e) => e.roundId === posingRound.roundId)!.name).toBe(`Renamed${tag}`);

    // Keep: the name stays, the reports go.
    expect(await callJson(`/api/moderation/names/${fine.playerId}/keep`, { token: mod.token, json: {} })).toMatchObject({ name: `Fine${tag}` });
    const after = (await callJson("/api/moderation/names", { token: mod.token })) as Json;
    expect(after.items.filter((i: Json) => [rude.playerId, posing.playerId, fine.playerId].includes(i.playerId))).toEqual([]);
    expect(after.decisions.filter((d: Json) => [rude.playerId, posing.playerId, fine.playerId].includes(d.playerId)).map((d: Json) => [d.action, d.oldName, d.newName, d.note, d.moderatorId])).toEqual([
      ["keep", `Fine${tag}`, `Fine${tag}`, "", mod.playerId],
      ["rename", `Posing${tag}`, `Renamed${tag}`, "posed as staff", mod.playerId],
      ["hide", `Rude${tag}`, null, "slur", mod.playerId],
    ]);
    // A name already hidden has nothing left to decide on.
    await expectError(await call(`/api/moderation/names/${crypto.randomUUID()}/hide`, { token: mod.token, json: {} }), 404, "not-found");
  });

  it("refuses to report a player with no name of their own", async () => {
    const nameless = await newPlayer();
    const round = await play(nameless, solutionWords(await puzzleOf(today()), 1).map((w) => w.word));
    const reporter = await newPlayer("Reporter");
    await expectError(await call("/api/moderation/name-reports", { token: reporter.token, json: { roundId: round.roundId } }), 400, "invalid-request");
  });
});
