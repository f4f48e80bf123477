// Leagues whose members are on several shards (leagues/league-shards.ts): the league's row on the
// league's shard, the days' phases on shard 0, each member's membership, kept results, name,
// ranked rounds and summary on their own shard. A league's tables read the same, byte for byte, as
// with everything in one database (SHARDS = 1); every read asks each shard a fixed number of
// queries, however many members the league has; the member and removal lists name members from
// their shards; "my leagues", the limits, the owner's hand-over and the league's deletion count
// members on every shard; and a week's awards page through the leagues of every shard.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createRng, dayStart } from "#engine";
import { database } from "#worker/db/client.ts";
import { leagueOfCode, leagueOfEmbedKey, leaguesOfLanguageEverywhere, shardOfKey } from "#worker/leagues/league-shards.ts";
import { mergePlayerInto } from "#worker/players/identity-merge-queries.ts";
import { type ShardEnv, allShardD1s, homeDb, shardBinding, shardCount, shardD1, shardOfPlayer } from "#worker/db/shards.ts";
import { LEAGUE_CODE, type Viewer, leagueTables, newLeagueCodeFor } from "#worker/leagues/leagues.ts";
import { dayNumber, emptySummary } from "#worker/players/player-summary.ts";
import { type Json, call, callJson, copyPuzzles, countEverywhere, expectError, newPlayer, newPlayerOnAnotherShard, newPlayerWhere, playerShard, puzzleOf, rowsEverywhere, uuid } from "./helpers.ts";
import { leagueShard } from "./league-helpers.ts";

const ownShard = (playerId: string) => shardD1(env, shardOfPlayer(playerId, shardCount(env)));
const idsJson = (ids: readonly string[]) => JSON.stringify(ids);

// A week of English boards, Monday 2026-01-05 to the table's day, Thursday 2026-01-08. Monday and
// Tuesday have been folded (their results in league_results); Wednesday and Thursday are in D1's
// rounds, with the Sunday before (a streak's day, not the week's) and a French board (another
// language: a streak's day, never the table's).
const DATE = "2026-01-08";
const FOLDED = ["2026-01-05", "2026-01-06"];
const LIVE = ["2026-01-04", "2026-01-07", "2026-01-07-fr", "2026-01-08"];
const NOW = dayStart(DATE) + 20 * 3_600_000;
/** A day of a week with no folded board (no day state): no league_results read. */
const QUIET_DATE = "2030-03-14";
// Two members share a name, two have none (their default names): ties fall back on the members' order.
const NAMES = ["Ann", "Bob", "Sam", "Sam", null, "Zoe", "Eve", null, "Kim", "Lou", "Max", "Ned"];

interface Result {
  playerId: string;
  board: string;
  roundId: string;
  score: number;
  words: number;
  verified: boolean;
  flags: string;
  endsAt: number;
}

interface Fixture {
  leagueId: string;
  members: { playerId: string; name: string | null }[];
  live: Result[];
  kept: Result[];
  /** Each member's last run of folded ranked days ([first day number, length]), as their summary keeps it. */
  runs: Map<string, [number, number]>;
}

/** Members and results drawn from a seeded generator: few distinct scores, so ties run across shards. */
function fixture(): Fixture {
  const rng = createRng("leagues-shards");
  const members = NAMES.map((name) => ({ playerId: uuid(rng), name }));
  const live: Result[] = [];
  const kept: Result[] = [];
  const runs = new Map<string, [number, number]>();
  for (const { playerId } of members) {
    for (const board of [...FOLDED, ...LIVE]) {
      if (rng.random(4) === 0) continue;
      const verified = rng.random(6) !== 0;
      const endsAt = board === DATE && rng.random(3) === 0 ? NOW + 60_000 : dayStart(board.slice(0, 10)) + 3_600_000;
      const result = { playerId, board, roundId: uuid(rng), score: 10 * rng.random(4), words: 1 + rng.random(5), verified, flags: verified ? "" : "pace", endsAt };
      (FOLDED.includes(board) ? kept : live).push(result);
    }
    const folded = kept.filter((r) => r.playerId === playerId).map((r) => dayNumber(r.board));
    if (folded.length === 0) continue;
    const last = Math.max(...folded);
    runs.set(playerId, folded.includes(last - 1) ? [last - 1, 2] : [last, 1]);
  }
  return { leagueId: `shards-${uuid(rng)}`, members, live, kept, runs };
}

/** Everything on shard 0, as one database holds it: the league's rows and its members' players, rounds and summaries. */
async function seedLeague(f: Fixture): Promise<void> {
  const db = env.DB;
  await db.batch([
    ...f.members.map((m) => db.prepare("insert into players (id, name, created_at) values (?, ?, 0)").bind(m.playerId, m.name)),
    db.prepare("insert into leagues (id, code, name, owner_id, created_at, embed_key) values (?, ?, 'Shards', ?, 0, null)").bind(f.leagueId, f.leagueId.slice(7, 23).toUpperCase(), f.members[0]!.playerId),
    ...f.members.map((m, i) => db.prepare("insert into league_members (league_id, player_id, joined_at) values (?, ?, ?)").bind(f.leagueId, m.playerId, i)),
    ...f.kept.map((r) =>
      db.prepare("insert into league_results (player_id, date, round_id, score, words, verified, flags) values (?, ?, ?, ?, ?, ?, ?)").bind(r.playerId, r.board, r.roundId, r.score, r.words, r.verified ? 1 : 0, r.flags),
    ),
    ...FOLDED.map((d) => db.prepare("insert or replace into day_states (date, phase) values (?, 'archived')").bind(d)),
  ]);
  await seedPlayersSide(f, () => env.DB, f.members);
}

/** Rounds and summaries of these members on `place(player)` (players rows too, unless on shard 0). */
async function seedPlayersSide(f: Fixture, place: (playerId: string) => D1Database, members: Fixture["members"]): Promise<void> {
  const groups = new Map<D1Database, Fixture["members"]>();
  for (const m of members) groups.set(place(m.playerId), [...(groups.get(place(m.playerId)) ?? []), m]);
  for (const [d1, group] of groups) {
    await copyPuzzles(d1, LIVE);
    const ids = new Set(group.map((m) => m.playerId));
    await d1.batch([
      ...(d1 === env.DB ? [] : group.map((m) => d1.prepare("insert into players (id, name, created_at) values (?, ?, 0)").bind(m.playerId, m.name))),
      ...f.live
        .filter((r) => ids.has(r.playerId))
        .map((r) =>
          d1
            .prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at, ends_at, score, words, verified, flags) values (?, ?, ?, 1, ?, ?, ?, ?, ?, ?)")
            .bind(r.roundId, r.playerId, r.board, r.endsAt - 180_000, r.endsAt, r.score, r.words, r.verified ? 1 : 0, r.flags),
        ),
      ...[...f.runs]
        .filter(([id]) => ids.has(id))
        .map(([id, run]) => d1.prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, ?)").bind(id, JSON.stringify({ ...emptySummary(), runs: [run], ranked: run[1] }), FOLDED[1])),
    ]);
  }
}

/**
 * Moves the members who belong on another shard there: their players row, rounds, summary,
 * membership and kept results; and the league's row to the league's shard. The copy left on
 * shard 0 keeps the players row (renamed), as a stale copy a read must never use.
 */
async function moveToShards(f: Fixture): Promise<Fixture["members"]> {
  const moving = f.members.filter((m) => ownShard(m.playerId) !== env.DB);
  await seedPlayersSide(f, ownShard, moving);
  for (const m of moving) {
    const d1 = ownShard(m.playerId);
    await d1.batch([
      d1.prepare("insert into league_members (league_id, player_id, joined_at) values (?, ?, ?)").bind(f.leagueId, m.playerId, f.members.indexOf(m)),
      ...f.kept
        .filter((r) => r.playerId === m.playerId)
        .map((r) => d1.prepare("insert into league_results (player_id, date, round_id, score, words, verified, flags) values (?, ?, ?, ?, ?, ?, ?)").bind(r.playerId, r.board, r.roundId, r.score, r.words, r.verified ? 1 : 0, r.flags)),
    ]);
  }
  const home = leagueShard(f.leagueId);
  if (home !== env.DB) {
    await home.prepare("insert into leagues (id, code, name, owner_id, created_at, embed_key) values (?, ?, 'Shards', ?, 0, null)").bind(f.leagueId, f.leagueId.slice(7, 23).toUpperCase(), f.members[0]!.playerId).run();
    await env.DB.prepare("delete from leagues where id = ?").bind(f.leagueId).run();
  }
  const ids = idsJson(moving.map((m) => m.playerId));
  await env.DB.batch([
    env.DB.prepare("delete from rounds where player_id in (select value from json_each(?))").bind(ids),
    env.DB.prepare("delete from player_summaries where player_id in (select value from json_each(?))").bind(ids),
    env.DB.prepare("delete from league_members where player_id in (select value from json_each(?))").bind(ids),
    env.DB.prepare("delete from league_results where player_id in (select value from json_each(?))").bind(ids),
    env.DB.prepare("update players set name = 'Stale copy' where id in (select value from json_each(?))").bind(ids),
  ]);
  return moving;
}

async function answers(shardEnv: ShardEnv, f: Fixture): Promise<string> {
  const league = { id: f.leagueId, lang: "en" as const };
  const viewers: Viewer[] = [
    { playerId: f.members[2]!.playerId, member: true },
    { playerId: undefined, member: false },
  ];
  const out = [];
  for (const viewer of viewers) for (const date of [DATE, FOLDED[1]!]) out.push(await leagueTables(shardEnv, homeDb(shardEnv), league, date, viewer, NOW));
  return JSON.stringify(out);
}

/** The env with each shard's binding counting the statements prepared on it. */
function countingEnv(): { shardEnv: ShardEnv; queries: number[] } {
  const queries = allShardD1s(env).map(() => 0);
  const bindings = Object.fromEntries(
    allShardD1s(env).map((d1, i) => [
      shardBinding(i),
      new Proxy(d1, {
        get(target, prop) {
          if (prop === "prepare") return (query: string) => (queries[i]!++, target.prepare(query));
          const value: unknown = Reflect.get(target, prop, target);
          return typeof value === "function" ? value.bind(target) : value;
        },
      }),
    ]),
  );
  return { shardEnv: { ...env, ...bindings } as ShardEnv, queries };
}

describe("a league across shards", () => {
  it("gives the same tables, byte for byte, as one database, reading names, rounds and streaks from the members' shards", async () => {
    await Promise.all(LIVE.map((board) => puzzleOf(board)));
    const f = fixture();
    await seedLeague(f);
    const one = await answers({ ...env, SHARDS: "1" }, f);

    const moved = await moveToShards(f);
    const shards = new Set(f.members.map((m) => shardOfPlayer(m.playerId, shardCount(env))));
    expect(shards.size).toBeGreaterThanOrEqual(3);
    expect(moved.length).toBeGreaterThan(0);
    expect(await env.DB.prepare("select count(*) as n from rounds where player_id in (select value from json_each(?))").bind(idsJson(moved.map((m) => m.playerId))).first("n")).toBe(0);
    const four = await answers(env, f);
    expect(four).toBe(one);

    // What was compared is no empty answer: every status, playing rounds, streaks, points, tied names.
    const [today, tuesday] = JSON.parse(four) as Json[];
    expect(today.table).toHaveLength(NAMES.length);
    expect(new Set(today.table.map((e: Json) => e.status))).toEqual(new Set(["ranked", "review", "not-played"]));
    expect(today.table.some((e: Json) => e.playing)).toBe(true);
    expect(today.table.filter((e: Json) => e.streak >= 3).length).toBeGreaterThan(0);
    expect(today.table.map((e: Json) => e.name)).not.toContain("Stale copy");
    const points = today.week.standings.map((e: Json) => e.points);
    expect(new Set(points).size).toBeLessThan(points.length);
    expect(today.week.standings.reduce((sum: number, e: Json) => sum + e.points, 0)).toBeGreaterThan(0);
    // Tuesday was folded: its table comes from league_results.
    expect(tuesday.table.filter((e: Json) => e.status !== "not-played").length).toBe(f.kept.filter((r) => r.board === FOLDED[1]).length);
  });

  it("asks each shard with members a fixed number of queries, 500 members or 2", async () => {
    const rng = createRng("leagues-shards-500");
    const count = async (size: number) => {
      const ids = Array.from({ length: size }, () => uuid(rng));
      const leagueId = `count-${uuid(rng)}`;
      // A stale copy of every players row on shard 0 too (a move between shards that stopped half-way leaves one): never read.
      await env.DB.prepare("insert into players (id, name, created_at) select value, 'Stale copy', 0 from json_each(?)").bind(idsJson(ids)).run();
      await leagueShard(leagueId).prepare("insert into leagues (id, code, name, owner_id, created_at) values (?, ?, 'Count', ?, 0)").bind(leagueId, leagueId.slice(6, 22).toUpperCase(), ids[0]).run();
      for (const d1 of allShardD1s(env)) {
        const own = idsJson(ids.filter((id) => ownShard(id) === d1));
        await d1.batch([
          d1.prepare("insert or replace into players (id, name, created_at) select value, 'Member', 0 from json_each(?)").bind(own),
          d1.prepare("insert into league_members (league_id, player_id, joined_at) select ?, value, 0 from json_each(?)").bind(leagueId, own),
        ]);
      }
      const { shardEnv, queries } = countingEnv();
      const tables = await leagueTables(shardEnv, database(shardEnv.DB), { id: leagueId, lang: "en" }, QUIET_DATE, { playerId: undefined, member: false }, NOW);
      expect(tables.table).toHaveLength(size);
      expect(tables.table.every((e) => e.name === "Member")).toBe(true);
      const involved = new Set(ids.map((id) => shardOfPlayer(id, shardCount(env))));
      return { queries, involved };
    };
    const small = await count(2);
    const large = await count(500);
    expect(large.involved.size).toBe(shardCount(env));
    // Shard 0: the days' phases; every shard: its members with their rows and rounds; each shard with members: their summaries' last runs.
    expect(large.queries).toEqual([3, 2, 2, 2]);
    expect(small.queries).toEqual(allShardD1s(env).map((_, i) => (i === 0 ? 2 : 1) + (small.involved.has(i) ? 1 : 0)));
  });
});

describe("the member and removal lists", () => {
  it("name each member from their shard", async () => {
    const owner = await newPlayer("Host");
    const guest = await newPlayerOnAnotherShard(owner.playerId, "Guest");
    const gone = await newPlayerOnAnotherShard(owner.playerId, "Gone");
    expect(playerShard(guest.playerId)).not.toBe(playerShard(owner.playerId));
    const { code } = await callJson("/api/leagues", { json: { name: "Far Apart" }, token: owner.token }, 201);
    for (const p of [guest, gone]) await callJson(`/api/leagues/${code}/members`, { method: "POST", token: p.token }, 201);

    const names = async () => (await callJson(`/api/leagues/${code}/members`, { token: guest.token })).members.map((m: Json) => [m.name, m.owner, m.you]);
    expect(await names()).toEqual([
      ["Host", true, false],
      ["Guest", false, true],
      ["Gone", false, false],
    ]);
    // A name changed on the player's shard shows at once.
    await playerShard(guest.playerId).prepare("update players set name = 'Guest Two' where id = ?").bind(guest.playerId).run();
    expect((await names())[1]).toEqual(["Guest Two", false, true]);

    await callJson(`/api/leagues/${code}/members/${gone.playerId}`, { method: "DELETE", token: owner.token });
    const removals = await callJson(`/api/leagues/${code}/removals`, { token: owner.token });
    expect(removals.removed.map((r: Json) => [r.playerId, r.name])).toEqual([[gone.playerId, "Gone"]]);
    expect((await callJson(`/api/leagues/${code}`, { token: owner.token })).table.map((e: Json) => e.name).sort()).toEqual(["Guest Two", "Host"]);
  });
});

/** On which shards a query finds rows (its count on each, by shard index). */
async function countsByShard(sql: string, ...params: unknown[]): Promise<number[]> {
  return Promise.all(allShardD1s(env).map(async (d1) => (await d1.prepare(sql).bind(...params).first<number>("n")) ?? 0));
}

const onlyOn = (shard: number, count = 1) => allShardD1s(env).map((_, i) => (i === shard ? count : 0));

describe("league rows on their shards", () => {
  it("keep the league's row and removals on the league's shard, each membership on its member's, through joins, hand-over, removal and deletion", async () => {
    const rng = createRng("league-rows-on-their-shards");
    const leagueId = uuid(rng);
    const home = shardOfKey(leagueId, shardCount(env));
    // The owner lives on another shard than their league; a member on each shard joins by the code.
    const owner = await newPlayerWhere((shard) => shard !== home, "Far Owner");
    const ownerShard = shardOfPlayer(owner.playerId, shardCount(env));
    // A code from before codes were minted on their league's shard: found by asking the others.
    const code = ["SHARDS2345678ABC", "SHARDS2345678ABD", "SHARDS2345678ABE", "SHARDS2345678ABF"].find((c) => shardOfKey(c, shardCount(env)) !== home)!;
    await leagueShard(leagueId).prepare("insert into leagues (id, code, name, owner_id, created_at, lang, embed_key) values (?, ?, 'Everywhere', ?, 1, 'en', 'EMBEDSHARDS23456')").bind(leagueId, code, owner.playerId).run();
    await playerShard(owner.playerId).prepare("insert into league_members (league_id, player_id, joined_at) values (?, ?, 1)").bind(leagueId, owner.playerId).run();
    const members = [];
    for (let shard = 0; shard < shardCount(env); shard++) {
      const member = await newPlayerWhere((s) => s === shard, `Member ${shard}`);
      members.push(member);
      expect(await callJson(`/api/leagues/${code}/members`, { method: "POST", token: member.token }, 201)).toMatchObject({ joined: true, members: shard + 2 });
    }
    expect(await countsByShard("select count(*) as n from leagues where id = ?", leagueId)).toEqual(onlyOn(home));
    for (const p of [owner, ...members]) {
      expect(await countsByShard("select count(*) as n from league_members where league_id = ? and player_id = ?", leagueId, p.playerId)).toEqual(onlyOn(shardOfPlayer(p.playerId, shardCount(env))));
    }
    // Counted over every shard: the table, the embed and each member's own list.
    expect((await callJson(`/api/leagues/${code}`)).table).toHaveLength(members.length + 1);
    // A membership whose player has no players row counts in the size, as one database counted it, and is never listed.
    const ghost = uuid(rng);
    await playerShard(ghost).prepare("insert into league_members (league_id, player_id, joined_at) values (?, ?, 2)").bind(leagueId, ghost).run();
    const withGhost = await callJson(`/api/leagues/${code}`);
    expect([withGhost.members, withGhost.table.length]).toEqual([members.length + 2, members.length + 1]);
    await playerShard(ghost).prepare("delete from league_members where player_id = ?").bind(ghost).run();
    expect((await callJson("/api/leagues/embed/EMBEDSHARDS23456")).members).toBe(members.length + 1);
    for (const p of [owner, members[0]!]) {
      expect((await callJson("/api/leagues", { token: p.token })).leagues).toEqual([{ code, name: "Everywhere", lang: "en", members: members.length + 1, owner: p === owner }]);
    }

    // The owner leaves: the member who joined first (on shard 0) inherits, written on the league's shard.
    expect(await callJson(`/api/leagues/${code}/members/me`, { method: "DELETE", token: owner.token })).toMatchObject({ left: true, owner: members[0]!.playerId, deleted: false });
    expect(await leagueShard(leagueId).prepare("select owner_id from leagues where id = ?").bind(leagueId).first("owner_id")).toBe(members[0]!.playerId);
    expect(await countsByShard("select count(*) as n from league_members where player_id = ?", owner.playerId)).toEqual(onlyOn(ownerShard, 0));

    // The new owner removes a member on another shard: the removal is kept on the league's shard, and it holds.
    const removed = members[members.length - 1]!;
    await callJson(`/api/leagues/${code}/members/${removed.playerId}`, { method: "DELETE", token: members[0]!.token });
    expect(await countsByShard("select count(*) as n from league_removals where league_id = ? and player_id = ?", leagueId, removed.playerId)).toEqual(onlyOn(home));
    await expectError(await call(`/api/leagues/${code}/members`, { method: "POST", token: removed.token }), 403, "removed");

    // The last member leaving deletes the league, its removals with it; no membership is left anywhere.
    const staying = members.slice(0, -1);
    for (const [i, p] of [...staying].reverse().entries()) {
      expect(await callJson(`/api/leagues/${code}/members/me`, { method: "DELETE", token: p.token })).toMatchObject({ deleted: i === staying.length - 1 });
    }
    await expectError(await call(`/api/leagues/${code}`), 404, "not-found");
    expect(await countEverywhere("select count(*) as n from leagues where id = ?", leagueId)).toBe(0);
    expect(await countEverywhere("select count(*) as n from league_removals where league_id = ?", leagueId)).toBe(0);
    expect(await countEverywhere("select count(*) as n from league_members where league_id = ?", leagueId)).toBe(0);
  });

  it("page a language's leagues by id over every shard for the week's awards, each league once", async () => {
    const rng = createRng("league-pages-over-shards");
    const ids = Array.from({ length: 9 }, () => `de-page-${uuid(rng)}`);
    expect(new Set(ids.map((id) => shardOfKey(id, shardCount(env)))).size).toBeGreaterThan(2);
    for (const [i, id] of ids.entries()) {
      await leagueShard(id).prepare("insert into leagues (id, code, name, owner_id, created_at, lang) values (?, ?, 'Seite', 'nobody', 0, 'de')").bind(id, `DEPAGE${String(i).padStart(10, "2")}`).run();
    }
    const seen: string[] = [];
    let after = "de-page-";
    for (;;) {
      const page = (await leaguesOfLanguageEverywhere(env, "de", after, 4)).filter((id) => id.startsWith("de-page-"));
      seen.push(...page);
      if (page.length < 4) break;
      after = page[page.length - 1]!;
    }
    expect(seen).toEqual([...ids].sort());
  });

  it("mint invite codes and embed keys on their league's shard at every shard count: a look-up asks that shard only", async () => {
    const rng = createRng("league-codes-on-their-shard");
    for (let i = 0; i < 20; i++) {
      const id = uuid(rng);
      const code = newLeagueCodeFor(id);
      expect(code).toMatch(LEAGUE_CODE);
      for (const n of [1, 2, 4, 8, 16]) expect(shardOfKey(code, n), `${id} ${code} at ${n}`).toBe(shardOfKey(id, n));
    }
    const owner = await newPlayer("Minted");
    const league = await callJson("/api/leagues", { json: { name: "Minted Club" }, token: owner.token }, 201);
    const { id } = (await rowsEverywhere<{ id: string }>("select id from leagues where code = ?", league.code))[0]!;
    const home = shardOfKey(id, shardCount(env));
    expect([shardOfKey(league.code, shardCount(env)), shardOfKey(league.embedKey, shardCount(env))]).toEqual([home, home]);
    const { shardEnv, queries } = countingEnv();
    expect((await leagueOfCode(shardEnv, league.code))?.id).toBe(id);
    expect((await leagueOfEmbedKey(shardEnv, league.embedKey))?.id).toBe(id);
    expect(queries).toEqual(onlyOn(home, 2));
    // A new invite code and a new embed key are minted there too.
    const rotated = await callJson(`/api/leagues/${league.code}/invite`, { method: "POST", token: owner.token });
    const rekeyed = await callJson(`/api/leagues/${rotated.code}/embed-key`, { method: "POST", token: owner.token });
    expect([shardOfKey(rotated.code, shardCount(env)), shardOfKey(rekeyed.embedKey, shardCount(env))]).toEqual([home, home]);
  });

  for (const placement of ["on one shard", "across two shards"] as const) {
    it(`move a merged player's memberships, ownerships and kept results to the surviving player ${placement}`, async () => {
      const into = await newPlayer("Survivor");
      const intoShard = shardOfPlayer(into.playerId, shardCount(env));
      const from = await newPlayerWhere((shard) => (placement === "on one shard" ? shard === intoShard : shard !== intoShard), "Merged");
      // `from` owns one league, and is in another that `into` is in too.
      const owned = await callJson("/api/leagues", { json: { name: "Owned Club" }, token: from.token }, 201);
      const shared = await callJson("/api/leagues", { json: { name: "Shared Club" }, token: into.token }, 201);
      await callJson(`/api/leagues/${shared.code}/members`, { method: "POST", token: from.token }, 201);
      // Kept results: a day both have (into's stays) and a day only `from` has.
      const keep = (p: typeof into, date: string, score: number) =>
        playerShard(p.playerId).prepare("insert into league_results (player_id, date, round_id, score, words, verified, flags) values (?, ?, ?, ?, 1, 1, '')").bind(p.playerId, date, `${p.playerId}-${date}`, score).run();
      await keep(into, "2026-01-05", 10);
      await keep(from, "2026-01-05", 99);
      await keep(from, "2026-01-06", 7);

      const merge = await mergePlayerInto(env, from.playerId, into.playerId);
      expect(merge.leagues).toBe(1);
      expect(await countEverywhere("select count(*) as n from league_members where player_id = ?", from.playerId)).toBe(0);
      expect(await countEverywhere("select count(*) as n from league_results where player_id = ?", from.playerId)).toBe(0);
      const onInto = (sql: string) => playerShard(into.playerId).prepare(sql).bind(into.playerId).all();
      expect((await onInto("select count(*) as n from league_members where player_id = ?")).results).toEqual([{ n: 2 }]);
      expect((await onInto("select date, score from league_results where player_id = ? order by date")).results).toEqual([
        { date: "2026-01-05", score: 10 },
        { date: "2026-01-06", score: 7 },
      ]);
      // The league `from` owned is `into`'s now, on the league's shard; each league counts its members once;
      // the moved membership keeps when `from` joined (before `into` made the shared league).
      expect((await callJson("/api/leagues", { token: into.token })).leagues.map((l: Json) => [l.name, l.members, l.owner])).toEqual([
        ["Owned Club", 1, true],
        ["Shared Club", 1, true],
      ]);
      expect((await callJson(`/api/leagues/${owned.code}`, { token: into.token })).owner).toBe(true);
    });
  }
});
