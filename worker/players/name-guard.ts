// Names no one can use to pass for someone else (players/names.ts compares names by their
// look-alike skeleton): a moderator's name is theirs alone, and within a league (as within a room:
// rooms/room.ts) no two members read alike. Each check reads only the names it compares with:
// the moderators' (a few players, on their shards), or the members of the player's leagues.
import { memberNames } from "../leagues/member-shards.ts";
import { leagueMembers, leaguesOfPlayer } from "../leagues/league-shards.ts";
import type { Env } from "../env.ts";
import { DomainError } from "../domain-error.ts";
import { moderatorIds } from "../moderation/review.ts";
import { defaultName, namesAlike } from "./names.ts";

const taken = (message: string) => new DomainError("name-taken", message);

/** 409 name-taken when `name` reads as a moderator's name (a moderator keeps theirs). */
export async function refuseModeratorsNames(env: Env, playerId: string | undefined, name: string): Promise<void> {
  const others = [...moderatorIds(env)].filter((id) => id !== playerId);
  if (others.length === 0) return;
  const names = await memberNames(env, others);
  for (const modName of names.values()) {
    if (modName !== null && namesAlike(modName, name)) throw taken("that name reads as a moderator's name: pick another");
  }
}

/** 409 name-taken when `name` reads as another member's of the league (given by id). */
export async function refuseLeagueLookalike(env: Env, leagueId: string, playerId: string, name: string): Promise<void> {
  const members = await leagueMembers(env, leagueId);
  const alike = members.find((m) => m.playerId !== playerId && namesAlike(m.name ?? defaultName(m.playerId), name));
  if (alike !== undefined) throw taken(`someone in this league is already called "${alike.name ?? defaultName(alike.playerId)}": pick another name`);
}

/** The same for every league the player is in (a rename shows in all their tables). */
export async function refuseLookalikesInLeagues(env: Env, playerId: string, name: string): Promise<void> {
  const mine = await leaguesOfPlayer(env, playerId);
  await Promise.all(mine.map(({ league }) => refuseLeagueLookalike(env, league.id, playerId, name)));
}

/** Every check a player's new name meets: a moderator's, and those of their leagues' members. */
export async function refuseImpersonation(env: Env, playerId: string | undefined, name: string): Promise<void> {
  await refuseModeratorsNames(env, playerId, name);
  if (playerId !== undefined) await refuseLookalikesInLeagues(env, playerId, name);
}
