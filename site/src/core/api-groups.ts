// The site's API for what players do together and around the daily game: live rooms, links to
// another device, passkeys, the account's data, leagues and moderation (the daily game's own
// calls are api.ts's, which re-exports these).
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import type { InferResponseType } from "hono/client";
import type { BoardSize } from "#game/board-sizes.ts";
import type { LanguageCode, PresetName } from "#engine";
import { ApiError } from "./api-error.ts";
import { ensurePlayer, routes, send } from "./api-client.ts";
import { forgetIdentity, identity, keptIn, knownPlayer } from "./identity.ts";


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

/** "Your data" (islands/account/your-data.ts): the export, and deleting the account. */
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
type NamesAnswer = InferResponseType<typeof routes.moderation.names.$get, 200>;
export type ReportedName = NamesAnswer["items"][number];
export type NameDecision = NamesAnswer["decisions"][number];

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
  /** Reports the name of the player of a ranked round. */
  reportName: (roundId: string) => send((o) => routes.moderation["name-reports"].$post({ json: { roundId } }, o)),
  names: () => send((o) => routes.moderation.names.$get({}, o)),
  decideName: (playerId: string, action: "keep" | "rename" | "hide", body: { name?: string; note: string }) =>
    send((o) => routes.moderation.names[":playerId"][":action"].$post({ param: { playerId: encodeURIComponent(playerId), action }, json: body }, o)),
};
