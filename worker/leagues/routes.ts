// Leagues (leagues/leagues.ts): created by any player, joined by the invite code of the link
// `/league/CODE`. Who may do what:
// - anyone holding the code: the league's name and size, today's table and the week's standings
//   (GET /:code), without player ids;
// - anyone holding the embed key (members see it; /embed?league=KEY): the same tables, read-only
//   (GET /embed/:key), never the invite code, and it joins nothing;
// - members: also past days (GET /:code/days/:date), the member list, leaving;
// - the owner: renaming, removing members (a removed player stays out, whatever link they hold,
//   until the owner invites them again), a new invite code (the old one stops working).
// When the owner leaves, the member who joined first becomes the owner; the last member leaving
// deletes the league. Every answer is private (it depends on the caller's membership).
// A membership is on the member's shard, the league's row and removals on the league's
// (leagues/league-shards.ts): the caller's own checks read their shard, counts every shard.
import type { Context } from "hono";
import { Hono } from "hono";
import * as z from "zod";
import { LANGUAGE_CODES, todayUtc } from "#engine";
import { keyDate } from "#game/puzzle-key.ts";
import { currentPlayer, optionalPlayer, requirePlayer } from "../auth/middleware.ts";
import { addMember, addRemoval, deleteLeague, deleteMember, insertLeague, isMember, leagueCountOf, liftRemoval, removalsOf, updateLeague, wasRemoved } from "./queries.ts";
import { memberNames } from "./member-shards.ts";
import { findPlayer, renamePlayer } from "../players/queries.ts";
import { refuseImpersonation, refuseLeagueLookalike } from "../players/name-guard.ts";
import { leagueDb, leagueMemberCount, leagueMembers, leagueOfCode, leagueOfEmbedKey, leaguesOfPlayer } from "./league-shards.ts";
import { dbForPlayer, homeDb } from "../db/shards.ts";
import type { League } from "../db/schema.ts";
import type { AppEnv } from "../env.ts";
import { privateAnswer } from "../http/edge-cache.ts";
import { ApiError } from "../http/errors.ts";
import { enforceLimit, limitKeys, limitLeagueChanges } from "../http/rate-limit.ts";
import { dayParam, uuid } from "../http/schemas.ts";
import { validate } from "../http/validate.ts";
import { openDay } from "../puzzles/days.ts";
import { CODE_LENGTH, LEAGUE_CODE, MAX_LEAGUES, MAX_MEMBERS, keepPastResults, leagueView, newLeagueCodeFor, passOnLeague } from "./leagues.ts";
import { checkName, defaultName } from "../players/names.ts";

const codeParam = z.object({
  code: z
    .string()
    .transform((c) => c.toUpperCase())
    .refine((c) => LEAGUE_CODE.test(c), `expected a league's invite code (${CODE_LENGTH} letters and digits)`),
});
/** An embed key: the widget's data-league shape (16 letters and digits; older leagues' keys are hex). */
const embedKeyParam = z.object({
  key: z
    .string()
    .transform((k) => k.toUpperCase())
    .refine((k) => /^[A-Z0-9]{16}$/.test(k), "expected a league's embed key (16 letters and digits)"),
});
const nameBody = z.object({ name: z.string().max(200) });
// A join may carry the name to show in the league's tables (saved only when the join succeeds).
const joinBody = z.object({ name: z.string().max(200).optional() });
// A league plays one language's daily board, English unless told.
const createBody = nameBody.extend({ lang: z.enum(LANGUAGE_CODES).default("en") });

/** A league's name or a player's (the same rules: players/names.ts). */
function checkedName(raw: string): string {
  const check = checkName(raw);
  if (!check.ok) throw new ApiError(400, "invalid-name", check.message);
  return check.name;
}

/** A removed player's join: refused until the owner invites them again. */
function removedFrom(): ApiError {
  return new ApiError(403, "removed", "the league's owner removed you from this league; only they can invite you again");
}

async function findLeague(c: Context<AppEnv>, code: string): Promise<League> {
  const league = await leagueOfCode(c.env, code);
  if (league === undefined) throw new ApiError(404, "not-found", "no league has this invite code (the link may have been replaced by a newer one)");
  return league;
}

async function requireMember(c: Context<AppEnv>, league: League, what: string): Promise<string> {
  const playerId = currentPlayer(c);
  if (!(await isMember(dbForPlayer(c.env, playerId), league.id, playerId))) throw new ApiError(403, "forbidden", `only members of this league can ${what}; join it first`);
  return playerId;
}

function requireOwner(c: Context<AppEnv>, league: League, what: string): string {
  const playerId = currentPlayer(c);
  if (league.ownerId !== playerId) throw new ApiError(403, "forbidden", `only the league's owner can ${what}`);
  return playerId;
}

/** Why a join added nothing: the league is full, or the player is in too many leagues. */
function tooManyLeagues(): ApiError {
  return new ApiError(409, "too-many-leagues", `a player can be in at most ${MAX_LEAGUES} leagues; leave one first`);
}

/** Why a join adds nothing: the player is in too many leagues, or the league is `full` (else a race: try again). */
async function refusedJoin(c: Context<AppEnv>, playerId: string, full: boolean): Promise<never> {
  if ((await leagueCountOf(dbForPlayer(c.env, playerId), playerId)) >= MAX_LEAGUES) throw tooManyLeagues();
  if (full) throw new ApiError(409, "league-full", `this league is full (${MAX_MEMBERS} members)`);
  throw new ApiError(409, "invalid-request", "the league could not be joined; try again");
}

const summaryOf = (league: League, members: number, playerId: string | undefined, member: boolean) => ({
  code: league.code,
  name: league.name,
  lang: league.lang,
  members,
  maxMembers: MAX_MEMBERS,
  member,
  owner: playerId !== undefined && league.ownerId === playerId,
  // The key of the league's embed, for members to paste into their pages (it cannot join).
  ...(member && league.embedKey !== null ? { embedKey: league.embedKey } : {}),
});

export const leagues = new Hono<AppEnv>()
  // Creates a league named like a player (the same rules), its creator the owner and first member.
  .post("/", requirePlayer, limitLeagueChanges, validate("json", createBody), async (c) => {
    const playerId = currentPlayer(c);
    const playerDb = dbForPlayer(c.env, playerId);
    const { name: asked, lang } = c.req.valid("json");
    const name = checkedName(asked);
    if ((await leagueCountOf(playerDb, playerId)) >= MAX_LEAGUES) throw tooManyLeagues();
    const id = crypto.randomUUID();
    const league: League = { id, code: newLeagueCodeFor(id), name, ownerId: playerId, createdAt: Date.now(), lang, embedKey: newLeagueCodeFor(id) };
    // The league's row (its shard) first, then its owner's membership (theirs): a membership never names a missing league.
    const home = leagueDb(c.env, league.id);
    await insertLeague(home, league);
    if (!(await addMember(playerDb, league.id, playerId, league.createdAt, MAX_LEAGUES))) {
      // Another league was made or joined meanwhile and took the 20th place.
      await deleteLeague(home, league.id);
      throw tooManyLeagues();
    }
    await keepPastResults(c.env, playerId);
    privateAnswer(c);
    return c.json(summaryOf(league, 1, playerId, true), 201);
  })
  // The caller's leagues (for the stats page).
  .get("/", requirePlayer, async (c) => {
    const playerId = currentPlayer(c);
    const rows = await leaguesOfPlayer(c.env, playerId);
    privateAnswer(c);
    return c.json({ leagues: rows.map(({ league, members }) => ({ code: league.code, name: league.name, lang: league.lang, members, owner: league.ownerId === playerId })) });
  })
  // The embed's view: today's table and the week's standings by the read-only embed key; no
  // invite code, no player ids, no membership.
  .get("/embed/:key", validate("param", embedKeyParam), async (c) => {
    const league = await leagueOfEmbedKey(c.env, c.req.valid("param").key);
    if (league === undefined) throw new ApiError(404, "not-found", "no league has this embed key (its owner may have replaced it, or this is an invite code: embeds take the embed key shown on the league's page)");
    const now = Date.now();
    const { tables, members } = await leagueView(c.env, homeDb(c.env), league, todayUtc(now), { playerId: undefined, member: false }, now);
    privateAnswer(c);
    return c.json({ name: league.name, lang: league.lang, members, maxMembers: MAX_MEMBERS, ...tables });
  })
  // Today's table and the week's standings: for anyone with the code, player ids for members only.
  .get("/:code", optionalPlayer, validate("param", codeParam), async (c) => {
    const league = await findLeague(c, c.req.valid("param").code);
    const playerId = c.get("playerId");
    const member = playerId !== undefined && (await isMember(dbForPlayer(c.env, playerId), league.id, playerId));
    // A removed player's page says so, instead of inviting them to join.
    const removed = playerId !== undefined && !member && (await wasRemoved(leagueDb(c.env, league.id), league.id, playerId));
    const now = Date.now();
    const { tables, members } = await leagueView(c.env, homeDb(c.env), league, todayUtc(now), { playerId, member }, now);
    privateAnswer(c);
    return c.json({ ...summaryOf(league, members, playerId, member), removed, ...tables });
  })
  // A past day's table and its week's standings up to that day: members only.
  .get("/:code/days/:date", requirePlayer, validate("param", codeParam.extend(dayParam.shape)), async (c) => {
    const { code, date: asked } = c.req.valid("param");
    const league = await findLeague(c, code);
    const playerId = await requireMember(c, league, "see its past days");
    const now = Date.now();
    // The day of the league's board ("today" included), whatever language the date was asked in.
    const date = keyDate(openDay(c.env, asked, now));
    const { tables, members } = await leagueView(c.env, homeDb(c.env), league, date, { playerId, member: true }, now);
    privateAnswer(c);
    return c.json({ ...summaryOf(league, members, playerId, true), removed: false, ...tables });
  })
  // Joins by the invite code (idempotent: a member joining again is told so, with 200). The name
  // to show in the tables, when sent, is checked first and saved only when the player is in.
  .post("/:code/members", requirePlayer, validate("param", codeParam), validate("json", joinBody, { optionalBody: true }), async (c) => {
    const league = await findLeague(c, c.req.valid("param").code);
    const playerId = currentPlayer(c);
    const playerDb = dbForPlayer(c.env, playerId);
    const asked = c.req.valid("json").name;
    const name = asked === undefined ? undefined : checkedName(asked);
    if (name !== undefined) await enforceLimit(c, c.env.ACCOUNT_LIMITER, limitKeys.rename(playerId), "renames");
    privateAnswer(c);
    const home = leagueDb(c.env, league.id);
    const [member, removed, members, player] = await Promise.all([
      isMember(playerDb, league.id, playerId),
      wasRemoved(home, league.id, playerId),
      leagueMemberCount(c.env, league.id),
      findPlayer(playerDb, playerId),
    ]);
    if (removed) throw removedFrom();
    // No two members read alike in the league's tables, and no one passes for a moderator.
    const shown = name ?? player?.name ?? null;
    if (name !== undefined) await refuseImpersonation(c.env, playerId, name);
    if (shown !== null) await refuseLeagueLookalike(c.env, league.id, playerId, shown);
    if (member) {
      if (name !== undefined) await renamePlayer(playerDb, playerId, name);
      return c.json({ ...summaryOf(league, members, playerId, true), joined: false, ...(name !== undefined ? { playerName: name } : {}) }, 200);
    }
    // The members are counted over every shard, then the membership written on the player's: two
    // joins at once on two shards may both see the last place free, and the league pass its limit
    // by one (the tables read every member; the next join is refused). The player's own limit holds exactly.
    if (members >= MAX_MEMBERS) await refusedJoin(c, playerId, true);
    if (!(await addMember(playerDb, league.id, playerId, Date.now(), MAX_LEAGUES))) await refusedJoin(c, playerId, false);
    // One decision with a removal in flight: the removal is written before the membership goes
    // (the DELETE below), the join's membership before the removal is read again here. Whichever
    // comes second sees the other's write, so the removal wins: a removal read now undoes this
    // join, and one written after this read takes the membership out itself.
    if (await wasRemoved(home, league.id, playerId)) {
      await deleteMember(playerDb, league.id, playerId);
      throw removedFrom();
    }
    await keepPastResults(c.env, playerId);
    if (name !== undefined) await renamePlayer(playerDb, playerId, name);
    return c.json({ ...summaryOf(league, await leagueMemberCount(c.env, league.id), playerId, true), joined: true, ...(name !== undefined ? { playerName: name } : {}) }, 201);
  })
  // The members, first joined first: for members (the owner removes members by their id).
  .get("/:code/members", requirePlayer, validate("param", codeParam), async (c) => {
    const league = await findLeague(c, c.req.valid("param").code);
    const playerId = await requireMember(c, league, "see who is in it");
    // Each shard's members joined with their names there: a member without a players row is not listed (as in the league's tables).
    const rows = await leagueMembers(c.env, league.id);
    privateAnswer(c);
    return c.json({
      members: rows.map((m) => ({ playerId: m.playerId, name: m.name ?? defaultName(m.playerId), joinedAt: new Date(m.joinedAt).toISOString(), owner: m.playerId === league.ownerId, you: m.playerId === playerId })),
    });
  })
  // Leaves the league (`me`), or the owner removes a member. The owner leaving hands the league
  // to the member who joined first; the last member leaving deletes it.
  .delete("/:code/members/:playerId", requirePlayer, validate("param", codeParam.extend({ playerId: z.union([z.literal("me"), uuid]) })), async (c) => {
    const { code, playerId: target } = c.req.valid("param");
    const league = await findLeague(c, code);
    const playerId = currentPlayer(c);
    const leaving = target === "me" || target === playerId;
    if (leaving) await requireMember(c, league, "leave it");
    else requireOwner(c, league, "remove members");
    const removed = leaving ? playerId : target;
    // Someone leaving may come back by the link; someone the owner removes may not. A removal is
    // kept (on the league's shard) before the membership goes (on the member's): a join in flight
    // reads the removal after writing its membership, so the two cannot cross (see the join).
    const memberDb = dbForPlayer(c.env, removed);
    const home = leagueDb(c.env, league.id);
    const notMember = () => new ApiError(404, "not-found", "that player is not a member of this league");
    if (leaving) {
      if (!(await deleteMember(memberDb, league.id, removed))) throw notMember();
    } else {
      if (!(await isMember(memberDb, league.id, removed))) throw notMember();
      await addRemoval(home, league.id, removed, Date.now());
      // False when they left meanwhile: the removal stands all the same.
      await deleteMember(memberDb, league.id, removed);
    }
    privateAnswer(c);
    if (removed !== league.ownerId) return c.json({ left: removed === playerId, removed, owner: league.ownerId, deleted: false });
    // The one who joined first inherits, and with none left the league goes.
    const heir = await passOnLeague(c.env, league.id);
    return c.json({ left: true, removed, owner: heir, deleted: heir === null });
  })
  // The players the owner removed (owner only), to invite one again.
  .get("/:code/removals", requirePlayer, validate("param", codeParam), async (c) => {
    const league = await findLeague(c, c.req.valid("param").code);
    requireOwner(c, league, "see whom it removed");
    const rows = await removalsOf(leagueDb(c.env, league.id), league.id);
    const names = await memberNames(c.env, rows.map((r) => r.playerId));
    privateAnswer(c);
    return c.json({ removed: rows.map((r) => ({ playerId: r.playerId, name: names.get(r.playerId) ?? defaultName(r.playerId), removedAt: new Date(r.removedAt).toISOString() })) });
  })
  // The owner invites a removed player again: the invite link lets them in once more.
  .delete("/:code/removals/:playerId", requirePlayer, validate("param", codeParam.extend({ playerId: uuid })), async (c) => {
    const { code, playerId: target } = c.req.valid("param");
    const league = await findLeague(c, code);
    requireOwner(c, league, "invite removed players again");
    if (!(await liftRemoval(leagueDb(c.env, league.id), league.id, target))) throw new ApiError(404, "not-found", "that player was not removed from this league");
    privateAnswer(c);
    return c.json({ invited: target });
  })
  // A new embed key: embeds using the old one stop showing the league (owner only).
  .post("/:code/embed-key", requirePlayer, limitLeagueChanges, validate("param", codeParam), async (c) => {
    const league = await findLeague(c, c.req.valid("param").code);
    const playerId = requireOwner(c, league, "replace its embed key");
    const embedKey = newLeagueCodeFor(league.id);
    await updateLeague(leagueDb(c.env, league.id), league.id, { embedKey });
    privateAnswer(c);
    return c.json(summaryOf({ ...league, embedKey }, await leagueMemberCount(c.env, league.id), playerId, true));
  })
  .patch("/:code", requirePlayer, validate("param", codeParam), validate("json", nameBody), async (c) => {
    const league = await findLeague(c, c.req.valid("param").code);
    const playerId = requireOwner(c, league, "rename it");
    const name = checkedName(c.req.valid("json").name);
    await updateLeague(leagueDb(c.env, league.id), league.id, { name });
    privateAnswer(c);
    return c.json(summaryOf({ ...league, name }, await leagueMemberCount(c.env, league.id), playerId, true));
  })
  // A new invite code: the old link stops working at once (members stay members).
  .post("/:code/invite", requirePlayer, limitLeagueChanges, validate("param", codeParam), async (c) => {
    const league = await findLeague(c, c.req.valid("param").code);
    const playerId = requireOwner(c, league, "replace its invite link");
    const code = newLeagueCodeFor(league.id);
    await updateLeague(leagueDb(c.env, league.id), league.id, { code });
    privateAnswer(c);
    return c.json(summaryOf({ ...league, code }, await leagueMemberCount(c.env, league.id), playerId, true));
  });
