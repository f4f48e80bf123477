// A day's leaderboard: pages that are the same for everyone (cached at the edge, see
// http/edge-cache.ts), and the caller's own standing as a separate, private answer.
import { Hono } from "hono";
import * as z from "zod";
import { currentPlayer, requirePlayer } from "../auth/middleware.ts";
import type { PageCursor } from "./queries.ts";
import { reviewsOf } from "../moderation/queries.ts";
import { allShards } from "../db/shards.ts";
import type { AppEnv } from "../env.ts";
import { once, privateAnswer, sharedAnswer } from "../http/edge-cache.ts";
import { ApiError } from "../http/errors.ts";
import { dayParam } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { dayResults } from "./day-results.ts";
import { openDay } from "../puzzles/days.ts";
import { parseFlags, reviewReason } from "./fair-play.ts";
import { pastOf } from "../players/player-past.ts";
import { TOP_PLACES, provisionalReason } from "./provisional.ts";
import { getPuzzle } from "../puzzles/puzzles.ts";
import { queuedOnBoard } from "../moderation/review.ts";
import { BOARD_PLACES } from "../moderation/review-risk.ts";
import { solverLikeRounds } from "./word-choice-marks.ts";
import { shownName } from "../players/names.ts";
import { SETTLED_NAMES_MAX_AGE, sharedMaxAge } from "./sync-window.ts";
import { decodeCursor, encodeCursor, percentileOf, standingsOf } from "./standings.ts";

/** A row shown under its player's default name: nobody's choice, nothing to report. */
const isDefaultName = (r: { name: string | null; deleted: boolean }) => r.name === null && !r.deleted;

const page = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  // Where the previous page ended (its `next`); absent for the first page.
  cursor: z.string().max(80).optional(),
  // 1: the rounds under fair-play review instead, listed apart and never ranked.
  review: z.enum(["0", "1"]).default("0"),
});

export const leaderboard = new Hono<AppEnv>()
  // Verified ranked rounds of the day, best first; ties share a rank; a top place may be marked
  // `provisional` (results/provisional.ts). No per-player data:
  // `updatedAt` says when the answer was built (it may be served from the cache for a few seconds;
  // for a settled day, when it settled). With `review=1`: the day's ranked rounds under fair-play
  // review, in the same order, unranked. The cache key is the canonical request (the validated
  // limit, the cursor re-encoded), so odd spellings cannot multiply it.
  .get("/:date/leaderboard", validate("param", dayParam), validate("query", page), async (c) => {
    const now = Date.now();
    const date = openDay(c.env, c.req.valid("param").date, now);
    const { limit, cursor, review } = c.req.valid("query");
    const after = cursor === undefined ? undefined : decodeCursor(cursor);
    if (after === null) throw new ApiError(400, "invalid-request", "cursor: not a cursor from this leaderboard's `next`");
    // Read only when the answer is built: a cache hit costs no D1 read.
    const results = once(() => dayResults(c.env, c.get("db"), date));
    const path = leaderboardCacheKey(date, limit, after, review === "1");
    // Names are read when the page is built (archive/archived-names.ts): a settled day's pages
    // are kept for minutes, not a year, so a rename or a deletion reaches them.
    const maxAge = async () => Math.min(SETTLED_NAMES_MAX_AGE, sharedMaxAge(date, now, (await results()).settledAt !== null));
    const updatedAt = async () => new Date((await results()).settledAt ?? now).toISOString();
    if (review === "1") {
      return sharedAnswer(c, path, maxAge, async () => {
        const rows = await (await results()).page(limit, after, false);
        const last = rows[rows.length - 1];
        return {
          date,
          // A literal in AppType: the client tells this list from a ranked page by it.
          review: true as const,
          entries: rows.map((r) => ({ rank: null, roundId: r.roundId, name: shownName(r), deleted: r.deleted, defaultName: isDefaultName(r), score: r.score, words: r.words })),
          next: rows.length === limit && last !== undefined ? encodeCursor({ score: last.score, startedAt: last.startedAt, roundId: last.roundId }) : null,
          updatedAt: await updatedAt(),
        };
      });
    }
    return sharedAnswer(c, path, maxAge, async () => {
      const day = await results();
      const [rows, histogram] = await Promise.all([day.page(limit, after, true), day.histogram()]);
      const standings = standingsOf(histogram);
      const last = rows[rows.length - 1];
      // Top places carry their player's record (results/provisional.ts): a few rows, one read.
      const top = rows.filter((r) => standings.rankOf(r.score) <= TOP_PLACES);
      const db = c.get("db");
      const shards = allShards(c.env);
      // While the day may still change, the board's best places that wait in the moderators' queue
      // are marked so (moderation/review.ts queuedOnBoard, kept half a minute per isolate).
      const marked = day.settledAt === null && rows.some((r) => standings.rankOf(r.score) <= BOARD_PLACES);
      const puzzle = top.length > 0 || marked ? getPuzzle(c.env, db, date) : undefined;
      const [pasts, reviews, solverLike, queued] = await Promise.all([
        pastOf(c.env, top.map((r) => r.playerId), date),
        reviewsOf(db, top.map((r) => r.roundId)),
        // Their words against the day's players (results/word-choice-marks.ts): a bounded read, top places only.
        top.length === 0 ? new Set<string>() : puzzle!.then((p) => solverLikeRounds(shards, p, top.map((r) => r.roundId))),
        marked ? puzzle!.then((p) => queuedOnBoard(c.env, p)) : new Set<string>(),
      ]);
      const provisional = (r: (typeof rows)[number]) => {
        // A moderator who cleared the round took its mark away (moderation/review.ts).
        if (reviews.get(r.roundId)?.decision === "cleared") return null;
        const past = standings.rankOf(r.score) <= TOP_PLACES ? pasts.get(r.playerId) : undefined;
        return past === undefined ? null : provisionalReason(r.score, past, solverLike.has(r.roundId));
      };
      return {
        date,
        total: standings.total,
        entries: rows.map((r) => ({
          rank: standings.rankOf(r.score),
          roundId: r.roundId,
          name: shownName(r),
          deleted: r.deleted,
          // "Player 1A2B": no name of the player's own (none chosen, or hidden by a moderator).
          defaultName: isDefaultName(r),
          score: r.score,
          words: r.words,
          // Why a top place awaits confirmation (words that "picks" like a solver's, a "new" player,
          // a "jump" past their own record), or null.
          provisional: provisional(r),
          // In the moderators' queue (riskiest first: review-risk.ts) until one decides.
          queued: queued.has(r.roundId),
        })),
        next: rows.length === limit && last !== undefined ? encodeCursor({ score: last.score, startedAt: last.startedAt, roundId: last.roundId }) : null,
        updatedAt: await updatedAt(),
      };
    });
  })
  // The caller's rank, score and percentile (the share of ranked players whose score is at or
  // below theirs, in percent), from the histogram; `you` is null without a ranked round that day
  // (a round that found nothing is none).
  // A round under fair-play review has no rank or percentile: `verified: false` and the reason.
  // A top place says whether it is provisional, as the leaderboard's row does.
  .get("/:date/leaderboard/me", requirePlayer, validate("param", dayParam), async (c) => {
    const date = openDay(c.env, c.req.valid("param").date, Date.now());
    const results = await dayResults(c.env, c.get("db"), date);
    const player = currentPlayer(c);
    const [round, histogram] = await Promise.all([results.rankedRoundOf(player), results.histogram()]);
    const standings = standingsOf(histogram);
    privateAnswer(c);
    // A round that found nothing is not ranked: as if none was played.
    if (round === undefined || round.score <= 0) return c.json({ date, total: standings.total, you: null });
    if (!round.verified) {
      const flags = parseFlags(round.flags);
      return c.json({
        date,
        total: standings.total,
        you: { roundId: round.roundId, rank: null, score: round.score, words: round.words, percentile: null, verified: false, flags, reason: reviewReason(flags) },
      });
    }
    const rank = standings.rankOf(round.score);
    const cleared = (await reviewsOf(c.get("db"), [round.roundId])).get(round.roundId)?.decision === "cleared";
    const db = c.get("db");
    const shards = allShards(c.env);
    const past = rank <= TOP_PLACES && !cleared ? (await pastOf(c.env, [player], date)).get(player) : undefined;
    const solverLike = past === undefined ? false : (await solverLikeRounds(shards, await getPuzzle(c.env, db, date), [round.roundId])).has(round.roundId);
    return c.json({
      date,
      total: standings.total,
      you: {
        roundId: round.roundId,
        rank,
        score: round.score,
        words: round.words,
        percentile: percentileOf(rank, standings.total),
        verified: true,
        provisional: past === undefined ? null : provisionalReason(round.score, past, solverLike),
      },
    });
  });

/**
 * The URL a leaderboard page is cached under, from the validated values, never the request's
 * text: `limit=020`, `limit=20&limit=20`, other parameters or another order of them, a cursor
 * spelt with leading zeros all share one key.
 */
export function leaderboardCacheKey(date: string, limit: number, after: PageCursor | undefined, review: boolean): string {
  return `/api/puzzles/${date}/leaderboard?limit=${limit}${after === undefined ? "" : `&cursor=${encodeCursor(after)}`}${review ? "&review=1" : ""}`;
}
