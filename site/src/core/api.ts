// The Worker's HTTP API through Hono's RPC client: paths, inputs and answers are typed from the
// Worker's own routes (AppType), so the site cannot drift from what the server sends. Only types
// come from the Worker (`import type`): nothing of it is bundled. The player's bearer token is
// kept in localStorage. Inside the embed iframe that storage is partitioned per top-level site,
// which is fine: the token is the identity. Where a browser blocks the frame's storage outright,
// the embed keeps the token in its partitioned cookie instead (identity.ts, embed-identity.ts):
// its requests then carry EMBED_HEADER, and the Worker reads the cookie only on those. The
// client itself is api-client.ts; the calls of rooms, leagues, passkeys and the account api-groups.ts.
import type { InferResponseType } from "hono/client";
import type { LanguageCode } from "#engine";
import { ensurePlayer, routes, send } from "./api-client.ts";
import { identity } from "./identity.ts";
import { ServerClock } from "./server-clock.ts";
import { rememberClockOffset, rememberServerToday, serverToday } from "./server-day.ts";

export { ApiError, type ApiErrorCode } from "./api-error.ts";
export { embedSession, ensurePlayer } from "./api-client.ts";
export * from "./api-groups.ts";

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


/** The server's clock as this page has heard it: the stamped answer with the shortest round trip. */
const serverClock = new ServerClock();

/**
 * The server's clock from a stamped answer, remembered for the site's "today" (server-day.ts). The
 * best estimate so far, not the latest: a slow answer would move a round's end by half its round trip.
 */
function learnedOffset(serverTime: string, sentAt: number): number {
  serverClock.observe(Date.parse(serverTime), sentAt, Date.now());
  rememberClockOffset(serverClock.offset);
  return serverClock.offset;
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
  /**
   * The server's today, asked of the server: for a page that opens on today but starts no round
   * (leaderboard, league, review, stats), which has learned nothing yet of a server whose day
   * differs from the device's. Offline, the last day learned (or the device's).
   */
  today: async () => {
    await api.puzzle("today").catch(() => null);
    return serverToday();
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
  /** The daily reminder (islands/account/reminders.ts): the server's VAPID key, saving and removing a subscription. */
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
