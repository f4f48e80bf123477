// A player's verified ranked record before a day, for the provisional marks (provisional.ts).
import { keyDate } from "#game/puzzle-key.ts";
import { earlierVerifiedDays } from "../results/queries.ts";
import { summariesOf } from "../archive/queries.ts";
import { type ShardEnv, playersByShard } from "../db/shards.ts";
import type { PlayerPast } from "../results/provisional.ts";

/**
 * The past of each player before `date`: days still in D1 (their rounds) and days already
 * archived (the summary's recent rounds, which hold far more than CONFIRMING_DAYS).
 */
export async function pastOf(env: ShardEnv, playerIds: readonly string[], date: string): Promise<Map<string, PlayerPast>> {
  // Boards of earlier days, in any language (a board's key starts with its day).
  const before = keyDate(date);
  const ids = [...new Set(playerIds)];
  const out = new Map<string, PlayerPast>(ids.map((id) => [id, { days: 0, best: 0 }]));
  if (ids.length === 0) return out;
  // A player's rounds and summary are on their shard (db/shards.ts): each shard is asked for its
  // own players only, 99 at a time (earlierVerifiedDays binds one parameter per id).
  const groups = playersByShard(env, ids).flatMap(({ db, playerIds: mine }) => chunksOf(mine, 99).map((part) => ({ db, part })));
  const answers = await Promise.all(groups.map(({ db, part }) => Promise.all([earlierVerifiedDays(db, part, before), summariesOf(db, part)])));
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

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
