// A player's verified ranked record before a day, for the provisional marks (provisional.ts).
import { keyDate } from "../../shared/puzzle-key.ts";
import type { Db } from "../db/client.ts";
import { earlierVerifiedDays } from "../db/queries/leaderboard.ts";
import { summariesOf } from "../db/queries/retention.ts";
import type { PlayerPast } from "./provisional.ts";

/**
 * The past of each player before `date`: days still in D1 (their rounds) and days already
 * archived (the summary's recent rounds, which hold far more than CONFIRMING_DAYS).
 */
export async function pastOf(shards: readonly Db[], playerIds: readonly string[], date: string): Promise<Map<string, PlayerPast>> {
  // Boards of earlier days, in any language (a board's key starts with its day).
  const before = keyDate(date);
  const ids = [...new Set(playerIds)];
  const out = new Map<string, PlayerPast>(ids.map((id) => [id, { days: 0, best: 0 }]));
  if (ids.length === 0) return out;
  // A player's rows are on one shard: each shard answers for its own (db/shards.ts).
  const answers = await Promise.all(shards.map((db) => Promise.all([earlierVerifiedDays(db, ids, before), summariesOf(db, ids)])));
  for (const row of answers.flatMap(([recent]) => recent)) out.set(row.playerId, { days: row.days, best: row.best });
  for (const [playerId, { summary }] of answers.flatMap(([, summaries]) => [...summaries])) {
    const past = out.get(playerId)!;
    for (const [day, ranked, score, , verified] of summary.days) {
      if (ranked === 1 && verified === 1 && day < before) {
        past.days++;
        past.best = Math.max(past.best, score);
      }
    }
  }
  return out;
}
