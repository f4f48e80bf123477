// Deleting a player's account (DELETE /api/players/me). Every row that names the player goes, on
// every shard (players/player-data.ts lists them), except what others' results depend on,
// which stays without a person behind it:
//
// - Their rounds still in D1 keep their place in the day's counts and ranks: they move to a
//   stand-in players row (a fresh id in the player's bucket, so the rounds stay on the shard the
//   id routes to, through any rebalance; no name; `deleted_at` set), shown as "a deleted player"
//   and never folded into a summary when their day is archived (archive/retention.ts).
// - Days already archived keep the old id in R2, which is never rewritten: archived pages read
//   names live from the players rows (archive/archived-names.ts), and an id without a row is
//   "a deleted player".
// - Reports they made and moderators' decisions they took keep the round, the decision and the
//   reason under the stand-in's id; decisions on their rounds name the round only.
// - A league they own passes on as when an owner leaves (leagues/leagues.ts passOnLeague).
//
// Their tokens stop at once in every isolate: the players row is gone, and a request that acts on
// a player's data or shows it reads the version fresh from the primary (auth/versions.ts).
import { forgetVersion } from "../auth/versions.ts";
import { PLAYER_TABLES } from "./player-data.ts";
import { allShardD1s, bucketOfPlayer } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { passOnLeague } from "../leagues/leagues.ts";

/** A fresh id in the same virtual bucket as `playerId` (db/player-buckets.ts): about BUCKETS tries of a cheap hash. */
export function standInId(playerId: string): string {
  const bucket = bucketOfPlayer(playerId);
  for (;;) {
    const id = crypto.randomUUID();
    if (bucketOfPlayer(id) === bucket && id !== playerId) return id;
  }
}

export interface DeletionOutcome {
  /** Rounds kept for the day's counts and ranks, now under the stand-in. */
  roundsKept: number;
  /** Rows deleted, over every shard. */
  rowsDeleted: number;
  /** Leagues the player owned: handed to their longest member, or deleted with no member left. */
  leaguesPassedOn: number;
  leaguesDeleted: number;
}

/** A statement of a shard's batch, and what its changes count as. */
interface Step {
  statement: D1PreparedStatement;
  counts?: "roundsKept" | "rowsDeleted";
}

/** One shard's part, in one batch (a transaction): the stand-in takes the rounds, the player's rows go. */
function shardSteps(d1: D1Database, playerId: string, standIn: string, now: number): Step[] {
  const steps: Step[] = [
    // Only where rounds need it (a foreign key ties rounds to players).
    {
      statement: d1
        .prepare("insert into players (id, name, created_at, token_version, deleted_at) select ?, null, ?, 0, ? where exists (select 1 from rounds where player_id = ?)")
        .bind(standIn, now, now, playerId),
    },
    { statement: d1.prepare("update rounds set player_id = ? where player_id = ?").bind(standIn, playerId), counts: "roundsKept" },
  ];
  for (const { table, column, onDelete } of PLAYER_TABLES) {
    // Rounds moved above; leagues pass on once their memberships are gone; players last (rounds referenced it).
    if (table === "rounds" || table === "leagues" || table === "players") continue;
    steps.push(
      onDelete === "delete"
        ? { statement: d1.prepare(`delete from ${table} where ${column} = ?`).bind(playerId), counts: "rowsDeleted" }
        : { statement: d1.prepare(`update ${table} set ${column} = ? where ${column} = ?`).bind(standIn, playerId) },
    );
  }
  steps.push({ statement: d1.prepare("delete from players where id = ?").bind(playerId), counts: "rowsDeleted" });
  return steps;
}

export async function deleteAccount(env: Env, playerId: string, now = Date.now()): Promise<DeletionOutcome> {
  const shards = allShardD1s(env);
  const standIn = standInId(playerId);
  // The leagues they own, read before their memberships go (a league's row is on the league's shard).
  const owned = (await Promise.all(shards.map((d1) => d1.prepare("select id from leagues where owner_id = ?").bind(playerId).all<{ id: string }>()))).flatMap((r) =>
    r.results.map((l) => l.id),
  );
  const outcome: DeletionOutcome = { roundsKept: 0, rowsDeleted: 0, leaguesPassedOn: 0, leaguesDeleted: 0 };
  await Promise.all(
    shards.map(async (d1) => {
      const steps = shardSteps(d1, playerId, standIn, now);
      const results = await d1.batch(steps.map((s) => s.statement));
      steps.forEach(({ counts }, i) => {
        if (counts !== undefined) outcome[counts] += results[i]!.meta.changes ?? 0;
      });
    }),
  );
  forgetVersion(playerId);
  for (const leagueId of owned) {
    if ((await passOnLeague(env, leagueId)) === null) outcome.leaguesDeleted += 1;
    else outcome.leaguesPassedOn += 1;
  }
  return outcome;
}
