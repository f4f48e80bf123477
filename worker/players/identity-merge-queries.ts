// Moving a local player's history into the player a passkey signed in (players/identity-merge.ts
// says when and why): its rounds, room results and league rows on the players' shards, each part
// one D1 batch (one transaction), so what is reported is what moved. The archived summary lives
// on the player's own shard and is written apart (writeMergedSummary).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { playerSummaries, players, rounds } from "../db/schema.ts";
import { type ShardEnv, dbForPlayer, shardCount, shardOfPlayer } from "../db/shards.ts";
import { deletePlayerLinkCodes } from "../links/queries.ts";
import { moveLeagueRows } from "./identity-merge-league-rows.ts";
import { moveRoomResults } from "./identity-merge-room-rows.ts";
import { type RoundMoves, moveRoundsAcrossShards } from "./identity-merge-round-rows.ts";
import type { StoredSummary } from "../archive/queries.ts";

export type { MergedRound } from "./identity-merge-round-rows.ts";
import type { MergedRound } from "./identity-merge-round-rows.ts";

export interface PlayerMerge {
  /** Rounds now the target player's: days (and kinds) the target had not played. */
  moved: MergedRound[];
  /** Rounds left with the old player: the target had its own round of that day and kind. */
  kept: MergedRound[];
  /** Leagues the target joined through the merge (it was not a member yet). */
  leagues: number;
  /** The old player's new token version (every token of it revoked), undefined if it is gone. */
  retiredVersion: number | undefined;
}

/** The archived summary to write for the target, and the one it was computed from (compare-and-set). */
export interface SummaryWrite {
  merged: StoredSummary;
  /** The target's summary as read, undefined if it had none. */
  read: StoredSummary | undefined;
}

/** The player's ranked boards still in D1 (a summary merge compares them with the archived ones). */
export async function rankedBoardsOf(db: Db, playerId: string): Promise<string[]> {
  const rows = await db.select({ date: rounds.puzzleDate }).from(rounds).where(and(eq(rounds.playerId, playerId), eq(rounds.ranked, true)));
  return rows.map((r) => r.date);
}

/**
 * Moves every round of `from` to `into` unless `into` already has a round of the same day and
 * kind (the unique index would refuse it anyway: one ranked round per player and day), moves its
 * room results, its league memberships and ownerships and its leagues' kept results (a day both
 * have a result of keeps `into`'s), drops `from`'s link codes and revokes all its tokens, so the
 * old identity can never start a second ranked round of a day whose round moved.
 *
 * Rounds live on their player's shard (db/shards.ts): on one shard they change owner in place; across
 * two they are copied to `into`'s shard, then deleted from `from`'s (round-moves.ts); room results
 * the same way (room-result-moves.ts), and league memberships and kept results
 * (merge-league-rows.ts); link codes are dropped on `from`'s shard, where they live. The tokens
 * are revoked last, on `from`'s
 * shard: until then the old token still proves `from`, so a merge that failed half-way runs again
 * at the next sign-in and finishes (nothing is lost or doubled).
 */
export async function mergePlayerInto(env: ShardEnv, from: string, into: string): Promise<PlayerMerge> {
  const fromDb = dbForPlayer(env, from);
  const intoDb = dbForPlayer(env, into);
  const n = shardCount(env);
  const sameShard = shardOfPlayer(from, n) === shardOfPlayer(into, n);
  const moves = sameShard ? await moveRoundsWithinShard(fromDb, from, into) : await moveRoundsAcrossShards(fromDb, intoDb, from, into);
  await moveRoomResults(fromDb, intoDb, sameShard, from, into);
  await deletePlayerLinkCodes(fromDb, from);
  const leagues = await moveLeagueRows(env, from, into);
  const [retired] = await fromDb
    .update(players)
    .set({ tokenVersion: sql`${players.tokenVersion} + 1` })
    .where(eq(players.id, from))
    .returning({ version: players.tokenVersion });
  const byDate = (a: MergedRound, b: MergedRound) => b.date.localeCompare(a.date) || Number(b.ranked) - Number(a.ranked);
  return { moved: [...moves.moved].sort(byDate), kept: [...moves.kept].sort(byDate), leagues, retiredVersion: retired?.version };
}

/** Both players on one shard: the rounds `into` has no round of that day and kind for change owner, in one batch. */
async function moveRoundsWithinShard(db: Db, from: string, into: string): Promise<RoundMoves> {
  // Spelt out qualified: drizzle writes an UPDATE's columns unqualified, which inside these
  // subqueries would name t's own columns.
  const clash = sql`exists (select 1 from ${rounds} t where t.player_id = ${into} and t.puzzle_date = "rounds"."puzzle_date" and t.ranked = "rounds"."ranked")`;
  const [moved, kept] = await db.batch([
    db.select({ date: rounds.puzzleDate, ranked: rounds.ranked }).from(rounds).where(sql`${rounds.playerId} = ${from} and not ${clash}`),
    db.select({ date: rounds.puzzleDate, ranked: rounds.ranked }).from(rounds).where(sql`${rounds.playerId} = ${from} and ${clash}`),
    db.update(rounds).set({ playerId: into }).where(sql`${rounds.playerId} = ${from} and not ${clash}`),
  ]);
  return { moved, kept };
}

/**
 * Writes `into`'s merged archived summary (on the shard that holds it) only over the one it was
 * computed from, since retention may fold a day meanwhile. True when written.
 */
export async function writeMergedSummary(db: Db, into: string, summary: SummaryWrite): Promise<boolean> {
  const returning = { playerId: playerSummaries.playerId };
  const { merged, read } = summary;
  const written =
    read === undefined
      ? await db.insert(playerSummaries).values({ playerId: into, ...merged }).onConflictDoNothing().returning(returning)
      : await db
          .update(playerSummaries)
          .set(merged)
          .where(and(eq(playerSummaries.playerId, into), eq(playerSummaries.throughDate, read.throughDate), sql`${playerSummaries.summary} = ${JSON.stringify(read.summary)}`))
          .returning(returning);
  return written.length === 1;
}
