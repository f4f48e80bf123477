// Names no one should have to see, handled by people: a player reports another player's name from
// a leaderboard row (offensive, or passing for someone the checks of names.ts let through), the
// moderators see the reported names most reported first, and keep, rename or hide one. A hidden
// name is gone (the player shows as "Player 1A2B" until they choose another that passes the
// checks, and never that one or a look-alike of it again); a rename sets a name the moderator chose, checked as a player's own would be. Every
// decision is kept with the old and new name and the moderator's note; the player's reports go.
import { memberNames } from "../leagues/member-shards.ts";
import { hiddenNamesOf, insertNameReport, nameDecisionLog, recordNameDecision, reportedNames } from "./name-report-queries.ts";
import { renamePlayer } from "../players/queries.ts";
import { dbForPlayer, homeDb } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { DomainError } from "../domain-error.ts";
import { findRound } from "./review.ts";
import { refuseImpersonation } from "../players/name-guard.ts";
import { checkName, namesAlike } from "../players/names.ts";

/** How many reported names the moderators' list shows at once. */
export const NAME_QUEUE_SIZE = 50;

export type NameAction = "keep" | "rename" | "hide";

/** A player reports the name of the player of a ranked round: 201, or why not. */
export async function reportName(env: Env, reporterId: string, roundId: string, now: number): Promise<void> {
  const round = (await findRound(env, roundId))?.round;
  if (round === undefined || !round.ranked) throw new DomainError("not-found", "no ranked round has this id");
  if (round.playerId === reporterId) throw new DomainError("invalid-request", "you cannot report your own name");
  const name = (await memberNames(env, [round.playerId])).get(round.playerId) ?? null;
  if (name === null) throw new DomainError("invalid-request", "this player has no name of their own to report");
  if (!(await insertNameReport(homeDb(env), { playerId: round.playerId, reporterId, name, createdAt: now }))) {
    throw new DomainError("already-reported", "you have reported this name already: a moderator will look at it");
  }
}

/** The reported names for the moderators, with each player's name now (a rename meanwhile shows). */
export async function nameQueue(env: Env) {
  const rows = await reportedNames(homeDb(env), NAME_QUEUE_SIZE);
  const names = await memberNames(env, rows.map((r) => r.playerId));
  return rows.map((r) => ({
    playerId: r.playerId,
    reportedName: r.reportedName ?? "",
    name: names.get(r.playerId) ?? null,
    reports: r.reports,
    firstReportedAt: new Date(r.firstReportedAt ?? 0).toISOString(),
  }));
}

/** A moderator's decision on a player's name: kept, renamed (to `newName`) or hidden. */
export async function decideName(env: Env, moderatorId: string, playerId: string, action: NameAction, newName: string | undefined, note: string, now: number) {
  const oldName = (await memberNames(env, [playerId])).get(playerId) ?? null;
  if (oldName === null) throw new DomainError("not-found", "this player has no name of their own (hidden already, or no such player)");
  let name: string | null = oldName;
  if (action === "rename") {
    const check = checkName(newName ?? "");
    if (!check.ok) throw new DomainError("invalid-name", check.message);
    await refuseImpersonation(env, playerId, check.name);
    name = check.name;
  } else if (action === "hide") name = null;
  if (name !== oldName && !(await renamePlayer(dbForPlayer(env, playerId), playerId, name))) throw new DomainError("not-found", "no such player");
  await recordNameDecision(homeDb(env), { at: now, moderatorId, playerId, action, oldName, newName: name, note });
  return { playerId, action, name };
}

/** The latest decisions on names, for the audit log. */
export async function nameDecisions(env: Env, limit: number) {
  const rows = await nameDecisionLog(homeDb(env), limit);
  const moderators = await memberNames(env, rows.map((r) => r.moderatorId));
  return rows.map(({ at, ...row }) => ({ ...row, at: new Date(at).toISOString(), moderator: moderators.get(row.moderatorId) ?? null }));
}

/** 409 name-taken when a player picks again (or a look-alike of) a name a moderator hid for them. */
export async function refuseHiddenName(env: Env, playerId: string, name: string): Promise<void> {
  const hidden = await hiddenNamesOf(homeDb(env), playerId);
  if (hidden.some((old) => namesAlike(old, name))) throw new DomainError("name-taken", "a moderator hid that name: pick another");
}
