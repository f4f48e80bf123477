import { Hono } from "hono";
import * as z from "zod";
import { addDays, nextUtcMidnight, todayUtc } from "#engine";
import { keyDate, puzzleKey } from "#game/puzzle-key.ts";
import { GRACE_MS } from "#game/round.ts";
import { currentPlayer, optionalPlayer, playerDb, requirePlayer } from "../auth/middleware.ts";
import type { Db } from "../db/client.ts";
import { findPlayerRound } from "../rounds/queries.ts";
import type { AppEnv, Env } from "../env.ts";
import { once, privateAnswer, sharedAnswer, sharedJson, typedJson } from "../http/edge-cache.ts";
import { ApiError } from "../http/errors.ts";
import { limitRoundStarts } from "../http/rate-limit.ts";
import { dayParam, isoDate, language } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { launchDate, openDay } from "./days.ts";
import { type DayResults, dayResults } from "../results/day-results.ts";
import { dailySecret, dayWordsOf, getPuzzle, getPuzzles, puzzleView } from "./puzzles.ts";
import { RECENT_MAX_AGE, sharedMaxAge, solutionOpensAt } from "../results/sync-window.ts";
import { isOver, roundMs, roundView, startRound } from "../rounds/rounds.ts";
import { standingsOf } from "../results/standings.ts";

export const ARCHIVE_MAX = 60;

export const puzzles = new Hono<AppEnv>()
  // The archive of a language's boards (English unless `lang` says), newest first: every day from
  // the launch to today (computed on demand if missing).
  // The same for everyone, so cached at the edge: a page of past days for a day (puzzles never
  // change), the newest page until the next day opens.
  .get(
    "/",
    validate("query", z.object({ before: isoDate.optional(), limit: z.coerce.number().int().min(1).max(ARCHIVE_MAX).default(30), lang: language })),
    async (c) => {
      const { before, limit, lang } = c.req.valid("query");
      dailySecret(c.env); // a deployment without its secret serves nothing, not even a cached page
      const now = Date.now();
      const first = launchDate(c.env);
      const latest = todayUtc(now);
      const start = before !== undefined && before <= latest ? addDays(before, -1) : latest;
      const maxAge = start === latest ? Math.max(1, Math.min(3600, Math.floor((nextUtcMidnight(now) - now) / 1000))) : 86400;
      return sharedAnswer(c, `/api/puzzles?from=${start}&limit=${limit}&lang=${lang}`, maxAge, async () => {
        const dates: string[] = [];
        for (let d = start; d >= first && dates.length < limit; d = addDays(d, -1)) dates.push(d);
        const found = await getPuzzles(c.env, c.get("db"), dates.map((d) => puzzleKey(d, lang)), { now });
        const oldest = dates[dates.length - 1];
        const next = dates.length === limit && oldest !== undefined && oldest > first ? oldest : null;
        return { puzzles: found.map(puzzleView), next };
      });
    },
  )
  .get("/:date", validate("param", dayParam), async (c) => {
    const now = Date.now();
    const date = openDay(c.env, c.req.valid("param").date, now);
    const puzzle = await getPuzzle(c.env, c.get("db"), date, { now });
    // The ranked round's length, so the page says the real one ("Start the 3-minute round"), and
    // the day's words as salted hashes, so the page judges a word at once without the lexicon.
    return c.json({ ...puzzleView(puzzle), roundSeconds: roundMs(c.env) / 1000, dayWords: await dayWordsOf(c.env, puzzle) });
  })
  // Starts (or resumes) the player's round: ranked for today's puzzle, unranked for a past one.
  .post("/:date/rounds", requirePlayer, limitRoundStarts, validate("param", dayParam), async (c) => {
    const now = Date.now();
    const date = openDay(c.env, c.req.valid("param").date, now);
    const { round, created, puzzle } = await startRound(c.env, playerDb(c), currentPlayer(c), date, todayUtc(now), now);
    const view = await roundView(c.env, round, puzzle, now);
    privateAnswer(c);
    return c.json(view, created ? 201 : 200);
  })
  // The player's round of the day if there is one, without starting it (null otherwise): a
  // browser that lacks it (a passkey sign-in on a new device) resumes it instead of offering Start.
  .get("/:date/rounds/mine", requirePlayer, validate("param", dayParam), async (c) => {
    const now = Date.now();
    const date = openDay(c.env, c.req.valid("param").date, now);
    const playerId = currentPlayer(c);
    const round = await findPlayerRound(playerDb(c), playerId, date, keyDate(date) === todayUtc(now));
    privateAnswer(c);
    if (round === undefined) return c.json({ round: null });
    return c.json({ round: await roundView(c.env, round, await getPuzzle(c.env, c.get("db"), date, { now }), now) });
  })
  // The full solution with the share of ranked players who found each word: to anyone once no
  // ranked round of the day can still be open (the embargo: the close, plus a round's length and
  // its grace), before that only to a player whose own ranked round is over. The same for everyone
  // who may see it, so it is built once per data centre and day for a while (for good once the
  // day is settled); only the check of a player's round reads D1 per request. Before the embargo
  // lifts the answer is private and kept under another cache key, so no copy built then is ever
  // served as the public answer.
  .get("/:date/solution", optionalPlayer, validate("param", dayParam), async (c) => {
    const now = Date.now();
    const db = c.get("db");
    const date = openDay(c.env, c.req.valid("param").date, now);
    const results = once(() => dayResults(c.env, db, date));
    const build = async () => solutionWithShares(c.env, db, await results(), date, now);
    const path = `/api/puzzles/${date}/solution`;
    const opensAt = solutionOpensAt(date, roundMs(c.env));
    const maxAge = async () => sharedMaxAge(date, now, (await results()).settledAt !== null);
    if (now >= opensAt) return sharedAnswer(c, path, maxAge, build);
    const playerId = c.get("playerId");
    const round = playerId === undefined ? undefined : await (await results()).rankedRoundOf(playerId);
    if (round === undefined || !isOver(round, now, GRACE_MS)) {
      throw new ApiError(
        403,
        "forbidden",
        `the solution of ${date} is public from ${new Date(opensAt).toISOString()}, when no ranked round of the day can still be open; before that only once your own ranked round is over`,
      );
    }
    const { text } = await sharedJson(c, `${path}?embargoed=1`, async () => Math.min(await maxAge(), RECENT_MAX_AGE), build);
    privateAnswer(c);
    return typedJson<SolutionWithShares>(c, text);
  });

type SolutionWithShares = Awaited<ReturnType<typeof solutionWithShares>>;

async function solutionWithShares(env: Env, db: Db, results: DayResults, date: string, now: number) {
  const [puzzle, finders, histogram] = await Promise.all([getPuzzle(env, db, date, { now }), results.finders(), results.histogram()]);
  const players = standingsOf(histogram).total;
  return {
    ...puzzleView(puzzle),
    players,
    updatedAt: new Date(results.settledAt ?? now).toISOString(),
    words: puzzle.words.map((w, rank) => ({ ...w, foundBy: players === 0 ? 0 : (finders.get(rank) ?? 0) / players })),
  };
}
