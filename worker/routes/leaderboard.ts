import { Hono } from "hono";
import { z } from "zod";
import { optionalPlayer } from "../auth/middleware.ts";
import { countAbove, leaderboardPage, rankedCount } from "../db/queries/leaderboard.ts";
import { findPlayerRound } from "../db/queries/rounds.ts";
import type { AppEnv } from "../env.ts";
import { dayParam } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { openDay } from "../services/days.ts";
import { defaultName } from "../services/names.ts";

export const leaderboard = new Hono<AppEnv>();

const page = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// Ranked rounds only. `you`: the caller's rank, score and percentile (the share of ranked
// players whose score is at or below theirs, in percent).
leaderboard.get("/:date/leaderboard", optionalPlayer, validate("param", dayParam), validate("query", page), async (c) => {
  const db = c.get("db");
  const date = openDay(c.env, c.req.valid("param").date, Date.now());
  const { limit, offset } = c.req.valid("query");
  const playerId = c.get("playerId");
  const [rows, total, mine] = await Promise.all([
    leaderboardPage(db, date, limit, offset),
    rankedCount(db, date),
    playerId === undefined ? undefined : findPlayerRound(db, playerId, date, true),
  ]);
  const entries = rows.map((r) => ({
    rank: r.rank,
    name: r.name ?? defaultName(r.playerId),
    score: r.score,
    words: r.words,
    ...(r.playerId === playerId ? { you: true } : {}),
  }));
  let you: { rank: number; score: number; percentile: number } | undefined;
  if (mine !== undefined && total > 0) {
    const rank = (await countAbove(db, date, mine.score)) + 1;
    you = { rank, score: mine.score, percentile: Math.round((100 * (total - rank + 1)) / total) };
  }
  return c.json({ date, entries, total, ...(you ? { you } : {}) });
});
