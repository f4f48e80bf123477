// Review by people (moderation/review.ts): the day's queue with its evidence, confirm or clear
// a round, the audit log (moderators only: 401 without a token, 403 without the role), players'
// reports of a round or of a name on the leaderboard (any player, rate limited, one each), and
// the reported names with the moderators' keep, rename or hide.
import { Hono } from "hono";
import * as z from "zod";
import { currentPlayer, requirePlayer } from "../auth/middleware.ts";
import { auditLog, insertReport, namesOf, reviewsOf } from "./queries.ts";
import { playersByShard } from "../db/shards.ts";
import type { AppEnv } from "../env.ts";
import { privateAnswer } from "../http/edge-cache.ts";
import { ApiError } from "../http/errors.ts";
import { limitPerPlayer } from "../http/rate-limit.ts";
import { dayParam, plainText, uuid } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { openDay } from "../puzzles/days.ts";
import { decide, findRound, requireModeratorRole, reviewQueue } from "./review.ts";
import { decideName, nameDecisions, nameQueue, reportName } from "./name-review.ts";
import { getPuzzle } from "../puzzles/puzzles.ts";
import type { MiddlewareHandler } from "hono";
import type { Db } from "../db/client.ts";
import type { ReviewRound } from "./queries.ts";
import { isCleared, parseFlags } from "../results/fair-play.ts";

/** The moderators' decision on a round (the review kept on shard 0, or the round's own mark), null when none. */
async function decisionOf(db: Db, round: ReviewRound): Promise<"confirmed" | "cleared" | null> {
  if (parseFlags(round.flags).includes("confirmed")) return "confirmed";
  const review = (await reviewsOf(db, [round.id])).get(round.id);
  if (review !== undefined) return review.decision === "confirmed" ? "confirmed" : "cleared";
  return isCleared(round.flags) ? "cleared" : null;
}

const requireModerator: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireModeratorRole(c.env, currentPlayer(c));
  await next();
};

const limitReports = limitPerPlayer((env) => env.ACCOUNT_LIMITER, (playerId) => `report:${playerId}`, "reports");
const decisionBody = z.object({ note: plainText(500).default("") });
const roundParam = z.object({ roundId: uuid });

export const moderation = new Hono<AppEnv>()
  // Whether the caller may review (the review page asks first).
  .get("/me", requirePlayer, requireModerator, async (c) => {
    privateAnswer(c);
    return c.json({ moderator: true as const });
  })
  .get("/queue", requirePlayer, requireModerator, validate("query", dayParam), async (c) => {
    const key = openDay(c.env, c.req.valid("query").date, Date.now());
    const db = c.get("db");
    const puzzle = await getPuzzle(c.env, db, key);
    const items = await reviewQueue(c.env, puzzle);
    privateAnswer(c);
    return c.json({ date: key, items });
  })
  .post("/queue/:date/rounds/:roundId/:decision", requirePlayer, requireModerator, validate("param", dayParam.extend(roundParam.shape).extend({ decision: z.enum(["confirm", "clear"]) })), validate("json", decisionBody), async (c) => {
    const { date, roundId, decision } = c.req.valid("param");
    const db = c.get("db");
    const puzzle = await getPuzzle(c.env, db, openDay(c.env, date, Date.now()));
    const result = await decide(c.env, puzzle, roundId, currentPlayer(c), decision === "confirm" ? "confirmed" : "cleared", c.req.valid("json").note, Date.now());
    privateAnswer(c);
    return c.json({ roundId, decision, ...result });
  })
  .get("/log", requirePlayer, requireModerator, validate("query", z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) })), async (c) => {
    const rows = await auditLog(c.get("db"), c.req.valid("query").limit);
    // The moderators' names are on their own shards.
    const names = await Promise.all(playersByShard(c.env, rows.map((r) => r.moderatorId)).map(({ db, playerIds }) => namesOf(db, playerIds)));
    const nameOf = new Map(names.flatMap((part) => [...part]));
    privateAnswer(c);
    return c.json({ entries: rows.map(({ id, at, moderatorId, ...rest }) => ({ id, at: new Date(at).toISOString(), moderatorId, moderator: nameOf.get(moderatorId) ?? null, ...rest })) });
  })
  // A player reports a ranked round (not their own): it joins the day's review queue.
  .post("/reports", requirePlayer, limitReports, validate("json", z.object({ roundId: uuid })), async (c) => {
    const db = c.get("db");
    const playerId = currentPlayer(c);
    const { roundId } = c.req.valid("json");
    const round = (await findRound(c.env, roundId))?.round;
    if (round === undefined || !round.ranked) throw new ApiError(404, "not-found", "no ranked round has this id");
    if (round.playerId === playerId) throw new ApiError(400, "invalid-request", "you cannot report your own round");
    // A round a moderator decided leaves the queue for good: a report of it is answered so, not
    // kept (it would never be looked at).
    const decision = await decisionOf(db, round);
    if (decision !== null) {
      const outcome = decision === "confirmed" ? "took it out of the ranks" : "kept it in the ranks";
      throw new ApiError(409, "already-reviewed", `a moderator has already reviewed this round and ${outcome}; it is not queued again`);
    }
    if (!(await insertReport(db, { roundId, reporterId: playerId, puzzleDate: round.puzzleDate, createdAt: Date.now() }))) {
      throw new ApiError(409, "already-reported", "you have reported this round already: a moderator will look at it");
    }
    privateAnswer(c);
    return c.json({ reported: true as const }, 201);
  })
  // A player reports the name of the player of a ranked round on the board (moderation/name-review.ts).
  .post("/name-reports", requirePlayer, limitReports, validate("json", z.object({ roundId: uuid })), async (c) => {
    await reportName(c.env, currentPlayer(c), c.req.valid("json").roundId, Date.now());
    privateAnswer(c);
    return c.json({ reported: true as const }, 201);
  })
  .get("/names", requirePlayer, requireModerator, async (c) => {
    const [items, decisions] = await Promise.all([nameQueue(c.env), nameDecisions(c.env, 50)]);
    privateAnswer(c);
    return c.json({ items, decisions });
  })
  .post(
    "/names/:playerId/:action",
    requirePlayer,
    requireModerator,
    validate("param", z.object({ playerId: uuid, action: z.enum(["keep", "rename", "hide"]) })),
    validate("json", z.object({ name: z.string().max(200).optional(), note: plainText(500).default("") })),
    async (c) => {
      const { playerId, action } = c.req.valid("param");
      const { name, note } = c.req.valid("json");
      const decided = await decideName(c.env, currentPlayer(c), playerId, action, name, note, Date.now());
      privateAnswer(c);
      return c.json(decided);
    },
  );
