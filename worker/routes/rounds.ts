import { Hono } from "hono";
import { z } from "zod";
import { currentPlayer, requirePlayer } from "../auth/middleware.ts";
import { findRound } from "../db/queries/rounds.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { enforceLimit, limitKeys } from "../http/rate-limit.ts";
import { uuid } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { getPuzzle } from "../services/puzzles.ts";
import { submitWord } from "../services/rounds.ts";

export const rounds = new Hono<AppEnv>();

const wordBody = z.object({
  word: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "the word is empty")
    .max(40, "the word is too long")
    .regex(/^[a-z]+$/, "a word has letters a-z only"),
  // The client's path is optional and only checked for shape: the server traces words itself.
  path: z
    .array(z.tuple([z.number().int().min(0).max(63), z.number().int().min(0).max(63)]))
    .max(40)
    .optional(),
});

rounds.post("/:roundId/words", requirePlayer, validate("param", z.object({ roundId: uuid })), validate("json", wordBody), async (c) => {
  const playerId = currentPlayer(c);
  await enforceLimit(c, c.env.WORD_LIMITER, limitKeys.word(playerId), "words");
  const db = c.get("db");
  const round = await findRound(db, c.req.valid("param").roundId);
  if (round === undefined) throw new ApiError(404, "not-found", "no such round");
  if (round.playerId !== playerId) throw new ApiError(403, "forbidden", "this round belongs to another player");
  const now = Date.now();
  const puzzle = await getPuzzle(c.env, db, round.puzzleDate, now);
  return c.json(await submitWord(db, round, puzzle, c.req.valid("json").word, now));
});
