// Moving a local player's history into the player a passkey signed in (services/identity-merge.ts
// says when and why). One D1 batch, so one transaction: what is reported is what moved.
import { sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { linkCodes, players, roomResults, rounds } from "../schema.ts";

export interface MergedRound {
  date: string;
  ranked: boolean;
}

export interface PlayerMerge {
  /** Rounds now the target player's: days (and kinds) the target had not played. */
  moved: MergedRound[];
  /** Rounds left with the old player: the target had its own round of that day and kind. */
  kept: MergedRound[];
  /** The old player's new token version (every token of it revoked), undefined if it is gone. */
  retiredVersion: number | undefined;
}

/**
 * Moves every round of `from` to `into` unless `into` already has a round of the same day and
 * kind (the unique index would refuse it anyway: one ranked round per player and day), moves its
 * room results, drops its link codes and revokes all its tokens, so the old identity can never
 * start a second ranked round of a day whose round moved.
 */
export async function mergePlayerInto(db: Db, from: string, into: string): Promise<PlayerMerge> {
  // Spelt out qualified: drizzle writes an UPDATE's columns unqualified, which inside this
  // subquery would name t's own columns.
  const clash = sql`exists (select 1 from ${rounds} t where t.player_id = ${into} and t.puzzle_date = "rounds"."puzzle_date" and t.ranked = "rounds"."ranked")`;
  const [movable, kept, , , , retired] = await db.batch([
    db.select({ date: rounds.puzzleDate, ranked: rounds.ranked }).from(rounds).where(sql`${rounds.playerId} = ${from} and not ${clash}`),
    db.select({ date: rounds.puzzleDate, ranked: rounds.ranked }).from(rounds).where(sql`${rounds.playerId} = ${from} and ${clash}`),
    db.update(rounds).set({ playerId: into }).where(sql`${rounds.playerId} = ${from} and not ${clash}`),
    db.update(roomResults).set({ playerId: into }).where(sql`${roomResults.playerId} = ${from}`),
    db.delete(linkCodes).where(sql`${linkCodes.playerId} = ${from}`),
    db.update(players).set({ tokenVersion: sql`${players.tokenVersion} + 1` }).where(sql`${players.id} = ${from}`).returning({ version: players.tokenVersion }),
  ]);
  const byDate = (a: MergedRound, b: MergedRound) => b.date.localeCompare(a.date) || Number(b.ranked) - Number(a.ranked);
  return { moved: [...movable].sort(byDate), kept: [...kept].sort(byDate), retiredVersion: retired[0]?.version };
}
