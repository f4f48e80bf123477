// Signing in with a passkey in a browser that already has a player of its own (the "local"
// player, proven by its token). The rule: one ranked round per person and day, never two.
//
// - The local player has no passkey (an anonymous player of this browser): its history joins the
//   passkey's player. Every round of a day (and kind) the passkey's player did not play moves
//   over; a day both played keeps the passkey player's round, and the local one stays with the
//   old identity (listed in the answer as `kept`, shown to the player). Days already archived
//   (folded into the old player's summary) join the same way, board by board
//   (player-summary.ts's mergeSummaries), unless a day both played is too old for the summaries
//   to say which boards (then they stay apart, counted in `archivedDays`). Its leagues, the
//   leagues it owns and its leagues' past results come along. Then every token of the old
//   identity is revoked, so it can never start a round of a day whose round moved away.
// - The local player has a passkey of its own (another account): nothing moves; the browser
//   switches account, and the other account keeps all of its history.
import { readToken } from "../auth/tokens.ts";
import { checkVersion, rememberVersion } from "../auth/versions.ts";
import type { Db } from "../db/client.ts";
import { type MergedRound, type SummaryWrite, mergePlayerInto, rankedBoardsOf, writeMergedSummary } from "./identity-merge-queries.ts";
import { leagueCountOf } from "../leagues/queries.ts";
import { countPasskeys } from "../passkeys/queries.ts";
import { summariesByPlayer } from "./sharded-summaries.ts";
import { dbForPlayer } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { keepPastResults } from "../leagues/leagues.ts";
import { emptySummary, mergeSummaries } from "./player-summary.ts";

export type MergeOutcome =
  | { kind: "none" }
  | { kind: "switched"; from: string }
  | {
      kind: "merged";
      from: string;
      moved: MergedRound[];
      kept: MergedRound[];
      /** Archived ranked boards that joined the passkey player's history. */
      archivedMoved: number;
      /** Archived ranked boards left apart: played by both, or not comparable (see above). */
      archivedDays: number;
      /** Leagues the passkey player joined through the merge. */
      leagues: number;
    };

/** The player a token from this browser proves now, or null (absent, expired, revoked or forged). */
async function localPlayerOf(env: Env, token: string | undefined, now: number): Promise<string | null> {
  if (token === undefined) return null;
  const check = await readToken(env, token, now);
  if (!check.ok) return null;
  // The players row (its token version) is on the player's own shard; fresh, since a merge writes.
  return (await checkVersion(dbForPlayer(env, check.claims.playerId), check.claims, now, true)) === "current" ? check.claims.playerId : null;
}

export async function mergeLocalPlayer(env: Env, db: Db, localToken: string | undefined, into: string, now: number): Promise<MergeOutcome> {
  const from = await localPlayerOf(env, localToken, now);
  if (from === null || from === into) return { kind: "none" };
  if ((await countPasskeys(dbForPlayer(env, from), from)) > 0) return { kind: "switched", from };
  const [summaries, intoBoards] = await Promise.all([summariesByPlayer(env, [from, into]), rankedBoardsOf(dbForPlayer(env, into), into)]);
  const archived = summaries.get(from);
  const read = summaries.get(into);
  const joined = archived === undefined ? null : mergeSummaries(read?.summary ?? emptySummary(), archived.summary, intoBoards);
  // The receiving player's own fold mark: a day folded into the merged-in history but still in D1
  // is folded again by stats and retention, which the summary's recent rounds make a no-op.
  const write: SummaryWrite | undefined = joined === null ? undefined : { merged: { summary: joined.summary, throughDate: read?.throughDate ?? "" }, read };
  // The summary lives on the receiving player's shard, so it cannot join the rounds' transaction.
  // It goes first: if the move then fails, signing in again merges again, and the boards that
  // already joined are boards both have, which stay apart (nothing counts twice).
  const summaryMerged = write !== undefined && (await writeMergedSummary(dbForPlayer(env, into), into, write));
  const merge = await mergePlayerInto(env, from, into);
  if (merge.retiredVersion !== undefined) rememberVersion(from, merge.retiredVersion, now);
  // The archived days that joined count in the player's leagues' past days too.
  if (summaryMerged && (await leagueCountOf(dbForPlayer(env, into), into)) > 0) await keepPastResults(env, into);
  const archivedRanked = archived?.summary.ranked ?? 0;
  const archivedMoved = summaryMerged && joined !== null ? joined.moved : 0;
  return { kind: "merged", from, moved: merge.moved, kept: merge.kept, archivedMoved, archivedDays: archivedRanked - archivedMoved, leagues: merge.leagues };
}
