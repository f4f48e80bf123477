// A player's data (players/account-export.ts, players/account-deletion.ts, archive/archived-names.ts):
// a player with a unique name, on a shard other than 0, plays, owns a league and joins another,
// registers a passkey and a reminder, mints a link code, has a room result and reports a round;
// the day is archived; the export holds every row a direct query of every shard finds for them;
// then the account is deleted (after its confirmation and its passkey), and neither the id nor the
// name is found by any route, live or archived, nor in any table, while the day's totals and the
// other players' ranks are unchanged. A second player deleted before the archiving shows the same
// for a day still in D1.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "#worker/db/client.ts";
import { PLAYER_TABLES, keyOf } from "#worker/players/player-data.ts";
import { insertRoomResults } from "#worker/rooms/queries.ts";
import { allShardD1s, playersByShard, shardCount, shardOfPlayer } from "#worker/db/shards.ts";
import { archivedDay, archivedPage } from "#worker/archive/day-archive.ts";
import { exportableValue } from "#worker/players/account-export.ts";
import { retainSettledDays } from "#worker/archive/retention.ts";
import { DELETED_PLAYER_NAME } from "#worker/players/names.ts";
import keys from "../vapid-test-keys.json";
import { type Json, ORIGIN, type TestPlayer, call, callJson, endRound, expectError, newPlayer, newPlayerWhere, play, puzzleOf, solutionWords, statuses, today, withinOneWindow } from "./helpers.ts";
import { later, probeToday } from "./retention-helpers.ts";
import { softAuthenticator } from "./soft-authenticator.ts";

const db = () => database(env.DB);
const LEADERBOARD = () => `/api/puzzles/${today()}/leaderboard?limit=100`;

/** The leaderboard page built afresh (the edge cache emptied first). */
async function leaderboardText(path = LEADERBOARD()): Promise<string> {
  await caches.default.delete(new Request(`${ORIGIN}${path}`));
  const res = await call(path);
  expect(res.status).toBe(200);
  return res.text();
}

/** Every row naming the player that a direct query of each shard finds, by table, as the export writes them. */
async function rowsOnEveryShard(playerId: string): Promise<Record<string, Json[]>> {
  const out: Record<string, Json[]> = {};
  for (const t of PLAYER_TABLES) {
    const key = keyOf(t);
    out[key] = [];
    for (const [shard, d1] of allShardD1s(env).entries()) {
      const { results } = await d1.prepare(`select ${t.columns ?? "*"} from ${t.table} where ${t.column} = ?`).bind(playerId).all<Record<string, unknown>>();
      for (const row of results) out[key]!.push({ shard, ...Object.fromEntries(Object.entries(row).map(([k, v]) => [k, exportableValue(v)])) });
    }
  }
  return out;
}

/** Has the upkeep send the day's settle probe and the consumer take it, then archives the day (chunks of two rounds). */
async function archiveToday(): Promise<void> {
  const now = later();
  await probeToday(now);
  expect(await retainSettledDays(env, db(), now, { pages: 100, chunkRows: 2 })).toContain(today());
}

/** The ranked entries of a leaderboard answer as [rank, score, words, name]. */
const ranks = (board: Json) => board.entries.map((e: Json) => [e.rank, e.score, e.words, e.name]);

/** Everything the routes answer that could name a player of these leagues and this day. */
async function everyRoute(viewer: TestPlayer, leagueCodes: string[]): Promise<string> {
  const texts = [await leaderboardText(), await leaderboardText(`/api/puzzles/${today()}/leaderboard?limit=2`), await leaderboardText(`/api/puzzles/${today()}/leaderboard?limit=100&review=1`)];
  for (const code of leagueCodes) {
    for (const path of [`/api/leagues/${code}`, `/api/leagues/${code}/members`, `/api/leagues/${code}/days/${today()}`, `/api/leagues/${code}/removals`]) {
      const res = await call(path, { token: viewer.token });
      texts.push(`${res.status} ${await res.text()}`);
    }
  }
  return texts.join("\n");
}

describe("your data: export and account deletion", () => {
  it("exports every row of a player on every shard, then deletes them everywhere while the day's counts and the others' ranks stay", { timeout: 180_000 }, async () => {
    const puzzle = await puzzleOf(today());
    const words = solutionWords(puzzle, 8).map((w) => w.word);
    const tag = String(Date.now() % 100_000).padStart(5, "0");
    const name = `Leaver ${tag}`;
    const goneName = `Gone ${tag}`;
    const player = await newPlayerWhere((shard) => shard !== 0, name);
    expect(player).toMatchObject({ name });
    const gone = await newPlayer(goneName);
    const [first, last] = await Promise.all([newPlayer(`Stayer A${tag}`), newPlayer(`Stayer B${tag}`)]);

    // Scores 5, 3, 2, 1: the player second, the one deleted before the archiving third.
    const rounds = [await play(first!, words.slice(0, 5)), await play(player, words.slice(0, 3)), await play(gone, words.slice(0, 2)), await play(last!, words.slice(0, 1))];
    const owned = await callJson("/api/leagues", { token: player.token, json: { name: `Club ${tag}` } }, 201);
    await callJson(`/api/leagues/${owned.code}/members`, { method: "POST", token: first!.token }, 201);
    const joined = await callJson("/api/leagues", { token: last!.token, json: { name: `Guild ${tag}` } }, 201);
    await callJson(`/api/leagues/${joined.code}/members`, { method: "POST", token: player.token }, 201);
    const authenticator = await softAuthenticator();
    const registration = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
    await callJson("/api/passkeys/register/verify", { token: player.token, json: { challengeId: registration.challengeId, response: await authenticator.register(registration.options) } }, 201);
    await callJson("/api/reminders", { method: "PUT", token: player.token, json: { endpoint: `https://push.example/${tag}`, keys: keys.browser, hour: 8, hourUtc: 7, timeZone: "Africa/Lagos", lang: "en" } });
    const link = await callJson("/api/links", { method: "POST", token: player.token }, 201);
    await insertRoomResults(env, [
      { roundKey: `ROOM/${tag}/1`, seatId: "s1", roomCode: "ROOM", round: 1, playerId: player.playerId, name, score: 4, words: 2, struck: 0, rank: 1, players: 2, size: 4, rules: "classic", finishedAt: Date.now() },
    ]);
    await callJson("/api/moderation/reports", { token: player.token, json: { roundId: rounds[0]!.roundId } }, 201);
    // The player reports another's name, and another reports the player's.
    await callJson("/api/moderation/name-reports", { token: player.token, json: { roundId: rounds[0]!.roundId } }, 201);
    await callJson("/api/moderation/name-reports", { token: last!.token, json: { roundId: rounds[1]!.roundId } }, 201);

    const before = JSON.parse(await leaderboardText());
    expect(ranks(before).map((r: Json[]) => r[3])).toEqual([`Stayer A${tag}`, name, goneName, `Stayer B${tag}`]);

    // Deleted while the day is still in D1: its round keeps its place, under no name or id.
    await expectError(await call("/api/players/me", { method: "DELETE", token: gone.token, json: {} }), 400, "invalid-request");
    expect(await callJson("/api/players/me", { method: "DELETE", token: gone.token, json: { confirm: "delete my account" } })).toMatchObject({ deleted: true, roundsKept: 1 });
    await expectError(await call("/api/players/me/stats", { token: gone.token }), 401, "unauthorized");
    const live = await leaderboardText();
    expect(live).not.toContain(goneName);
    expect(live).not.toContain(gone.playerId);
    expect(live).not.toContain(gone.playerId.slice(0, 4).toUpperCase());
    expect(JSON.parse(live).total).toBe(before.total);
    expect(ranks(JSON.parse(live))).toEqual(ranks(before).map((r: Json[]) => (r[3] === goneName ? [...r.slice(0, 3), DELETED_PLAYER_NAME] : r)));
    expect(JSON.parse(live).entries[2].deleted).toBe(true);

    for (const round of rounds) await endRound(round.roundId, 60_000);
    await archiveToday();
    // The stand-in's round was archived and folded into no summary.
    const standIns = (await Promise.all(allShardD1s(env).map((d1) => d1.prepare("select count(*) as n from player_summaries s join players p on p.id = s.player_id where p.deleted_at is not null").first<{ n: number }>()))).reduce((n, r) => n + r!.n, 0);
    expect(standIns).toBe(0);

    // The export: every row the shards hold for the player, and their archived round.
    const direct = await rowsOnEveryShard(player.playerId);
    expect(Object.fromEntries(Object.entries(direct).map(([table, rows]) => [table, rows.length]))).toMatchObject({
      players: 1,
      rounds: 0,
      player_summaries: 1,
      passkeys: 1,
      push_subscriptions: 1,
      link_codes: 1,
      league_members: 2,
      league_results: 1,
      leagues: 1,
      room_results: 1,
      round_reports: 1,
      name_reports: 1,
      name_reports_of_you: 1,
    });
    // A report of the player's name is theirs to see, but not who made it.
    expect(Object.keys(direct.name_reports_of_you![0]!).sort()).toEqual(["created_at", "name", "player_id", "shard"]);
    expect(direct.players![0].shard).toBe(shardOfPlayer(player.playerId, shardCount(env)));
    expect(direct.players![0].shard).not.toBe(0);
    const res = await call("/api/players/me/export", { token: player.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="tumbleword-${player.playerId}.json"`);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const file = (await res.json()) as Json;
    expect(file).toMatchObject({ format: "tumbleword-export/1", playerId: player.playerId });
    for (const key of PLAYER_TABLES.map(keyOf)) expect(file.rows[key], key).toEqual(direct[key]);
    expect(file.archive.rounds).toEqual([expect.objectContaining({ date: today(), list: "verified", roundId: rounds[1]!.roundId, playerId: player.playerId, score: before.entries[1].score })]);

    const archivedBefore = JSON.parse(await leaderboardText());
    expect(ranks(archivedBefore)).toEqual(ranks(JSON.parse(live)));

    // Deleting: the confirmation, then the passkey (this account has one).
    await expectError(await call("/api/players/me", { method: "DELETE", token: player.token, json: { confirm: "yes" } }), 400, "invalid-request");
    await expectError(await call("/api/players/me", { method: "DELETE", token: player.token, json: { confirm: "delete my account" } }), 403, "passkey-required");
    const other = await softAuthenticator();
    const stranger = await newPlayer();
    const strangerOptions = await callJson("/api/passkeys/register/options", { method: "POST", token: stranger.token });
    await callJson("/api/passkeys/register/verify", { token: stranger.token, json: { challengeId: strangerOptions.challengeId, response: await other.register(strangerOptions.options) } }, 201);
    const wrong = await callJson("/api/passkeys/login/options", { method: "POST" });
    await expectError(
      await call("/api/players/me", { method: "DELETE", token: player.token, json: { confirm: "delete my account", passkey: { challengeId: wrong.challengeId, response: await other.signIn(wrong.options) } } }),
      403,
      "forbidden",
    );
    const proof = await callJson("/api/passkeys/login/options", { method: "POST" });
    const deletion = await callJson("/api/players/me", {
      method: "DELETE",
      token: player.token,
      json: { confirm: "delete my account", passkey: { challengeId: proof.challengeId, response: await authenticator.signIn(proof.options) } },
    });
    expect(deletion).toMatchObject({ deleted: true, roundsKept: 0, leaguesPassedOn: 1, leaguesDeleted: 0 });

    // Its tokens stop at once; its link code, passkey and reminder are gone.
    await expectError(await call("/api/players/me/stats", { token: player.token }), 401, "unauthorized");
    await expectError(await call("/api/players/me/export", { token: player.token }), 401, "unauthorized");
    await expectError(await call("/api/links/redeem", { json: { code: link.code } }), 404, "not-found");
    const again = await callJson("/api/passkeys/login/options", { method: "POST" });
    await expectError(await call("/api/passkeys/login/verify", { json: { challengeId: again.challengeId, response: await authenticator.signIn(again.options) } }), 404, "not-found");

    // No table of any shard names the player; the report stays, under the stand-in.
    const after = await rowsOnEveryShard(player.playerId);
    for (const key of PLAYER_TABLES.map(keyOf)) expect(after[key], key).toEqual([]);
    expect((await env.DB.prepare("select count(*) as n from round_reports where round_id = ?").bind(rounds[0]!.roundId).first<{ n: number }>())!.n).toBe(1);
    // So does the report of the other's name; the report of theirs went with the name.
    expect((await env.DB.prepare("select count(*) as n from name_reports").first<{ n: number }>())!.n).toBe(1);

    // The league they owned passed to its longest member; the other lost a member.
    expect(await callJson(`/api/leagues/${owned.code}`, { token: first!.token })).toMatchObject({ owner: true, members: 1 });
    expect(await callJson(`/api/leagues/${joined.code}`, { token: last!.token })).toMatchObject({ members: 1 });

    // Neither name nor id through any route, live or archived; the same totals and ranks.
    const seen = await everyRoute(first!, [owned.code]) + (await everyRoute(last!, [joined.code]));
    for (const text of [name, goneName, player.playerId, gone.playerId]) expect(seen).not.toContain(text);
    const archived = JSON.parse(await leaderboardText());
    expect(archived.total).toBe(before.total);
    expect(ranks(archived)).toEqual(ranks(before).map((r: Json[]) => (r[3] === name || r[3] === goneName ? [...r.slice(0, 3), DELETED_PLAYER_NAME] : r)));
    expect(archived.entries.map((e: Json) => e.deleted)).toEqual([false, true, true, false]);
    // What naming an archived page costs: one query per shard holding any of its players, one row read per player.
    const day = (await archivedDay(env.ARCHIVE, today()))!;
    const ids = (await archivedPage(env.ARCHIVE, day, "verified", 100)).map((r) => r.playerId);
    let rowsRead = 0;
    let queries = 0;
    for (const group of playersByShard(env, ids)) {
      const d1 = allShardD1s(env)[group.shard]!;
      const answer = await d1.prepare(`select id, name, deleted_at from players where id in (${group.playerIds.map(() => "?").join(", ")})`).bind(...group.playerIds).all();
      rowsRead += answer.meta.rows_read;
      queries += 1;
      // A look-up by primary key, never a scan of the shard's players.
      const plan = await d1.prepare(`explain query plan select id, name, deleted_at from players where id in (${group.playerIds.map(() => "?").join(", ")})`).bind(...group.playerIds).all<{ detail: string }>();
      expect(plan.results.map((r) => r.detail).join("; ")).toMatch(/SEARCH players USING INDEX sqlite_autoindex_players_1 \(id=\?\)/);
    }
    console.log(`naming an archived page of ${ids.length} rounds: ${queries} queries, ${rowsRead} rows read`);
    // An index entry and a row per player found (the page's rounds and the players rows are few, whatever the shard holds).
    expect(rowsRead).toBeLessThanOrEqual(2 * ids.length);
    // Names are read when a page is: the others' renames reach the archived day too.
    await callJson("/api/players/me", { method: "PATCH", token: first!.token, json: { name: `Renamed ${tag}` } });
    expect(JSON.parse(await leaderboardText()).entries[0].name).toBe(`Renamed ${tag}`);
  });

  it("refuses an export or a deletion without a token, and limits exports per player", async () => {
    await expectError(await call("/api/players/me/export"), 401, "unauthorized");
    await expectError(await call("/api/players/me", { method: "DELETE", json: { confirm: "delete my account" } }), 401, "unauthorized");
    const sent = await withinOneWindow(60, async () => {
      const player = await newPlayer();
      return statuses(12, 4, () => call("/api/players/me/export", { token: player.token }));
    });
    expect(sent.filter((s) => s === 200)).toHaveLength(10);
    expect(sent.filter((s) => s === 429)).toHaveLength(2);
  });
});
