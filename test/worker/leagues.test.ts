// Leagues: creating, joining by the invite code, the day's table among members (ranks, streaks,
// rounds under review), the week's daily rank points, the owner's actions, the limits (500
// members, 20 leagues), bad input, reads that stay flat in the day's number of players (D1's
// rows_read), and past days that read the same after retention moved the day out of D1.
import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addDays } from "#engine";
import worker from "#worker/index.ts";
import type { QueueMessage } from "#worker/results/sync-consumer.ts";
import { database } from "#worker/db/client.ts";
import { leagueMemberRoundsQuery } from "#worker/leagues/queries.ts";
import { shardOfKey } from "#worker/leagues/league-shards.ts";
import { playersByShard, shardCount, shardD1 } from "#worker/db/shards.ts";
import { MAX_LEAGUES, MAX_MEMBERS, weekStandings, weekStart } from "#worker/leagues/leagues.ts";
import { retainSettledDays, sendProbes } from "#worker/archive/retention.ts";
import {
  type Json,
  type TestPlayer,
  call,
  callJson,
  copyPuzzles,
  countEverywhere,
  endRound,
  expectError,
  newPlayer,
  newPlayerOnAnotherShard,
  play,
  playerShard,
  puzzleOf,
  solutionWords,
  today,
} from "./helpers.ts";
import { createLeague, leagueIdOf, leagueShard } from "./league-helpers.ts";

const db = () => database(env.DB);

async function join(player: TestPlayer, code: string, status = 201): Promise<Json> {
  return callJson(`/api/leagues/${code}/members`, { method: "POST", token: player.token }, status);
}

/** Adds `count` members straight into D1 (players made for it, each on their shard): the limits without 500 requests. */
async function fillLeague(code: string, count: number): Promise<void> {
  const id = await leagueIdOf(code);
  const prefix = crypto.randomUUID().slice(0, 8);
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${i + 1}`);
  // Each player and their membership on the player's shard.
  for (const { shard, playerIds } of playersByShard(env, ids)) {
    const d1 = shardD1(env, shard);
    await d1.batch([
      d1.prepare("insert into players (id, name, created_at) select value, null, 0 from json_each(?)").bind(JSON.stringify(playerIds)),
      d1.prepare("insert into league_members (league_id, player_id, joined_at) select ?, value, 1 from json_each(?)").bind(id, JSON.stringify(playerIds)),
    ]);
  }
}

describe("a league of another language's board", () => {
  it("plays the French board: its table and week count French rounds, and an English league never does", async () => {
    const eve = await newPlayer("Eve");
    const fay = await newPlayerOnAnotherShard(eve.playerId, "Fay");
    const french = await callJson("/api/leagues", { json: { name: "Club de lecture", lang: "fr" }, token: eve.token }, 201);
    expect(french).toMatchObject({ lang: "fr", members: 1 });
    const english = await createLeague(eve, "Book club");
    expect(english.lang).toBe("en");
    for (const code of [french.code, english.code]) await join(fay, code);
    expect((await callJson("/api/leagues", { token: fay.token })).leagues.map((l: Json) => [l.name, l.lang])).toEqual([["Club de lecture", "fr"], ["Book club", "en"]]);

    // Eve plays the French board and the English one; Fay the French one only.
    const frWords = solutionWords(await puzzleOf(`${today()}-fr`), 3);
    const enWords = solutionWords(await puzzleOf(today()), 1);
    const eveFr = await play(eve, [frWords[0].word, frWords[1].word], "today-fr");
    const fayFr = await play(fay, [frWords[2].word], "today-fr");
    const eveEn = await play(eve, [enWords[0].word]);
    for (const round of [eveFr, fayFr, eveEn]) await endRound(round.roundId, 1000);

    const table = async (code: string) => (await callJson(`/api/leagues/${code}`, { token: fay.token })).table.map((e: Json) => [e.name, e.rank, e.score]);
    expect(await table(french.code)).toEqual([["Eve", 1, frWords[0].points + frWords[1].points], ["Fay", 2, frWords[2].points]]);
    expect(await table(english.code)).toEqual([["Eve", 1, enWords[0].points], ["Fay", null, null]]);

    // A past week (Monday to Sunday before this one): on its Monday Eve played both boards, Fay
    // the English one with more points. The English week counts that Monday once, in English.
    const sunday = addDays(weekStart(today()), -1);
    const monday = weekStart(sunday);
    await Promise.all([puzzleOf(monday), puzzleOf(`${monday}-fr`)]);
    // Each round on its player's shard, with the puzzle it references.
    const insert = async (id: string, player: TestPlayer, board: string, score: number) => {
      await copyPuzzles(playerShard(player.playerId), [board]);
      await playerShard(player.playerId).prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, score, words) values (?, ?, ?, 1, 0, 1, ?, 1)").bind(id, player.playerId, board, score).run();
    };
    await insert(`eve-${monday}`, eve, monday, 5);
    await insert(`eve-${monday}-fr`, eve, `${monday}-fr`, 50);
    await insert(`fay-${monday}`, fay, monday, 9);
    const week = async (code: string) => (await callJson(`/api/leagues/${code}/days/${sunday}`, { token: fay.token })).week.standings.map((e: Json) => [e.name, e.points, e.days]);
    expect(await week(english.code)).toEqual([["Fay", 2, 1], ["Eve", 1, 1]]);
    expect(await week(french.code)).toEqual([["Eve", 1, 1], ["Fay", 0, 0]]);

    await expectError(await call("/api/leagues", { json: { name: "Nope", lang: "it" }, token: eve.token }), 400, "invalid-request");
  });
});

describe("a league of three", () => {
  it("ranks its members' rounds of today, with streaks, and the week's rank points; non-members see it with the code", async () => {
    // Bob's rows are on another shard than Ann's.
    const ann = await newPlayer("Ann");
    const [bob, cat] = [await newPlayerOnAnotherShard(ann.playerId, "Bob"), await newPlayer("Cat")];
    const league = await createLeague(ann);
    expect(league).toMatchObject({ name: "Friday Club", members: 1, member: true, owner: true });
    expect(league.code).toMatch(/^[2-9A-HJ-NP-Z]{16}$/);
    expect(await join(bob, league.code)).toMatchObject({ joined: true, members: 2 });
    expect(await join(cat, league.code)).toMatchObject({ joined: true, members: 3 });
    // Joining again changes nothing.
    expect(await join(cat, league.code.toLowerCase(), 200)).toMatchObject({ joined: false, members: 3 });

    const words = solutionWords(await puzzleOf(today()), 3);
    const annRound = await play(ann, [words[0].word, words[1].word]);
    const bobRound = await play(bob, [words[2].word]);
    for (const round of [annRound, bobRound]) await endRound(round.roundId, 1000);

    const table = await callJson(`/api/leagues/${league.code}`, { token: cat.token });
    expect(table).toMatchObject({ name: "Friday Club", members: 3, member: true, owner: false, date: today() });
    // Words longest first: Ann's two words outscore Bob's one.
    expect(table.table.map((e: Json) => [e.name, e.rank, e.status, e.score, e.words, e.streak, e.you, e.playing])).toEqual([
      ["Ann", 1, "ranked", words[0].points + words[1].points, 2, 1, false, false],
      ["Bob", 2, "ranked", words[2].points, 1, 1, false, false],
      ["Cat", null, "not-played", null, null, 0, true, false],
    ]);
    expect(table.table[0].playerId).toBeDefined();
    // The week so far: today's winner gets 2 points (2 played), the other 1, Cat none.
    expect(table.week.from).toBe(weekStart(today()));
    expect(table.week.standings.map((e: Json) => [e.name, e.points, e.days])).toEqual([
      ["Ann", 2, 1],
      ["Bob", 1, 1],
      ["Cat", 0, 0],
    ]);

    // A member's round under fair-play review: shown as such, unranked, with the reason.
    await playerShard(ann.playerId).prepare("update rounds set verified = 0, flags = 'pace' where id = ?").bind(annRound.roundId).run();
    const reviewed = await callJson(`/api/leagues/${league.code}`, { token: bob.token });
    const ann2 = reviewed.table.find((e: Json) => e.name === "Ann");
    expect(ann2).toMatchObject({ status: "review", rank: null, score: words[0].points + words[1].points });
    expect(ann2.reason).toMatch(/^Under review/);
    expect(reviewed.table.find((e: Json) => e.name === "Bob")).toMatchObject({ rank: 1, status: "ranked", you: true });
    expect(reviewed.week.standings.find((e: Json) => e.name === "Ann").points).toBe(0);
    await playerShard(ann.playerId).prepare("update rounds set verified = 1, flags = '' where id = ?").bind(annRound.roundId).run();

    // Without a token (the embed): the same table, no player ids; past days are for members.
    const outside = await callJson(`/api/leagues/${league.code}`);
    expect(outside.member).toBe(false);
    expect(outside.table.map((e: Json) => e.name)).toEqual(table.table.map((e: Json) => e.name));
    expect(outside.table.every((e: Json) => !("playerId" in e))).toBe(true);
    const stranger = await newPlayer("Stranger");
    await expectError(await call(`/api/leagues/${league.code}/days/${today()}`, { token: stranger.token }), 403, "forbidden");
    await expectError(await call(`/api/leagues/${league.code}/members`, { token: stranger.token }), 403, "forbidden");
    await expectError(await call(`/api/leagues/${league.code}/members/me`, { method: "DELETE", token: stranger.token }), 403, "forbidden");
    // A member's past day: today's answer, the same table.
    const day = await callJson(`/api/leagues/${league.code}/days/${today()}`, { token: cat.token });
    expect(day.table).toEqual(table.table);

    // Everyone's leagues list it.
    expect((await callJson("/api/leagues", { token: bob.token })).leagues).toEqual([{ code: league.code, name: "Friday Club", lang: "en", members: 3, owner: false }]);
  });
});

describe("the week's standings", () => {
  it("sum daily rank points: N - rank + 1 among the N members who played that day, ties alike, reviews none", () => {
    const members = ["a", "b", "c", "d"].map((id, i) => ({ playerId: id, name: id.toUpperCase(), joinedAt: i }));
    const r = (score: number, verified = true) => ({ roundId: "x", score, words: 1, verified, flags: verified ? "" : "pace", endsAt: null });
    const days = new Map([
      // Day 1: a 30, b 20, c 20 (tied second), d not played: 3, 2, 2.
      ["2026-03-02", new Map([["a", r(30)], ["b", r(20)], ["c", r(20)]])],
      // Day 2: d alone (a's round under review): d 1 point.
      ["2026-03-03", new Map([["a", r(99, false)], ["d", r(5)]])],
      // Day 3: b 10, a 8: b 2, a 1.
      ["2026-03-04", new Map([["b", r(10)], ["a", r(8)]])],
    ]);
    const standings = weekStandings(members, days, { playerId: "c", member: false });
    expect(standings.map((s) => [s.name, s.rank, s.points, s.days, s.you])).toEqual([
      ["A", 1, 4, 2, false],
      ["B", 1, 4, 2, false],
      ["C", 3, 2, 1, true],
      ["D", 4, 1, 1, false],
    ]);
  });

  it("runs Monday to Sunday", () => {
    expect(weekStart("2026-03-02")).toBe("2026-03-02"); // a Monday
    expect(weekStart("2026-03-08")).toBe("2026-03-02"); // the Sunday after
    expect(weekStart("2026-03-09")).toBe("2026-03-09");
  });
});

describe("the owner's actions", () => {
  it("rename, remove a member, replace the invite link; members cannot", async () => {
    const [owner, member, other] = [await newPlayer("Owner"), await newPlayer("Member"), await newPlayer("Other")];
    const league = await createLeague(owner, "Chess Club");
    await join(member, league.code);
    await join(other, league.code);

    // Rename: the owner only, with the name rules.
    await expectError(await call(`/api/leagues/${league.code}`, { method: "PATCH", json: { name: "Mine Now" }, token: member.token }), 403, "forbidden");
    await expectError(await call(`/api/leagues/${league.code}`, { method: "PATCH", json: { name: "Player 1A2B" }, token: owner.token }), 400, "invalid-name");
    await expectError(await call(`/api/leagues/${league.code}`, { method: "PATCH", json: { name: "a\u200Bb" }, token: owner.token }), 400, "invalid-name");
    expect(await callJson(`/api/leagues/${league.code}`, { method: "PATCH", json: { name: "  Chess   Masters " }, token: owner.token })).toMatchObject({ name: "Chess Masters" });

    // Remove: the owner only; the removed player is no member any more.
    await expectError(await call(`/api/leagues/${league.code}/members/${other.playerId}`, { method: "DELETE", token: member.token }), 403, "forbidden");
    expect(await callJson(`/api/leagues/${league.code}/members/${other.playerId}`, { method: "DELETE", token: owner.token })).toMatchObject({ removed: other.playerId, left: false });
    await expectError(await call(`/api/leagues/${league.code}/days/today`, { token: other.token }), 403, "forbidden");
    await expectError(await call(`/api/leagues/${league.code}/members/${other.playerId}`, { method: "DELETE", token: owner.token }), 404, "not-found");
    const members = await callJson(`/api/leagues/${league.code}/members`, { token: member.token });
    expect(members.members.map((m: Json) => [m.name, m.owner, m.you])).toEqual([
      ["Owner", true, false],
      ["Member", false, true],
    ]);

    // A new invite link: the old code stops working, members stay.
    await expectError(await call(`/api/leagues/${league.code}/invite`, { method: "POST", token: member.token }), 403, "forbidden");
    const rotated = await callJson(`/api/leagues/${league.code}/invite`, { method: "POST", token: owner.token });
    expect(rotated.code).not.toBe(league.code);
    await expectError(await call(`/api/leagues/${league.code}`), 404, "not-found");
    await expectError(await call(`/api/leagues/${league.code}/members`, { method: "POST", token: other.token }), 404, "not-found");
    expect((await callJson(`/api/leagues/${rotated.code}`, { token: member.token })).member).toBe(true);
  });

  it("hands the league to the member who joined first when the owner leaves, and deletes it with its last member", async () => {
    const [owner, first, second] = [await newPlayer("Founder"), await newPlayer("Early"), await newPlayer("Late")];
    const league = await createLeague(owner, "Book Club");
    await join(first, league.code);
    await join(second, league.code);
    expect(await callJson(`/api/leagues/${league.code}/members/me`, { method: "DELETE", token: owner.token })).toMatchObject({ left: true, owner: first.playerId, deleted: false });
    expect(await callJson(`/api/leagues/${league.code}`, { token: first.token })).toMatchObject({ owner: true, members: 2 });
    expect(await callJson(`/api/leagues/${league.code}/members/me`, { method: "DELETE", token: second.token })).toMatchObject({ left: true, deleted: false });
    expect(await callJson(`/api/leagues/${league.code}/members/${first.playerId}`, { method: "DELETE", token: first.token })).toMatchObject({ left: true, deleted: true });
    await expectError(await call(`/api/leagues/${league.code}`), 404, "not-found");
    expect(await countEverywhere("select count(*) as n from league_members where player_id in (?, ?, ?)", owner.playerId, first.playerId, second.playerId)).toBe(0);
  });
});

describe("limits and bad input", () => {
  it(`takes ${MAX_MEMBERS} members, then answers 409 league-full`, async () => {
    const owner = await newPlayer("Big Owner");
    const league = await createLeague(owner, "Stadium");
    await fillLeague(league.code, MAX_MEMBERS - 2);
    const last = await newPlayer();
    expect(await join(last, league.code)).toMatchObject({ members: MAX_MEMBERS });
    await expectError(await call(`/api/leagues/${league.code}/members`, { method: "POST", token: (await newPlayer()).token }), 409, "league-full");
    // A full league still reads: 500 members, one table.
    const table = await callJson(`/api/leagues/${league.code}`, { token: last.token });
    expect(table.table).toHaveLength(MAX_MEMBERS);
  });

  it(`lets a player be in ${MAX_LEAGUES} leagues, then answers 409 too-many-leagues (joining or creating)`, async () => {
    const player = await newPlayer("Joiner");
    const owner = await newPlayer("Host");
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await createLeague(await newPlayer(), `League ${i}`)).code);
    // Up to two short of the limit straight into D1: each league's row on its shard, the memberships on the player's.
    const bulk = Array.from({ length: MAX_LEAGUES - 2 }, (_, i) => `bulk-${player.playerId}-${i}`);
    expect(new Set(bulk.map((id) => shardOfKey(id, shardCount(env)))).size).toBeGreaterThan(1);
    for (const [i, id] of bulk.entries()) {
      await leagueShard(id).prepare("insert into leagues (id, code, name, owner_id, created_at) values (?, ?, ?, ?, 0)").bind(id, `BULK${player.playerId.slice(0, 4).toUpperCase()}${String(i).padStart(8, "2")}`, `Bulk ${i}`, owner.playerId).run();
    }
    await playerShard(player.playerId).batch(bulk.map((id) => playerShard(player.playerId).prepare("insert into league_members (league_id, player_id, joined_at) values (?, ?, 0)").bind(id, player.playerId)));
    await join(player, codes[0]);
    await join(player, codes[1]);
    await expectError(await call(`/api/leagues/${codes[2]}/members`, { method: "POST", token: player.token }), 409, "too-many-leagues");
    await expectError(await call("/api/leagues", { json: { name: "One More" }, token: player.token }), 409, "too-many-leagues");
    expect((await callJson("/api/leagues", { token: player.token })).leagues).toHaveLength(MAX_LEAGUES);
    // Leaving one makes room.
    await callJson(`/api/leagues/${codes[0]}/members/me`, { method: "DELETE", token: player.token });
    await join(player, codes[2]);
  });

  it("answers unknown leagues, malformed codes, bad names and missing tokens with a reason", async () => {
    const player = await newPlayer("Careful");
    await expectError(await call("/api/leagues/ABCDEFGHJKLMNPQR"), 404, "not-found");
    await expectError(await call("/api/leagues/ABCDEFGHJKLMNPQR/members", { method: "POST", token: player.token }), 404, "not-found");
    await expectError(await call("/api/leagues/short"), 400, "invalid-request");
    await expectError(await call("/api/leagues/ABCDEFGHJKLMNPQ0"), 400, "invalid-request");
    await expectError(await call("/api/leagues", { json: { name: "" }, token: player.token }), 400, "invalid-name");
    await expectError(await call("/api/leagues", { json: { name: "x".repeat(21) }, token: player.token }), 400, "invalid-name");
    await expectError(await call("/api/leagues", { json: {}, token: player.token }), 400, "invalid-request");
    await expectError(await call("/api/leagues", { json: { name: "Nobody" } }), 401, "unauthorized");
    const league = await createLeague(player, "Careful Club");
    await expectError(await call(`/api/leagues/${league.code}/members`, { method: "POST" }), 401, "unauthorized");
    await expectError(await call(`/api/leagues/${league.code}/members/not-an-id`, { method: "DELETE", token: player.token }), 400, "invalid-request");
    await expectError(await call(`/api/leagues/${league.code}/days/2020-01-01`, { token: player.token }), 404, "not-found");
    await expectError(await call(`/api/leagues/${league.code}/days/yesterday`, { token: player.token }), 400, "invalid-request");
  });
});

/** D1's rows_read for a drizzle query, run on `d1` as the very statement the Worker sends. */
async function rowsRead(d1: D1Database, query: { toSQL(): { sql: string; params: unknown[] } }): Promise<number> {
  const { sql, params } = query.toSQL();
  const result = await d1.prepare(sql).bind(...params).all();
  return result.meta.rows_read;
}

describe("reads", () => {
  it("stay flat in the day's number of players: the league's rows read on its members' shards do not grow with 5000 other rounds", async () => {
    const first = await newPlayer("Flat A");
    const members = [first, await newPlayerOnAnotherShard(first.playerId, "Flat B"), await newPlayer("Flat C")];
    const league = await createLeague(members[0], "Flat Earthers");
    for (const m of members.slice(1)) await join(m, league.code);
    const words = solutionWords(await puzzleOf(today()), 2);
    await play(members[0], [words[0].word]);
    await play(members[1], [words[1].word]);
    const groups = playersByShard(env, members.map((m) => m.playerId));
    expect(groups.length).toBeGreaterThanOrEqual(2);
    const leagueId = await leagueIdOf(league.code);
    // The league's members with their ranked rounds: one statement on each of their shards.
    const measure = async () => {
      let rows = 0;
      for (const { shard } of groups) rows += await rowsRead(shardD1(env, shard), leagueMemberRoundsQuery(database(shardD1(env, shard)), leagueId));
      return rows;
    };
    const quiet = await measure();
    /** Adds `count` ranked rounds of today by players in no league, on each of the members' shards. */
    let crowd = 0;
    const addCrowd = async (count: number) => {
      for (const { shard } of groups) {
        const d1 = shardD1(env, shard);
        // A member who has not played may be alone on their shard: the crowd's rounds need the puzzle there.
        await copyPuzzles(d1, [today()]);
        await d1.batch([
          d1.prepare(`with recursive n(i) as (select ? union all select i + 1 from n where i < ?) insert into players (id, name, created_at) select 'crowd-' || i, null, 0 from n`).bind(crowd + 1, crowd + count),
          d1.prepare(
            `with recursive n(i) as (select ? union all select i + 1 from n where i < ?) insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, score, words) select 'crowd-round-' || i, 'crowd-' || i, ?, 1, 0, 0, i % 60, i % 12 from n`,
          ).bind(crowd + 1, crowd + count, today()),
        ]);
      }
      crowd += count;
    };
    try {
      await addCrowd(500);
      const before = await measure();
      await addCrowd(4500);
      const after = await measure();
      for (const { shard } of groups) {
        expect(await shardD1(env, shard).prepare("select count(*) as n from rounds where puzzle_date = ? and id like 'crowd-round-%'").bind(today()).first("n")).toBe(5000);
      }
      console.log(`league read rows_read, 3 members on ${groups.length} shards: ${quiet} / ${before} / ${after} with 0 / 500 / 5000 other rounds of the day on each`);
      expect(after).toEqual(before);
      // At most one row more a shard than without others (where a member's index range ends, the next entry is read).
      expect(before - quiet).toBeLessThanOrEqual(groups.length);
      // A few rows per member.
      expect(after).toBeLessThanOrEqual(5 * members.length);
      // The whole answer still ranks the members only.
      expect((await callJson(`/api/leagues/${league.code}`)).table).toHaveLength(3);
    } finally {
      for (const { shard } of groups) {
        const d1 = shardD1(env, shard);
        await d1.batch([d1.prepare("delete from rounds where id like 'crowd-round-%'"), d1.prepare("delete from players where id like 'crowd-%'")]);
      }
    }
  });
});

describe("retention", () => {
  it("keeps a league's past day the same after the day's rounds have left D1", async () => {
    // B's rounds are on another shard than A's: each shard's archiving keeps its own members' results.
    const a = await newPlayer("Keeps A");
    const [b, c] = [await newPlayerOnAnotherShard(a.playerId, "Keeps B"), await newPlayer("Keeps C")];
    const league = await createLeague(a, "Archivists");
    await join(b, league.code);
    await join(c, league.code);
    const words = solutionWords(await puzzleOf(today()), 3);
    const rounds = [await play(a, [words[0].word, words[1].word]), await play(b, [words[2].word])];
    // c's round goes under review.
    const cRound = await play(c, [words[1].word]);
    await playerShard(c.playerId).prepare("update rounds set verified = 0, flags = 'sweep' where id = ?").bind(cRound.roundId).run();
    for (const round of [...rounds, cRound]) await endRound(round.roundId, 60_000);

    // Three days on (today's syncs are over): probe the day and archive it, as the upkeep would.
    const now = Date.now() + 3 * 86_400_000;
    const sent = await sendProbes(env, db(), now);
    expect(sent).toContain(today());
    await worker.queue(createMessageBatch<QueueMessage>("tumbleword-syncs", sent.map((date, i) => ({ id: `p${i}`, timestamp: new Date(), attempts: 1, body: { kind: "settle-probe", date } }))), env);
    await retainSettledDays(env, db(), now, { pages: 0 });
    const path = `/api/leagues/${league.code}/days/${today()}`;
    const before = await callJson(path, { token: b.token });
    expect(before.table.map((e: Json) => e.status).sort()).toEqual(["ranked", "ranked", "review"]);

    expect(await retainSettledDays(env, db(), now, { pages: 100 })).toContain(today());
    expect(await countEverywhere("select count(*) as n from rounds where puzzle_date = ?", today())).toBe(0);
    // Each member's kept result on their own shard.
    for (const p of [a, b, c]) expect(await playerShard(p.playerId).prepare("select count(*) as n from league_results where date = ? and player_id = ?").bind(today(), p.playerId).first("n")).toBe(1);
    expect(await countEverywhere("select count(*) as n from league_results where date = ? and player_id in (?, ?, ?)", today(), a.playerId, b.playerId, c.playerId)).toBe(3);
    const after = await callJson(path, { token: b.token });
    expect(after).toEqual(before);
  });
});
