import { Hono } from "hono";
import { z } from "zod";
import { addDays } from "../../shared/daily.ts";
import { currentPlayer, optionalPlayer, requirePlayer } from "../auth/middleware.ts";
import { rankedCount, wordFinders } from "../db/queries/leaderboard.ts";
import { findPlayer } from "../db/queries/players.ts";
import { findPlayerRound, roundProgress, roundWordList } from "../db/queries/rounds.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { dayParam, isoDate } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { closesAt, launchDate, openDay, today } from "../services/days.ts";
import { ensureStored, getPuzzle, getPuzzles, puzzleView } from "../services/puzzles.ts";
import { GRACE_MS, isOver, roundMs, roundView, startRound } from "../services/rounds.ts";

export const puzzles = new Hono<AppEnv>();

export const ARCHIVE_MAX = 60;

// The archive, newest first: every day from the launch to today (computed on demand if missing).
puzzles.get(
  "/",
  validate("query", z.object({ before: isoDate.optional(), limit: z.coerce.number().int().min(1).max(ARCHIVE_MAX).default(30) })),
  async (c) => {
    const { before, limit } = c.req.valid("query");
    const now = Date.now();
    const first = launchDate(c.env);
    const latest = today(now);
    const dates: string[] = [];
    for (let d = before !== undefined && before <= latest ? addDays(before, -1) : latest; d >= first && dates.length < limit; d = addDays(d, -1)) {
      dates.push(d);
    }
    const found = await getPuzzles(c.env, c.get("db"), dates, now);
    const oldest = dates[dates.length - 1];
    const next = dates.length === limit && oldest !== undefined && oldest > first ? oldest : null;
    return c.json({ puzzles: found.map(puzzleView), next });
  },
);

puzzles.get("/:date", validate("param", dayParam), async (c) => {
  const now = Date.now();
  const date = openDay(c.env, c.req.valid("param").date, now);
  return c.json(puzzleView(await getPuzzle(c.env, c.get("db"), date, now)));
});

// Starts (or resumes) the player's round: ranked for today's puzzle, unranked for a past one.
puzzles.post("/:date/rounds", requirePlayer, validate("param", dayParam), async (c) => {
  const now = Date.now();
  const db = c.get("db");
  const playerId = currentPlayer(c);
  const date = openDay(c.env, c.req.valid("param").date, now);
  await ensureStored(c.env, db, date, now);
  if ((await findPlayer(db, playerId)) === undefined) throw new ApiError(401, "unauthorized", "this player does not exist");
  const { round, created } = await startRound(db, playerId, date, today(now), now, roundMs(c.env));
  const [progress, words] = await Promise.all([roundProgress(db, round.id), roundWordList(db, round.id)]);
  return c.json({ ...roundView(round), ...progress, words }, created ? 201 : 200);
});

// The full solution: once the puzzle has closed, or to a player whose ranked round is over.
puzzles.get("/:date/solution", optionalPlayer, validate("param", dayParam), async (c) => {
  const now = Date.now();
  const db = c.get("db");
  const date = openDay(c.env, c.req.valid("param").date, now);
  const playerId = c.get("playerId");
  let open = now >= closesAt(date);
  if (!open && playerId !== undefined) {
    const round = await findPlayerRound(db, playerId, date, true);
    open = round !== undefined && isOver(round, now, GRACE_MS);
  }
  if (!open) {
    throw new ApiError(403, "forbidden", "the solution is shown when the puzzle closes, or once your ranked round is over");
  }
  const puzzle = await getPuzzle(c.env, db, date, now);
  const [finders, players] = await Promise.all([wordFinders(db, date), rankedCount(db, date)]);
  return c.json({
    ...puzzleView(puzzle),
    players,
    words: puzzle.words.map((w) => ({ ...w, foundBy: players === 0 ? 0 : (finders.get(w.word) ?? 0) / players })),
  });
});
