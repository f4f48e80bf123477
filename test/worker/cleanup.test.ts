// The nightly cleanup (archive/upkeep.ts cleanUp) with players on their shards: each shard's
// players who never played go, read from a start id on and round to the first; what keeps one is
// a round, a summary, a passkey, a league membership, a link code or a room result on its own
// shard. Each shard's day counts that fell to zero go; a negative part stays (the sum over the
// shards needs it). Expired link codes and old room results go on every shard, and a shard k > 0's
// copy of an archived day's puzzle once no round of that day remains there.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "#worker/index.ts";
import { database } from "#worker/db/client.ts";
import { allShardD1s, shardCount, shardOfPlayer } from "#worker/db/shards.ts";
import { emptySummary } from "#worker/players/player-summary.ts";
import { ABANDONED_AFTER_MS, cleanUp } from "#worker/archive/upkeep.ts";
import { addDays } from "#engine";
import { callJson, newPlayerWhere, playerShard, puzzleOf, startRound, today } from "./helpers.ts";

const DAY_MS = 86_400_000;
const shards = () => shardCount(env);

/** The `count`-th player id (in a fixed sequence of ids) on `shard`: deterministic ids on chosen shards. */
function idOn(shard: number, count = 0, prefix = "c1ea0000"): string {
  let seen = 0;
  for (let i = 0; ; i++) {
    const id = `${prefix}-0000-4000-8000-${i.toString(16).padStart(12, "0")}`;
    if (shardOfPlayer(id, shards()) === shard && seen++ === count) return id;
  }
}

async function insertPlayer(d1: D1Database, id: string, createdAt: number): Promise<void> {
  await d1.prepare("insert into players (id, name, created_at) values (?, null, ?)").bind(id, createdAt).run();
}

/** Whether each shard has the player's row, shard 0 first. */
async function rowsOf(id: string): Promise<boolean[]> {
  return Promise.all(allShardD1s(env).map(async (d1) => (await d1.prepare("select 1 as x from players where id = ?").bind(id).first("x")) !== null));
}

/** A guest's room result (round key, finished at). */
const ROOM_RESULT =
  "insert into room_results (round_key, seat_id, room_code, round, player_id, name, score, words, struck, rank, players, size, rules, finished_at) values (?, 's', 'ABCD', 1, null, 'x', 0, 0, 0, 1, 1, 4, 'classic', ?)";

const only = (shard: number) => Array.from({ length: shards() }, (_, i) => i === shard);

/** Makes an API player on the shard long-abandoned (created 40 days ago), as if its day had left D1. */
async function ageOnShard(playerId: string, at: number): Promise<void> {
  await playerShard(playerId).prepare("update players set created_at = ? where id = ?").bind(at, playerId).run();
}

describe("the abandoned players' cleanup on every shard", () => {
  it("deletes each shard's players who never played; keeps what their shard or shard 0 keeps them by, the recent ones and rows waiting for the rebalance", async () => {
    const now = Date.now();
    const old = now - ABANDONED_AFTER_MS - 10 * DAY_MS;
    expect(shards()).toBe(4);

    // Nothing keeps these, one per shard.
    const abandoned = [0, 1, 2, 3].map((shard) => idOn(shard));
    for (const id of abandoned) await insertPlayer(playerShard(id), id, old);
    expect(abandoned.map((id) => shardOfPlayer(id, 4))).toEqual([0, 1, 2, 3]);

    // Kept by what is on their own shard: a round (shard 1), a summary (2), a passkey (3).
    const player = await newPlayerWhere((shard) => shard === 1);
    await startRound(player);
    await ageOnShard(player.playerId, old);
    const summaryOnly = idOn(2, 1);
    await insertPlayer(playerShard(summaryOnly), summaryOnly, old);
    await playerShard(summaryOnly).prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, '2026-01-02')").bind(summaryOnly, JSON.stringify(emptySummary())).run();
    const passkeyOnly = idOn(3, 1);
    await insertPlayer(playerShard(passkeyOnly), passkeyOnly, old);
    await playerShard(passkeyOnly).prepare("insert into passkeys (id, player_id, public_key, name, created_at) values ('cleanup-key', ?, x'00', 'Key', ?)").bind(passkeyOnly, old).run();

    // Kept by a league membership (through the API), a link code and a room result, each on its own shard.
    const member = await newPlayerWhere((shard) => shard === 2);
    await callJson("/api/leagues", { json: { name: "Keeps me" }, token: member.token }, 201);
    await ageOnShard(member.playerId, old);
    const linked = idOn(3, 2);
    await insertPlayer(playerShard(linked), linked, old);
    await playerShard(linked).prepare("insert into link_codes (code_hash, player_id, expires_at, created_at) values ('cleanup-code', ?, ?, ?)").bind(linked, now + 600_000, now).run();
    const roomPlayer = idOn(1, 1);
    await insertPlayer(playerShard(roomPlayer), roomPlayer, old);
    await playerShard(roomPlayer).prepare(
      "insert into room_results (round_key, seat_id, room_code, round, player_id, name, score, words, struck, rank, players, size, rules, finished_at) values ('WXYZ/1/1', 's', 'WXYZ', 1, ?, 'x', 0, 0, 0, 1, 1, 4, 'classic', ?)",
    ).bind(roomPlayer, now).run();

    // Too recent to go; and a row left on shard 0 whose player belongs on shard 1 (the rebalance moves it).
    const recent = idOn(3, 3);
    await insertPlayer(playerShard(recent), recent, now - DAY_MS);
    const misplaced = idOn(1, 2);
    await insertPlayer(env.DB, misplaced, old);

    const counts = await cleanUp(env, database(env.DB), now, "");
    expect(counts.players).toBe(4);
    for (const id of abandoned) expect(await rowsOf(id), id).toEqual(only(-1));
    for (const id of [player.playerId, summaryOnly, passkeyOnly, member.playerId, linked, roomPlayer, recent]) expect(await rowsOf(id), id).toEqual(only(shardOfPlayer(id, 4)));
    expect(await rowsOf(misplaced)).toEqual(only(0));
  });

  it("reads each shard's candidates from any id on, round to the first: every abandoned player goes, whatever the start", async () => {
    const now = Date.now();
    const old = now - ABANDONED_AFTER_MS - 10 * DAY_MS;
    // Three players of shard 3 spread over the id space; the middle one kept by its summary.
    const ids = ["1", "5", "9"].map((prefix) => idOn(3, 0, `${prefix}0000000`));
    expect(ids.map((id) => id[0])).toEqual(["1", "5", "9"]);
    const d1 = playerShard(ids[0]!);
    for (const start of ["", "60000000-0000-4000-8000-000000000000", "ffffffff-ffff-4fff-8fff-ffffffffffff"]) {
      for (const id of ids) await insertPlayer(d1, id, old);
      await d1.prepare("insert or ignore into player_summaries (player_id, summary, through_date) values (?, ?, '2026-01-02')").bind(ids[1], JSON.stringify(emptySummary())).run();
      const counts = await cleanUp(env, database(env.DB), now, start);
      expect(counts.players, start).toBe(2);
      expect(await Promise.all(ids.map(rowsOf))).toEqual([only(-1), only(3), only(-1)]);
      await d1.prepare("delete from players where id = ?").bind(ids[1]).run();
    }
  });
});

describe("the day counts' cleanup", () => {
  it("deletes each shard's zero rows and keeps a negative part, so that the sums over the shards stay right", async () => {
    const date = "2026-01-03";
    const [one, two] = [allShardD1s(env)[1]!, allShardD1s(env)[2]!];
    // Shard 1 counted a round that moved to shard 2, where a review then took it out: +1 and -1.
    await one.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, 7, 1), (?, 8, 0)").bind(date, date).run();
    await two.prepare("insert into score_histogram (puzzle_date, score, rounds) values (?, 7, -1), (?, 9, 0)").bind(date, date).run();
    await two.prepare("insert into word_finders (puzzle_date, word_rank, finders) values (?, 1, -1), (?, 2, 0)").bind(date, date).run();

    const counts = await cleanUp(env, database(env.DB), Date.now(), "");
    expect(counts.aggregates).toBeGreaterThanOrEqual(3);
    expect((await one.prepare("select score, rounds from score_histogram where puzzle_date = ?").bind(date).all()).results).toEqual([{ score: 7, rounds: 1 }]);
    expect((await two.prepare("select score, rounds from score_histogram where puzzle_date = ?").bind(date).all()).results).toEqual([{ score: 7, rounds: -1 }]);
    expect((await two.prepare("select word_rank, finders from word_finders where puzzle_date = ?").bind(date).all()).results).toEqual([{ word_rank: 1, finders: -1 }]);
  });
});

describe("the puzzle copies' cleanup", () => {
  const PUZZLE = "insert into puzzles (date, number, board, rules, attempts, words, points, common_words, common_points, solution, created_at) values (?, 1, '[]', 'classic', 1, 0, 0, 0, 0, '[]', 0)";

  it("drops a shard k > 0's copy of an archived day once no round of it is there; keeps shard 0's, one with a round, and a day not archived", async () => {
    const [archived, inPlay] = ["2025-02-01", "2025-02-02"];
    const d1s = allShardD1s(env);
    for (const d1 of d1s) await d1.prepare(PUZZLE).bind(archived).run();
    for (const d1 of d1s) await d1.prepare(PUZZLE).bind(inPlay).run();
    await env.DB.prepare("insert into day_states (date, phase, archived_at) values (?, 'archived', ?), (?, 'leagues', null)").bind(archived, Date.now(), inPlay).run();
    // A round of the archived day still on shard 2 (a past day replayed after the archiving).
    const replaying = idOn(2, 0, "c3ea0000");
    await insertPlayer(d1s[2]!, replaying, Date.now());
    await d1s[2]!.prepare("insert into rounds (id, player_id, puzzle_date, ranked, started_at) values ('cleanup-replay', ?, ?, 0, 1)").bind(replaying, archived).run();

    const counts = await cleanUp(env, database(env.DB), Date.now(), "");
    expect(counts.puzzleCopies).toBeGreaterThanOrEqual(2);
    const copies = async (date: string) => Promise.all(d1s.map(async (d1) => (await d1.prepare("select 1 as x from puzzles where date = ?").bind(date).first("x")) !== null));
    expect(await copies(archived)).toEqual([true, false, true, false]);
    expect(await copies(inPlay)).toEqual([true, true, true, true]);

    // Once its last round there is gone, shard 2's copy goes too.
    await d1s[2]!.prepare("delete from rounds where id = 'cleanup-replay'").run();
    await cleanUp(env, database(env.DB), Date.now(), "");
    expect(await copies(archived)).toEqual([true, false, false, false]);
  });
  it("takes the copy again when a round of the archived day starts there later", async () => {
    const day = addDays(today(), -5);
    await puzzleOf(day);
    const player = await newPlayerWhere((shard) => shard === 1);
    const first = await startRound(player, day);
    const shard = playerShard(player.playerId);
    // As the archiving leaves it: the day archived, its rounds gone from the shard.
    await shard.prepare("delete from rounds where id = ?").bind(first.roundId).run();
    await env.DB.prepare("insert into day_states (date, phase, archived_at) values (?, 'archived', ?) on conflict (date) do update set archived_at = excluded.archived_at").bind(day, Date.now()).run();
    await cleanUp(env, database(env.DB), Date.now(), "");
    expect(await shard.prepare("select count(*) as n from puzzles where date = ?").bind(day).first("n")).toBe(0);

    const again = await startRound(player, day);
    expect(again.roundId).not.toBe(first.roundId);
    expect(await shard.prepare("select player_id from rounds where id = ?").bind(again.roundId).first("player_id")).toBe(player.playerId);
    expect(await shard.prepare("select count(*) as n from puzzles where date = ?").bind(day).first("n")).toBe(1);
  });
});

describe("the nightly cron", () => {
  it("deletes expired link codes, old room results (on every shard) and abandoned players; keeps the rest", async () => {
    const now = Date.now();
    const old = now - ABANDONED_AFTER_MS - 10 * DAY_MS;
    const playing = await newPlayerWhere((shard) => shard === 3, "Stays");
    await startRound(playing);
    await ageOnShard(playing.playerId, old);
    const gone = idOn(2, 0, "c2ea0000");
    await insertPlayer(playerShard(gone), gone, old);
    const d1s = allShardD1s(env);
    for (const [shard, d1] of d1s.entries()) {
      const statements = [
        ["insert into link_codes (code_hash, player_id, expires_at, created_at) values (?, ?, ?, ?)", `expired-${shard}`, playing.playerId, now - 1000, old],
        ["insert into link_codes (code_hash, player_id, expires_at, created_at) values (?, ?, ?, ?)", `valid-${shard}`, playing.playerId, now + 600_000, now],
        [ROOM_RESULT, `ABCD/1/${shard}`, now - 500 * DAY_MS],
        [ROOM_RESULT, `ABCD/2/${shard}`, now - DAY_MS],
      ] as const;
      for (const [sql, ...params] of statements) await d1.prepare(sql).bind(...params).run();
    }

    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "50 23 * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await rowsOf(gone)).toEqual(only(-1));
    expect(await rowsOf(playing.playerId)).toEqual(only(3));
    const perShard = (sql: string) => Promise.all(d1s.map((d1, shard) => d1.prepare(sql).bind(String(shard)).first<number>("n")));
    expect(await perShard("select count(*) as n from link_codes where code_hash = 'expired-' || ?")).toEqual([0, 0, 0, 0]);
    expect(await perShard("select count(*) as n from link_codes where code_hash = 'valid-' || ?")).toEqual([1, 1, 1, 1]);
    expect(await perShard("select count(*) as n from room_results where round_key = 'ABCD/1/' || ?")).toEqual([0, 0, 0, 0]);
    expect(await perShard("select count(*) as n from room_results where round_key = 'ABCD/2/' || ?")).toEqual([1, 1, 1, 1]);
  });
});

