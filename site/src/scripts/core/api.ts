// The Worker's HTTP API through Hono's RPC client: paths, inputs and answers are typed from the
// Worker's own routes (AppType), so the site cannot drift from what the server sends. Only types
// come from the Worker (`import type`): nothing of it is bundled. The player's bearer token is
// kept in localStorage. Inside the embed iframe that storage is partitioned per top-level site,
// which is fine: the token is the identity. Where a browser blocks the frame's storage outright,
// the embed keeps the token in its partitioned cookie instead (identity.ts, embed-identity.ts):
// its requests then carry EMBED_HEADER, and the Worker reads the cookie only on those.
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { type ClientRequestOptions, type ClientResponse, type InferResponseType, hc } from "hono/client";
import type { BoardSize } from "../../../../shared/board-sizes.ts";
import type { LanguageCode } from "../../../../shared/languages.ts";
import type { PresetName } from "../../../../shared/index.ts";
import type { AppType } from "../../../../worker/app.ts";
import type { ErrorCode } from "../../../../worker/http/errors.ts";
import { EMBED_HEADER } from "../../../../shared/embed-session.ts";
import { ApiError } from "./api-error.ts";
import { bookmarkHeaders, noteBookmark } from "./bookmark.ts";
import { forgetIdentity, identity, keptIn, knownPlayer, mayMakePlayer, noteTokenAnswer, provenByCookie, saveIdentity } from "./identity.ts";
import { clockOffset } from "./server-clock.ts";
import { rememberClockOffset, rememberServerToday } from "./server-day.ts";

export { ApiError, type ApiErrorCode } from "./api-error.ts";

const client = hc<AppType>("/");
const routes = client.api;

export type Puzzle = InferResponseType<(typeof routes.puzzles)[":date"]["$get"]>;
export type Totals = Puzzle["totals"];
export type Archive = InferResponseType<typeof routes.puzzles.$get>;
export type Round = InferResponseType<(typeof routes.puzzles)[":date"]["rounds"]["$post"]>;
export type StartedRound = Round & { clockOffset: number };
type WordVerdict = InferResponseType<(typeof routes.rounds)[":roundId"]["words"]["$post"]>;
/**
 * The server's verdict on a word: accepted (with its receipt) or not (with the reason); `reason`
 * and `receipt` can be read on either (undefined where they do not apply).
 */
export type WordAnswer =
  | (Extract<WordVerdict, { accepted: true }> & { reason?: undefined })
  | (Extract<WordVerdict, { accepted: false }> & { receipt?: undefined });
/** A word of a batch: `age` is how long ago it was found (ms, this device's clock). */
export interface BatchedWord {
  word: string;
  age: number;
}
/** The answer to a batch of words: `stored` is what the server queued for storage when asked to (`store`). */
export interface WordBatchAnswer {
  verdicts: WordAnswer[];
  batchDelayMs: number;
  stored: { queued: number; refused: { receipt: string; reason: string }[] } | null;
}
export type RejectReason = Extract<WordVerdict, { accepted: false }>["reason"];
export type SyncAnswer = InferResponseType<(typeof routes.rounds)[":roundId"]["receipts"]["$post"]>;
type LeaderboardAnswer = InferResponseType<(typeof routes.puzzles)[":date"]["leaderboard"]["$get"]>;
/** A page of the day's ranked, verified rounds. */
export type Leaderboard = Extract<LeaderboardAnswer, { total: number }>;
/** The day's rounds under fair-play review, listed apart and never ranked. */
export type ReviewList = Extract<LeaderboardAnswer, { review: true }>;
export type LeaderboardEntry = Leaderboard["entries"][number];
export type Standing = InferResponseType<(typeof routes.puzzles)[":date"]["leaderboard"]["me"]["$get"]>;
export type Solution = InferResponseType<(typeof routes.puzzles)[":date"]["solution"]["$get"]>;
export type SolutionWord = Solution["words"][number];
type StatsAnswer = InferResponseType<typeof routes.players.me.stats.$get>;
/** A day of the player's record, as the site also keeps it locally (the server adds the puzzle's number). */
export type StatsDay = Omit<StatsAnswer["history"][number], "number">;
/** The player's record as the site shows it (the server's answer also lists room rounds). */
export type Stats = Omit<StatsAnswer, "history" | "rooms"> & { history: StatsDay[] };


export { identity };

/** What a 2xx answer of the route holds (errors are thrown, never returned). */
type Answer<R> = R extends ClientResponse<infer T, infer _Status, "json"> ? T : never;

/**
 * Sends one request (with the player's token, or the embed's cookie, unless `auth` is false; as
 * the embed page's own with `fromEmbed`) and reads its JSON answer.
 */
async function send<R extends ClientResponse<unknown>>(call: (options: ClientRequestOptions) => Promise<R>, auth = true, fromEmbed = false): Promise<Answer<R>> {
  const headers: Record<string, string> = { accept: "application/json" };
  const token = auth ? identity()?.token : undefined;
  const byCookie = !token && auth && provenByCookie();
  const player = token ? identity()?.playerId : undefined;
  if (token) Object.assign(headers, { authorization: `Bearer ${token}` }, bookmarkHeaders(player));
  if (fromEmbed || byCookie) headers[EMBED_HEADER] = "1";
  let res: R;
  try {
    res = await call({ headers });
  } catch {
    throw new ApiError(0, "network", "The network is unreachable; trying again shortly.");
  }
  noteTokenAnswer(res as unknown as Response, token, byCookie);
  noteBookmark(res as unknown as Response, player);
  const data = (await res.json().catch(() => null)) as unknown;
  if (!res.ok) {
    const error = (data as { error?: { code?: ErrorCode; message?: string } } | null)?.error;
    throw new ApiError(res.status, error?.code ?? "http", error?.message ?? `The server answered ${res.status}.`);
  }
  return data as Answer<R>;
}

/**
 * The player, created on first need (a name is optional and never blocks play). In an embed whose
 * storage is blocked, the new player's token goes into the frame's cookie; in one that can keep
 * nothing at all, no player is made (see identity.ts).
 */
export async function ensurePlayer(): Promise<{ playerId: string }> {
  const known = knownPlayer();
  if (known) return { playerId: known };
  if (!mayMakePlayer()) throw new ApiError(403, "forbidden", "This frame can keep nothing, so it plays unranked: continue as your Tumbleword player to play ranked.");
  const created = await send((o) => routes.players.$post({ json: {} }, o), false);
  saveIdentity(created);
  if (keptIn() === "cookie") await embedSession.keep();
  return created;
}

/** The embed frame's cookie session (worker/routes/embed.ts). */
export const embedSession = {
  /** Whether the frame keeps cookies, the player its cookie proves, and (given a puzzle) whether they have a round of it. */
  read: (puzzle?: string) => send((o) => routes.embed.session.$get({ query: puzzle === undefined ? {} : { puzzle } }, o), false, true),
  /** Puts the token this page holds into the frame's cookie. */
  keep: () => send((o) => routes.embed.session.$post({}, o), true, true),
};

/** The server's clock from a stamped answer, remembered for the site's "today" (server-day.ts). */
function learnedOffset(serverTime: string, sentAt: number): number {
  const offset = clockOffset(serverTime, sentAt, Date.now());
  rememberClockOffset(offset);
  return offset;
}

const day = (date: string) => ({ param: { date: encodeURIComponent(date) } });

export function receiptsPath(roundId: string): string {
  return routes.rounds[":roundId"].receipts.$path({ param: { roundId: encodeURIComponent(roundId) } });
}

export const api = {
  puzzle: async (date: string) => {
    const puzzle = await send((o) => routes.puzzles[":date"].$get(day(date), o), false);
    if (date.startsWith("today")) rememberServerToday(puzzle.date);
    return puzzle;
  },
  /** Past puzzles newest first; `next` is the `before` for the following page (null at the end). */
  archive: (before: string | null, limit: number, lang: LanguageCode = "en") =>
    send((o) => routes.puzzles.$get({ query: { limit: String(limit), lang, ...(before ? { before } : {}) } }, o), false),
  /** Starts or resumes the day's round; `clockOffset` is how far the server's clock is ahead of this device's. */
  startRound: async (date: string): Promise<StartedRound> => {
    await ensurePlayer();
    const sentAt = Date.now();
    const round = await send((o) => routes.puzzles[":date"].rounds.$post(day(date), o));
    return { ...round, clockOffset: learnedOffset(round.serverTime, sentAt) };
  },
  /** The player's round of the day if they have one (another device's, say), without starting one. */
  myRound: async (date: string): Promise<StartedRound | null> => {
    const sentAt = Date.now();
    const { round } = await send((o) => routes.puzzles[":date"].rounds.mine.$get(day(date), o));
    return round === null ? null : { ...round, clockOffset: learnedOffset(round.serverTime, sentAt) };
  },
  /**
   * A batch of a round's words (at most MAX_WORDS_PER_BATCH), each with how long ago it was found:
   * one verdict per word in order, and how long to wait before the next batch. `store` asks the
   * server to store the accepted words at once (`stored`: what it queued; null when it did not);
   * `keepalive` lets the request outlive a page that is going away.
   */
  submitWords: async (roundId: string, ticket: string, words: BatchedWord[], options: { keepalive?: boolean; store?: boolean } = {}): Promise<WordBatchAnswer> =>
    (await send(
      (o) =>
        routes.rounds[":roundId"].words.batch.$post(
          { param: { roundId: encodeURIComponent(roundId) }, json: { ticket, words, ...(options.store ? { store: true } : {}) } },
          options.keepalive ? { ...o, init: { keepalive: true } } : o,
        ),
      false,
    )) as WordBatchAnswer,
  syncReceipts: (roundId: string, ticket: string, receipts: string[]) =>
    send((o) => routes.rounds[":roundId"].receipts.$post({ param: { roundId: encodeURIComponent(roundId) }, json: { ticket, receipts } }, o), false),
  /** The same for everyone (cached): sent without the token. */
  leaderboard: async (date: string, limit: number, cursor: string | null): Promise<Leaderboard> =>
    (await send((o) => routes.puzzles[":date"].leaderboard.$get({ ...day(date), query: { limit: String(limit), ...(cursor ? { cursor } : {}) } }, o), false)) as Leaderboard,
  /** The day's rounds under fair-play review, listed apart (unranked); same for everyone. */
  underReview: async (date: string, limit: number): Promise<ReviewList> =>
    (await send((o) => routes.puzzles[":date"].leaderboard.$get({ ...day(date), query: { limit: String(limit), review: "1" } }, o), false)) as ReviewList,
  standing: (date: string) => send((o) => routes.puzzles[":date"].leaderboard.me.$get(day(date), o)),
  solution: (date: string) => send((o) => routes.puzzles[":date"].solution.$get(day(date), o)),
  stats: (): Promise<Stats> => send((o) => routes.players.me.stats.$get({}, o)),
  rename: async (name: string) => {
    await ensurePlayer();
    return send((o) => routes.players.me.$patch({ json: { name } }, o));
  },
  /** The daily reminder (scripts/account/reminders.ts): the server's VAPID key, saving and removing a subscription. */
  reminderKey: () => send((o) => routes.reminders.key.$get({}, o), false),
  saveReminder: async (json: ReminderSubscription) => {
    await ensurePlayer();
    return send((o) => routes.reminders.$put({ json }, o));
  },
  removeReminder: (endpoint: string) => send((o) => routes.reminders.$delete({ json: { endpoint } }, o)),
};

export interface ReminderSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  hour: number;
  hourUtc: number;
  /** The page's IANA time zone, in which `hour` is `hourUtc` in UTC. */
  timeZone: string;
  lang: LanguageCode;
}

export type RoomInfo = InferResponseType<(typeof routes.rooms)[":code"]["$get"], 200>;
export type CreatedRoom = InferResponseType<typeof routes.rooms.$post, 201>;
export type RoomSeat = InferResponseType<(typeof routes.rooms)[":code"]["players"]["$post"], 201>;
/** What the host picks for a room's rounds (the server checks the round length's bounds). */
export type RoomSettingsChoice = { size: BoardSize; rules: PresetName; seconds: number };
/** A new room's settings: its language too, which is the room's for good. */
export type NewRoomSettings = RoomSettingsChoice & { lang?: LanguageCode };

const room = (code: string) => ({ param: { code: encodeURIComponent(code) } });

/** Live rooms: sent with the player's token where there is one (a room result then counts in their stats). */
export const rooms = {
  create: (name: string, settings: NewRoomSettings) =>
    send((o) => routes.rooms.$post({ json: { name, ...settings } }, o)),
  /** The room, or null when there is no room with this code. */
  info: async (code: string): Promise<RoomInfo | null> => {
    try {
      return await send((o) => routes.rooms[":code"].$get(room(code), o), false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  /**
   * Takes a seat. In a frame that keeps its player in its cookie, the player is made first: the
   * seat is theirs, so a reload (which forgets the seat's key) finds it again (`mySeat`).
   */
  join: async (code: string, name: string) => {
    if (keptIn() === "cookie") await ensurePlayer();
    return send((o) => routes.rooms[":code"].players.$post({ ...room(code), json: { name } }, o));
  },
  /** The seat this player holds in the room, or null (no player here, or no seat). */
  mySeat: async (code: string): Promise<RoomSeat | null> => {
    if (!knownPlayer()) return null;
    try {
      return await send((o) => routes.rooms[":code"].players.me.$get(room(code), o));
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return null;
      throw error;
    }
  },
};

/** "Continue as ...": one-time codes that carry this player into another browser or an embed. */
export const links = {
  mint: () => send((o) => routes.links.$post({}, o)),
  redeem: (code: string) => send((o) => routes.links.redeem.$post({ json: { code } }, o), false),
};

export type PasskeyInfo = InferResponseType<typeof routes.passkeys.$get, 200>["passkeys"][number];
export type PasskeySignIn = InferResponseType<typeof routes.passkeys.login.verify.$post, 200>;
type CredentialAnswer = Parameters<typeof routes.passkeys.register.verify.$post>[0]["json"]["response"];

// WebAuthn's options and answers are typed by @simplewebauthn (server and browser agree on them);
// the route's schema checks only their outline, so its inferred type is looser than theirs.
const asAnswer = (response: RegistrationResponseJSON | AuthenticationResponseJSON) => response as unknown as CredentialAnswer;

/** Passkeys of this player (passkeys.ts drives the browser's side of WebAuthn). */
export const passkeyApi = {
  list: () => send((o) => routes.passkeys.$get({}, o)),
  registerOptions: async () => (await send((o) => routes.passkeys.register.options.$post({}, o))) as { challengeId: string; options: PublicKeyCredentialCreationOptionsJSON },
  register: (challengeId: string, response: RegistrationResponseJSON, name: string) =>
    send((o) => routes.passkeys.register.verify.$post({ json: { challengeId, response: asAnswer(response), name } }, o)),
  loginOptions: async () => (await send((o) => routes.passkeys.login.options.$post({}, o), false)) as { challengeId: string; options: PublicKeyCredentialRequestOptionsJSON },
  /** Sent without the bearer header: the local token goes in the body, to be merged (or not). */
  login: (challengeId: string, response: AuthenticationResponseJSON, localToken: string | undefined) =>
    send((o) => routes.passkeys.login.verify.$post({ json: { challengeId, response: asAnswer(response), ...(localToken ? { localToken } : {}) } }, o), false),
  remove: (id: string) => send((o) => routes.passkeys[":id"].$delete({ param: { id: encodeURIComponent(id) } }, o)),
};

/** "Your data" (scripts/account/your-data.ts): the export, and deleting the account. */
export const accountApi = {
  /** Everything the service holds about the player, as one JSON document. */
  exportData: () => send((o) => routes.players.me.export.$get({}, o)),
  /** Deletes the account for good; `passkey`: a sign-in answer, where the account has a passkey. */
  deleteAccount: async (passkey?: { challengeId: string; response: AuthenticationResponseJSON }) => {
    const answer = await send((o) =>
      routes.players.me.$delete({ json: { confirm: "delete my account", ...(passkey ? { passkey: { challengeId: passkey.challengeId, response: asAnswer(passkey.response) } } : {}) } }, o),
    );
    forgetIdentity();
    return answer;
  },
};

export type LeagueView = InferResponseType<(typeof routes.leagues)[":code"]["$get"], 200>;
export type LeagueEntry = LeagueView["table"][number];
export type LeagueWeekEntry = LeagueView["week"]["standings"][number];
export type LeagueSummary = InferResponseType<typeof routes.leagues.$get, 200>["leagues"][number];
export type LeagueEmbedView = InferResponseType<(typeof routes.leagues)["embed"][":key"]["$get"], 200>;
export type LeagueRemoval = InferResponseType<(typeof routes.leagues)[":code"]["removals"]["$get"], 200>["removed"][number];
export type LeagueMember = InferResponseType<(typeof routes.leagues)[":code"]["members"]["$get"], 200>["members"][number];

const league = (code: string) => ({ param: { code: encodeURIComponent(code) } });

/** Leagues: a table among friends. Reads send the token where there is one (members see more). */
export const leagues = {
  /** A new league of one language's daily board. */
  create: async (name: string, lang: LanguageCode = "en") => {
    await ensurePlayer();
    return send((o) => routes.leagues.$post({ json: { name, lang } }, o));
  },
  mine: async (): Promise<LeagueSummary[]> => (identity() ? (await send((o) => routes.leagues.$get({}, o))).leagues : []),
  /** Today's table and the week's standings (anyone with the code). */
  today: (code: string): Promise<LeagueView> => send((o) => routes.leagues[":code"].$get(league(code), o)),
  /** The embed's read-only view, by the league's embed key (never the invite code). */
  embed: (key: string): Promise<LeagueEmbedView> => send((o) => routes.leagues.embed[":key"].$get({ param: { key: encodeURIComponent(key) } }, o), false),
  /** A past day's table and its week (members only). */
  day: (code: string, date: string): Promise<LeagueView> =>
    send((o) => routes.leagues[":code"].days[":date"].$get({ param: { code: encodeURIComponent(code), date: encodeURIComponent(date) } }, o)),
  /** Joins under `name` (saved by the server only when the join succeeds). */
  join: async (code: string, name: string) => {
    await ensurePlayer();
    return send((o) => routes.leagues[":code"].members.$post({ ...league(code), json: { name } }, o));
  },
  members: (code: string) => send((o) => routes.leagues[":code"].members.$get(league(code), o)),
  /** Leaves (`me`) or, for the owner, removes a member. */
  remove: (code: string, playerId: string) =>
    send((o) => routes.leagues[":code"].members[":playerId"].$delete({ param: { code: encodeURIComponent(code), playerId: encodeURIComponent(playerId) } }, o)),
  /** The players the owner removed (owner only). */
  removals: (code: string) => send((o) => routes.leagues[":code"].removals.$get(league(code), o)),
  /** The owner lets a removed player join again by the invite link. */
  inviteAgain: (code: string, playerId: string) =>
    send((o) => routes.leagues[":code"].removals[":playerId"].$delete({ param: { code: encodeURIComponent(code), playerId: encodeURIComponent(playerId) } }, o)),
  rename: (code: string, name: string) => send((o) => routes.leagues[":code"].$patch({ ...league(code), json: { name } }, o)),
  newInvite: (code: string) => send((o) => routes.leagues[":code"].invite.$post(league(code), o)),
};

export type ReviewItem = InferResponseType<typeof routes.moderation.queue.$get, 200>["items"][number];
export type AuditEntry = InferResponseType<typeof routes.moderation.log.$get, 200>["entries"][number];

/** Review by people: the moderators' queue, decisions and audit log, and any player's report. */
export const moderation = {
  me: () => send((o) => routes.moderation.me.$get({}, o)),
  queue: (date: string) => send((o) => routes.moderation.queue.$get({ query: { date } }, o)),
  decide: (date: string, roundId: string, decision: "confirm" | "clear", note: string) =>
    send((o) =>
      routes.moderation.queue[":date"].rounds[":roundId"][":decision"].$post(
        { param: { date: encodeURIComponent(date), roundId: encodeURIComponent(roundId), decision }, json: { note } },
        o,
      ),
    ),
  log: () => send((o) => routes.moderation.log.$get({ query: {} }, o)),
  report: (roundId: string) => send((o) => routes.moderation.reports.$post({ json: { roundId } }, o)),
};
