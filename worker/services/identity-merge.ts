// Signing in with a passkey in a browser that already has a player of its own (the "local"
// player, proven by its token). The rule: one ranked round per person and day, never two.
//
// - The local player has no passkey (an anonymous player of this browser): its history joins the
//   passkey's player. Every round of a day (and kind) the passkey's player did not play moves
//   over; a day both played keeps the passkey player's round, and the local one stays with the
//   old identity (listed in the answer as `kept`, shown to the player). Then every token of the
//   old identity is revoked, so it can never start a round of a day whose round moved away.
//   Days already archived (folded into the old player's summary) stay with it, counted in the
//   answer as `archivedDays`.
// - The local player has a passkey of its own (another account): nothing moves; the browser
//   switches account, and the other account keeps all of its history.
import { readToken } from "../auth/tokens.ts";
import { checkVersion, rememberVersion } from "../auth/versions.ts";
import type { Db } from "../db/client.ts";
import { type MergedRound, mergePlayerInto } from "../db/queries/merge-players.ts";
import { countPasskeys } from "../db/queries/passkeys.ts";
import { summaryOf } from "../db/queries/retention.ts";
import type { Env } from "../env.ts";

export type MergeOutcome =
  | { kind: "none" }
  | { kind: "switched"; from: string }
  | { kind: "merged"; from: string; moved: MergedRound[]; kept: MergedRound[]; archivedDays: number };

/** The player a token from this browser proves now, or null (absent, expired, revoked or forged). */
async function localPlayerOf(env: Env, db: Db, token: string | undefined, now: number): Promise<string | null> {
  if (token === undefined) return null;
  const check = await readToken(env, token, now);
  if (!check.ok) return null;
  return (await checkVersion(db, check.claims, now)) === "current" ? check.claims.playerId : null;
}

export async function mergeLocalPlayer(env: Env, db: Db, localToken: string | undefined, into: string, now: number): Promise<MergeOutcome> {
  const from = await localPlayerOf(env, db, localToken, now);
  if (from === null || from === into) return { kind: "none" };
  if ((await countPasskeys(db, from)) > 0) return { kind: "switched", from };
  const merge = await mergePlayerInto(db, from, into);
  if (merge.retiredVersion !== undefined) rememberVersion(from, merge.retiredVersion, now);
  const archived = await summaryOf(db, from);
  return { kind: "merged", from, moved: merge.moved, kept: merge.kept, archivedDays: archived?.summary.ranked ?? 0 };
}
