// /api/passkeys: registering passkeys for a player, signing in with one (a fresh token of the
// same player), listing and removing them, the single-use challenges, and what happens to the
// browser's own player when a passkey signs in there (players/identity-merge.ts).
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import { type Json, type TestPlayer, call, callJson, countEverywhere, expectError, newPlayer, newPlayerWhere, play, puzzleOf, solutionWords, startRound, sync, submit, today, waitForStored, playerShard, newPlayerOnAnotherShard, storeSummary } from "./helpers.ts";
import { MODERATOR, moderator } from "./moderator.ts";
import { registerPasskey, signIn } from "./passkey-helpers.ts";
import { softAuthenticator } from "./soft-authenticator.ts";
import { emptySummary, foldDay } from "#worker/players/player-summary.ts";
import { loginChallengeId } from "#worker/passkeys/ceremonies.ts";
import { allShardD1s, shardOfPlayer } from "#worker/db/shards.ts";

const rankedRounds = (playerId: string, date: string) => countEverywhere("select count(*) as n from rounds where player_id = ? and puzzle_date = ? and ranked = 1", playerId, date);

/** Every copy of a round: [shard, its player] for each shard that has a row with this id. */
async function whereIs(roundId: string): Promise<[number, string][]> {
  const rows = await Promise.all(allShardD1s(env).map((d1) => d1.prepare("select player_id from rounds where id = ?").bind(roundId).first<string>("player_id")));
  return rows.flatMap((playerId, shard) => (playerId === null ? [] : [[shard, playerId] as [number, string]]));
}

const shardOf = (playerId: string) => shardOfPlayer(playerId, allShardD1s(env).length);

/** Copies rows (every column, blobs as bytes) from one shard's table to another's, as a move that stopped after its copy leaves them. */
async function copyRows(from: D1Database, into: D1Database, table: string, where: string, param: unknown, set: Record<string, unknown> = {}): Promise<void> {
  const { results } = await from.prepare(`select * from ${table} where ${where}`).bind(param).all<Record<string, unknown>>();
  for (const row of results) {
    const values = { ...row, ...set };
    const columns = Object.keys(values);
    const bound = columns.map((c) => (Array.isArray(values[c]) ? Uint8Array.from(values[c] as number[]) : values[c] instanceof ArrayBuffer ? new Uint8Array(values[c] as ArrayBuffer) : values[c]));
    await into.prepare(`insert or ignore into ${table} (${columns.join(", ")}) values (${columns.map(() => "?").join(", ")})`).bind(...bound).run();
  }
}

/** The day's histogram summed over every shard (each counts its own rounds; only the sum means anything). */
const histogramSum = (date: string) => countEverywhere("select coalesce(sum(rounds), 0) as n from score_histogram where puzzle_date = ?", date);

describe("registering and signing in", () => {
  it("signs in to the same player with a fresh token, the same history and streak", async () => {
    const player = await newPlayer("Keeper");
    const words = solutionWords(await puzzleOf(today()), 2);
    await play(player, words.map((w) => w.word));
    const before = await callJson("/api/players/me/stats", { token: player.token });
    const authenticator = await registerPasskey(player, "Test laptop");

    const signedIn = await signIn(authenticator);
    expect(signedIn).toMatchObject({ playerId: player.playerId, name: "Keeper", merge: { kind: "none" } });
    expect(signedIn.token).not.toBe(player.token);
    const after = await callJson("/api/players/me/stats", { token: signedIn.token });
    expect(after).toEqual(before);
    expect(after.streak).toBe(1);
    // The same ranked round, never a second one.
    const round = await startRound({ playerId: player.playerId, token: signedIn.token });
    expect(await rankedRounds(player.playerId, today())).toBe(1);
    expect(round.score).toBe(words.reduce((s, w) => s + w.points, 0));

    const { passkeys } = await callJson("/api/passkeys", { token: signedIn.token });
    expect(passkeys).toEqual([{ id: authenticator.credentialId, name: "Test laptop", createdAt: expect.any(String), lastUsedAt: expect.any(String) }]);
  });

  it("keeps a passkey on its player's shard only, and finds it with or without the user handle", async () => {
    const players = [await newPlayer("First")];
    players.push(await newPlayerOnAnotherShard(players[0]!.playerId, "Second"));
    for (const player of players) {
      const authenticator = await registerPasskey(player);
      const rows = await Promise.all(allShardD1s(env).map(async (d1) => (await d1.prepare("select count(*) as n from passkeys where id = ?").bind(authenticator.credentialId).first<number>("n")) ?? 0));
      expect(rows).toEqual(rows.map((_, shard) => (shard === shardOfPlayer(player.playerId, rows.length) ? 1 : 0)));
      // The user handle routes the look-up to the shard; without one (a credential that is not
      // discoverable) every shard is asked.
      expect((await signIn(authenticator)).playerId).toBe(player.playerId);
      expect((await signIn(authenticator, undefined, 200, false)).playerId).toBe(player.playerId);
    }
  });

  it("refuses a credential id registered for a player on another shard", async () => {
    const owner = await newPlayer();
    const other = await newPlayerOnAnotherShard(owner.playerId);
    const authenticator = await registerPasskey(owner);
    const { challengeId, options } = await callJson("/api/passkeys/register/options", { method: "POST", token: other.token });
    await expectError(await call("/api/passkeys/register/verify", { token: other.token, json: { challengeId, response: await authenticator.register(options) } }), 409, "conflict");
    expect((await signIn(authenticator, undefined, 200, false)).playerId).toBe(owner.playerId);
  });

  it("keeps several passkeys per player, lists them and removes one", async () => {
    const player = await newPlayer();
    const laptop = await registerPasskey(player, "Laptop");
    const phone = await registerPasskey(player, "Phone");
    const { passkeys } = await callJson("/api/passkeys", { token: player.token });
    expect(passkeys.map((p: { name: string }) => p.name)).toEqual(["Laptop", "Phone"]);
    expect(passkeys[0].lastUsedAt).toBeNull();

    // Another player can neither see nor remove them.
    const stranger = await newPlayer();
    expect((await callJson("/api/passkeys", { token: stranger.token })).passkeys).toEqual([]);
    await expectError(await call(`/api/passkeys/${laptop.credentialId}`, { method: "DELETE", token: stranger.token }), 404, "not-found");

    expect(await callJson(`/api/passkeys/${laptop.credentialId}`, { method: "DELETE", token: player.token })).toEqual({ deleted: true });
    await expectError(await call(`/api/passkeys/${laptop.credentialId}`, { method: "DELETE", token: player.token }), 404, "not-found");
    expect((await signIn(phone)).playerId).toBe(player.playerId);
    const refused = await signIn(laptop, undefined, 404);
    expect(refused.error.message).toMatch(/not registered here/);
  });

  it("still signs in after the player revoked every token, with a token of the new version", async () => {
    const player = await newPlayer();
    const authenticator = await registerPasskey(player);
    const { token } = await callJson("/api/players/me/tokens/revoke", { method: "POST", token: player.token });
    await expectError(await call("/api/passkeys", { token: player.token }), 401, "unauthorized");
    const signedIn = await signIn(authenticator);
    expect(signedIn.token.split(".")[1]).toBe(token.split(".")[1]);
    expect((await callJson("/api/passkeys", { token: signedIn.token })).passkeys).toHaveLength(1);
  });

  it("refuses the same passkey twice", async () => {
    const player = await newPlayer();
    const authenticator = await softAuthenticator();
    for (const status of [201, 409]) {
      const { challengeId, options } = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
      const res = await call("/api/passkeys/register/verify", { token: player.token, json: { challengeId, response: await authenticator.register(options) } });
      expect(res.status).toBe(status);
    }
  });
});

describe("bad input", () => {
  it("needs a player token to register, list and remove", async () => {
    await expectError(await call("/api/passkeys/register/options", { method: "POST" }), 401, "unauthorized");
    await expectError(await call("/api/passkeys/register/verify", { json: {} }), 401, "unauthorized");
    await expectError(await call("/api/passkeys"), 401, "unauthorized");
    await expectError(await call("/api/passkeys/abc", { method: "DELETE" }), 401, "unauthorized");
  });

  it("refuses a replayed, expired, foreign or misused challenge with the reason", async () => {
    const player = await newPlayer();
    const authenticator = await softAuthenticator();
    const first = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
    const response = await authenticator.register(first.options);
    await callJson("/api/passkeys/register/verify", { token: player.token, json: { challengeId: first.challengeId, response } }, 201);
    const replayed = await call("/api/passkeys/register/verify", { token: player.token, json: { challengeId: first.challengeId, response } });
    await expectError(replayed.clone(), 400, "invalid-request");
    expect(((await replayed.json()) as Json).error.message).toMatch(/already used/);

    // A sign-in challenge id carries its expiry, signed: one made already expired is refused.
    const login = await callJson("/api/passkeys/login/options", { method: "POST" });
    const expiredId = await loginChallengeId(env, login.options.challenge, Date.now() - 1);
    const expired = await call("/api/passkeys/login/verify", { json: { challengeId: expiredId, response: await authenticator.signIn(login.options) } });
    expect(expired.status).toBe(400);
    expect(((await expired.json()) as Json).error.message).toMatch(/expired/);

    // A sign-in challenge cannot register a passkey.
    const other = await softAuthenticator();
    const misused = await callJson("/api/passkeys/login/options", { method: "POST" });
    const wrongPurpose = await call("/api/passkeys/register/verify", {
      token: player.token,
      json: { challengeId: misused.challengeId, response: await other.register({ challenge: misused.options.challenge, rp: {} }) },
    });
    expect(wrongPurpose.status).toBe(400);
    expect(((await wrongPurpose.json()) as Json).error.message).toMatch(/signing in/);

    // A registration challenge is for the player who asked for it.
    const mine = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
    const stranger = await newPlayer();
    await expectError(await call("/api/passkeys/register/verify", { token: stranger.token, json: { challengeId: mine.challengeId, response: await other.register(mine.options) } }), 403, "forbidden");
  });

  it("refuses an answer signed for another site or another challenge", async () => {
    const player = await newPlayer();
    const authenticator = await registerPasskey(player);
    const login = await callJson("/api/passkeys/login/options", { method: "POST" });
    const phished = await call("/api/passkeys/login/verify", { json: { challengeId: login.challengeId, response: await authenticator.signIn({ challenge: login.options.challenge }, "https://evil.test") } });
    expect(phished.status).toBe(400);
    expect(((await phished.json()) as Json).error.message).toMatch(/did not verify/);

    const again = await callJson("/api/passkeys/login/options", { method: "POST" });
    const wrongChallenge = await call("/api/passkeys/login/verify", { json: { challengeId: again.challengeId, response: await authenticator.signIn({ challenge: login.options.challenge }) } });
    expect(wrongChallenge.status).toBe(400);
  });

  it("refuses an unknown passkey and malformed answers", async () => {
    const unknown = await softAuthenticator();
    const login = await callJson("/api/passkeys/login/options", { method: "POST" });
    await expectError(await call("/api/passkeys/login/verify", { json: { challengeId: login.challengeId, response: await unknown.signIn(login.options) } }), 404, "not-found");
    // The challenge was spent by that attempt: answering it again is refused as used.
    const again = await call("/api/passkeys/login/verify", { json: { challengeId: login.challengeId, response: await unknown.signIn(login.options) } });
    expect(again.status).toBe(404); // the credential is checked first
    const known = await registerPasskey(await newPlayer());
    const reused = await call("/api/passkeys/login/verify", { json: { challengeId: login.challengeId, response: await known.signIn(login.options) } });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as Json).error.message).toMatch(/already used/);

    await expectError(await call("/api/passkeys/login/verify", { json: {} }), 400, "invalid-request");
    await expectError(await call("/api/passkeys/login/verify", { json: { challengeId: "nope", response: {} } }), 400, "invalid-request");
    await expectError(await call("/api/passkeys/login/verify", { json: { challengeId: crypto.randomUUID(), response: { id: "a b", rawId: "x", type: "public-key", response: { clientDataJSON: "x" } } } }), 400, "invalid-request");
    const unknownChallenge = await call("/api/passkeys/login/verify", { json: { challengeId: crypto.randomUUID(), response: await unknown.signIn(login.options) } });
    expect(unknownChallenge.status).toBe(404); // the credential is checked first: it is unknown too
  });
});

describe("signing in where the browser already has a player", () => {
  it("moves the local player's days the passkey player did not play to its shard, keeps the passkey player's round of a day both played, and retires the old identity", async () => {
    const date = today();
    const earlier = addDays(date, -2);
    const yesterday = addDays(date, -1);
    const words = solutionWords(await puzzleOf(date), 3).map((w) => w.word);

    const owner = await newPlayer("Owner");
    const authenticator = await registerPasskey(owner);
    const ownRound = await play(owner, words.slice(0, 1));

    // The browser's anonymous player, its rows on another shard.
    const local = await newPlayerOnAnotherShard(owner.playerId);
    const clash = await play(local, words);
    await puzzleOf(yesterday);
    const replay = await startRound(local, yesterday);
    await puzzleOf(earlier);
    const old = await startRound(local, earlier);
    // An earlier ranked day of the local player (ranked rounds can only be started today).
    await playerShard(local.playerId).prepare("update rounds set ranked = 1, ends_at = started_at + 1 where id = ?").bind(old.roundId).run();
    const counted = await histogramSum(date);

    const signedIn = await signIn(authenticator, local.token);
    expect(signedIn.playerId).toBe(owner.playerId);
    expect(signedIn.merge).toEqual({
      kind: "merged",
      from: local.playerId,
      moved: [
        { date: yesterday, ranked: false },
        { date: earlier, ranked: true },
      ],
      kept: [{ date, ranked: true }],
      archivedMoved: 0,
      archivedDays: 0,
      leagues: 0,
    });
    // Never a second ranked round of a day, for either player.
    expect(await rankedRounds(owner.playerId, date)).toBe(1);
    expect(await rankedRounds(local.playerId, date)).toBe(1);
    // The moved rounds are on the passkey player's shard only (with their days' puzzle rows); the kept one stays where it was.
    const owners = await playerShard(owner.playerId).prepare("select id from rounds where player_id = ? order by puzzle_date").bind(owner.playerId).all<{ id: string }>();
    expect(owners.results.map((r) => r.id)).toEqual([old.roundId, replay.roundId, ownRound.roundId]);
    for (const moved of [old, replay]) expect(await whereIs(moved.roundId)).toEqual([[shardOf(owner.playerId), owner.playerId]]);
    expect(await whereIs(clash.roundId)).toEqual([[shardOf(local.playerId), local.playerId]]);
    const puzzleRows = await playerShard(owner.playerId).prepare("select date from puzzles where date in (?, ?) order by date").bind(earlier, yesterday).all<{ date: string }>();
    expect(puzzleRows.results.map((r) => r.date)).toEqual([earlier, yesterday]);
    expect(await histogramSum(date)).toBe(counted);

    // The old identity's tokens no longer work (its version is bumped on its own shard); the
    // passkey player's stats count the moved day.
    expect(await playerShard(local.playerId).prepare("select token_version from players where id = ?").bind(local.playerId).first("token_version")).toBe(1);
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST", token: local.token }), 401, "unauthorized");
    const stats = await callJson("/api/players/me/stats", { token: signedIn.token });
    expect(stats.history.filter((h: { ranked: boolean }) => h.ranked).map((h: { date: string }) => h.date)).toEqual([date, earlier]);
  });

  it("moves the rounds in place when both players are on one shard", async () => {
    const owner = await newPlayer("Owner");
    const authenticator = await registerPasskey(owner);
    const local = await newPlayerWhere((shard) => shard === shardOf(owner.playerId));
    const yesterday = addDays(today(), -1);
    await puzzleOf(yesterday);
    const replay = await startRound(local, yesterday);
    const signedIn = await signIn(authenticator, local.token);
    expect(signedIn.merge).toMatchObject({ kind: "merged", moved: [{ date: yesterday, ranked: false }], kept: [] });
    expect(await whereIs(replay.roundId)).toEqual([[shardOf(owner.playerId), owner.playerId]]);
    await expectError(await call("/api/puzzles/today/rounds", { method: "POST", token: local.token }), 401, "unauthorized");
  });

  it("finishes a move that stopped after its copy: the round ends up once, on the passkey player's shard, the day's counts unchanged", async () => {
    const owner = await newPlayer("Owner");
    const authenticator = await registerPasskey(owner);
    const local = await newPlayerOnAnotherShard(owner.playerId, "Halfway");
    const words = solutionWords(await puzzleOf(today()), 2).map((w) => w.word);
    const round = await play(local, words);
    const counted = await histogramSum(today());
    // What the first attempt left: the copy (and its day's row) on the passkey player's shard, the original not yet deleted.
    const [fromShard, intoShard] = [playerShard(local.playerId), playerShard(owner.playerId)];
    await copyRows(env.DB, intoShard, "puzzles", "date = ?", today());
    await copyRows(fromShard, intoShard, "rounds", "id = ?", round.roundId, { player_id: owner.playerId });
    expect((await whereIs(round.roundId)).length).toBe(2);

    const signedIn = await signIn(authenticator, local.token);
    expect(signedIn.merge).toMatchObject({ kind: "merged", moved: [{ date: today(), ranked: true }], kept: [] });
    expect(await whereIs(round.roundId)).toEqual([[shardOf(owner.playerId), owner.playerId]]);
    expect(await rankedRounds(owner.playerId, today())).toBe(1);
    expect(await histogramSum(today())).toBe(counted);
    // The round is the passkey player's, with its words, on the day's leaderboard.
    const resumed = await startRound({ playerId: owner.playerId, token: signedIn.token });
    expect(resumed.roundId).toBe(round.roundId);
    expect([...resumed.words].sort()).toEqual([...words].sort());
  });

  it("counts a moved round once on the day, and a moderator's review takes it out once (its count stayed on the old shard)", async () => {
    const mod = await moderator(MODERATOR);
    const owner = await newPlayer("Owner");
    const authenticator = await registerPasskey(owner);
    const local = await newPlayerOnAnotherShard(owner.playerId, "Moved");
    // Words no other test here plays: a score of its own, so that the new shard's part goes below zero.
    const round = await play(local, solutionWords(await puzzleOf(today()), 9).slice(7).map((w) => w.word));
    const total = async () => (await callJson("/api/puzzles/today/leaderboard/me", { token: mod.token })).total as number;
    const before = await total();

    await signIn(authenticator, local.token);
    expect(await whereIs(round.roundId)).toEqual([[shardOf(owner.playerId), owner.playerId]]);
    expect(await total()).toBe(before);
    // The review finds the round on its new shard and takes its count there (that shard's part
    // may go below zero); the old shard's part stays; the day's sum is right.
    const score = (await playerShard(owner.playerId).prepare("select score from rounds where id = ?").bind(round.roundId).first<number>("score"))!;
    const part = async (playerId: string) => (await playerShard(playerId).prepare("select rounds from score_histogram where puzzle_date = ? and score = ?").bind(today(), score).first<number>("rounds")) ?? 0;
    const [newBefore, oldBefore] = [await part(owner.playerId), await part(local.playerId)];
    await callJson(`/api/moderation/queue/today/rounds/${round.roundId}/confirm`, { json: {}, token: mod.token });
    expect(await total()).toBe(before - 1);
    expect([await part(owner.playerId), await part(local.playerId)]).toEqual([newBefore - 1, oldBefore]);
  });

  it("brings the local player's archived days, its leagues and their past results along; a day both played keeps the passkey player's", async () => {
    const [both, localOnly, french] = [addDays(today(), -12), addDays(today(), -11), `${addDays(today(), -10)}-fr`];
    const fold = (rounds: [string, number][]) =>
      rounds.reduce((s, [date, score]) => foldDay(s, { roundId: crypto.randomUUID(), date, ranked: true, score, words: 1, verified: true, flags: "", found: [{ word: `w${score}`, points: score }] }), emptySummary());

    // Days retention has moved out of D1: leagues read them from their kept results.
    for (const date of [both, localOnly]) await env.DB.prepare("insert into day_states (date, phase, archived_at) values (?, 'archived', 0)").bind(date).run();
    const owner = await newPlayer("Owner");
    const authenticator = await registerPasskey(owner);
    await storeSummary(owner.playerId, fold([[both, 20]]), both);
    const shared = await callJson("/api/leagues", { json: { name: "Both of us" }, token: owner.token }, 201);

    // The browser's anonymous player, its rows on another shard: three archived days, a league of
    // its own and the shared one.
    const local = await newPlayerOnAnotherShard(owner.playerId, "Laptop");
    await storeSummary(local.playerId, fold([[both, 30], [localOnly, 25], [french, 12]]), french);
    const own = await callJson("/api/leagues", { json: { name: "Laptop club" }, token: local.token }, 201);
    await callJson(`/api/leagues/${shared.code}/members`, { method: "POST", token: local.token }, 201);

    const signedIn = await signIn(authenticator, local.token);
    expect(signedIn.merge).toEqual({ kind: "merged", from: local.playerId, moved: [], kept: [], archivedMoved: 2, archivedDays: 1, leagues: 1 });
    const stats = await callJson("/api/players/me/stats", { token: signedIn.token });
    expect(stats).toMatchObject({ played: 3, bestStreak: 3, totalPoints: 20 + 25 + 12, bestScore: 25 });
    expect(stats.history.map((h: Json) => [h.date, h.lang, h.score])).toEqual([[addDays(today(), -10), "fr", 12], [localOnly, "en", 25], [both, "en", 20]]);
    // The joined summary is on the passkey player's shard, and only there.
    const summaryRows = async (d1: D1Database) => (await d1.prepare("select count(*) as n from player_summaries where player_id = ?").bind(owner.playerId).first<number>("n")) ?? 0;
    expect(await Promise.all([playerShard(owner.playerId), playerShard(local.playerId)].map(summaryRows))).toEqual([1, 0]);

    // Its league is the passkey player's now (as owner), once in each league, and the past days
    // show the passkey player's results: its own on the day both played.
    const leagues = (await callJson("/api/leagues", { token: signedIn.token })).leagues;
    expect(leagues.map((l: Json) => [l.name, l.members, l.owner]).sort()).toEqual([["Both of us", 1, true], ["Laptop club", 1, true]]);
    // The memberships and kept results moved to the passkey player's shard; none is left anywhere for the old player.
    expect(await countEverywhere("select count(*) as n from league_members where player_id = ?", local.playerId)).toBe(0);
    expect(await countEverywhere("select count(*) as n from league_results where player_id = ?", local.playerId)).toBe(0);
    expect(await playerShard(owner.playerId).prepare("select count(*) as n from league_members where player_id = ?").bind(owner.playerId).first("n")).toBe(2);
    const score = async (code: string, date: string) => (await callJson(`/api/leagues/${code}/days/${date}`, { token: signedIn.token })).table.map((e: Json) => [e.name, e.score]);
    expect(await score(own.code, localOnly)).toEqual([["Owner", 25]]);
    expect(await score(own.code, both)).toEqual([["Owner", 20]]);
    expect(await score(shared.code, both)).toEqual([["Owner", 20]]);
  });

  it("moves today's unfinished ranked round: its words still sync, and the passkey player resumes it", async () => {
    const words = solutionWords(await puzzleOf(today()), 2).map((w) => w.word);
    const owner = await newPlayer();
    const authenticator = await registerPasskey(owner);
    // On another shard: the old ticket names the local player, whose shard no longer has the round.
    const local = await newPlayerOnAnotherShard(owner.playerId);
    const round = await startRound(local);
    const receipt = (await submit(round, words[0]!)).receipt;

    const signedIn = await signIn(authenticator, local.token);
    expect(signedIn.merge.moved).toEqual([{ date: today(), ranked: true }]);
    // The receipt from before the sign-in syncs into the moved round.
    await sync(round, [receipt]);
    await waitForStored(round.roundId, 1);
    const resumed = await startRound({ playerId: owner.playerId, token: signedIn.token });
    expect(resumed.roundId).toBe(round.roundId);
    expect(resumed.words).toEqual([words[0]]);
    expect(await rankedRounds(owner.playerId, today())).toBe(1);
  });

  it("switches without moving anything when the local player is another passkey account", async () => {
    const first = await newPlayer();
    const firstKey = await registerPasskey(first);
    const second = await newPlayer();
    await registerPasskey(second);
    const secondRound = await startRound(second);

    const signedIn = await signIn(firstKey, second.token);
    expect(signedIn.merge).toEqual({ kind: "switched", from: second.playerId });
    expect(await whereIs(secondRound.roundId)).toEqual([[shardOf(second.playerId), second.playerId]]);
    // The other account keeps working.
    expect((await callJson("/api/passkeys", { token: second.token })).passkeys).toHaveLength(1);
  });

  it("merges nothing for a local token that is forged, expired or revoked", async () => {
    const owner = await newPlayer();
    const authenticator = await registerPasskey(owner);
    const local = await newPlayer();
    const round = await startRound(local);
    expect((await signIn(authenticator, `${local.token.slice(0, -2)}AA`)).merge).toEqual({ kind: "none" });
    await callJson("/api/players/me/tokens/revoke", { method: "POST", token: local.token });
    expect((await signIn(authenticator, local.token)).merge).toEqual({ kind: "none" });
    expect(await whereIs(round.roundId)).toEqual([[shardOf(local.playerId), local.playerId]]);
  });
});
