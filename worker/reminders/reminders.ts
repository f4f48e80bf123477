// The daily reminder by Web Push. Subscriptions live on their player's shard (db/shards.ts).
// Every hour (a cron, wrangler.toml) each shard's subscriptions due at that UTC hour are paged
// through by id (FAN_OUT_PAGE a query) and sent to the reminder queue in messages of
// IDS_PER_MESSAGE ids of one shard (sendBatch takes up to 100 messages): an hour's slot of
// 40,000 subscriptions (a million over the day) is 40 queries and 800 messages, and the queue's
// consumers send them side by side. The consumer drops the players who already played today and
// those reminded today (at most one a day), words each reminder for the streak at risk in the
// subscription's language, sends it (VAPID, aes128gcm: @block65/webcrypto-web-push, Web Crypto),
// and deletes the subscriptions the push service says are gone (404, 410).
import { buildPushPayload } from "@block65/webcrypto-web-push";
import { addDays, isLanguageCode, todayUtc } from "#engine";
import { keyDate } from "#game/puzzle-key.ts";
import { reminderText } from "#game/reminder-text.ts";
import { streakOfDates } from "#game/streak-freeze.ts";
import type { Db } from "../db/client.ts";
import { deleteSubscriptions, dueIds, markReminded, rankedBoardsSince, unremindedOf } from "./queries.ts";
import { summariesByPlayer } from "../players/sharded-summaries.ts";
import { type ShardEnv, allShards, playersByShard, shardD1 } from "../db/shards.ts";
import { database } from "../db/client.ts";
import type { PushSubscriptionRow } from "../db/schema.ts";
import type { Env } from "../env.ts";
import { emptySummary, rankedDates } from "../players/player-summary.ts";

/** wrangler.toml's reminder cron (on the hour) and queue. */
export const REMINDER_CRON = "0 * * * *";
export const REMINDER_QUEUE = "tumbleword-reminders";
/** Ids read per query of the fan-out. */
export const FAN_OUT_PAGE = 1000;
/** Subscriptions per queue message: under D1's 100 bound parameters per query with room to spare. */
export const IDS_PER_MESSAGE = 50;
/** Messages per sendBatch (the queue's limit). */
const MESSAGES_PER_SEND = 100;
/** Pushes in flight at once in a consumer (a Worker keeps six connections open at a time). */
const PARALLEL_PUSHES = 6;

export interface ReminderMessage {
  kind: "reminders";
  /** The day the reminders are for (YYYY-MM-DD, UTC). */
  date: string;
  /** The shard whose subscriptions `ids` are (absent in messages sent before there were shards: 0). */
  shard?: number;
  ids: number[];
}

/** What the reminder queue's producer needs (a Queue binding, or a recorder in tests). */
export interface ReminderProducer {
  sendBatch(messages: Iterable<MessageSendRequest<ReminderMessage>>): Promise<unknown>;
}

/** The hourly fan-out: every subscription due at this hour, on every shard, goes to the queue once. Returns how many. */
export async function enqueueReminders(env: ShardEnv, queue: ReminderProducer, scheduledTime: number): Promise<number> {
  const counts = await Promise.all(allShards(env).map((db, shard) => enqueueShard(db, shard, queue, scheduledTime)));
  return counts.reduce((sum, n) => sum + n, 0);
}

async function enqueueShard(db: Db, shard: number, queue: ReminderProducer, scheduledTime: number): Promise<number> {
  const hourUtc = new Date(scheduledTime).getUTCHours();
  const date = todayUtc(scheduledTime);
  let after = 0;
  let total = 0;
  for (;;) {
    const ids = await dueIds(db, hourUtc, after, FAN_OUT_PAGE);
    if (ids.length === 0) return total;
    const messages: MessageSendRequest<ReminderMessage>[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE) messages.push({ body: { kind: "reminders", date, shard, ids: ids.slice(i, i + IDS_PER_MESSAGE) } });
    for (let i = 0; i < messages.length; i += MESSAGES_PER_SEND) await queue.sendBatch(messages.slice(i, i + MESSAGES_PER_SEND));
    total += ids.length;
    after = ids[ids.length - 1]!;
    if (ids.length < FAN_OUT_PAGE) return total;
  }
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The VAPID keys from the secrets, or null when reminders are not configured. */
export function vapidKeys(env: Env): VapidKeys | null {
  if (!env.VAPID_PRIVATE_KEY || !env.VAPID_PUBLIC_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? "mailto:reminders@tumbleword.invalid" };
}

export interface SendOutcome {
  sent: number;
  /** Players who had already played today: no reminder. */
  played: number;
  /** Subscriptions deleted: the push service answered 404 or 410. */
  gone: number;
  failed: number;
}

/**
 * Sends a push. Push services are https; one on this machine (local development's web-push-testing,
 * see the README) speaks plain http, so its https address is sent to over http.
 */
export const pushFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (url.protocol === "https:" && (url.hostname === "localhost" || url.hostname === "127.0.0.1")) url.protocol = "http:";
  return fetch(url, init);
};

/** Sends one message's reminders. `send` is pushFetch (a stub in tests). */
export async function sendReminders(env: ShardEnv, keys: VapidKeys, message: ReminderMessage, send: typeof fetch = pushFetch): Promise<SendOutcome> {
  const outcome: SendOutcome = { sent: 0, played: 0, gone: 0, failed: 0 };
  const db = database(shardD1(env, message.shard ?? 0));
  const due = await unremindedOf(db, message.ids, message.date);
  if (due.length === 0) return outcome;
  const players = [...new Set(due.map((s) => s.playerId))];
  // The days still in D1 (a week covers every day not yet archived) and the archived ones, both
  // on the players' shards (the subscription's own, but an older message's shard 0 may hold others').
  const since = addDays(message.date, -7);
  const [recent, summaries] = await Promise.all([
    Promise.all(playersByShard(env, players).map(({ db: shard, playerIds }) => rankedBoardsSince(shard, playerIds, since))).then((parts) => parts.flat()),
    summariesByPlayer(env, players),
  ]);
  const daysOf = new Map<string, Set<string>>(players.map((p) => [p, new Set(rankedDates(summaries.get(p)?.summary ?? emptySummary()))]));
  for (const r of recent) daysOf.get(r.playerId)?.add(keyDate(r.puzzleDate));
  const toSend = due.filter((s) => !daysOf.get(s.playerId)!.has(message.date));
  outcome.played = due.length - toSend.length;
  const sent: number[] = [];
  const gone: number[] = [];
  for (let i = 0; i < toSend.length; i += PARALLEL_PUSHES) {
    await Promise.all(
      toSend.slice(i, i + PARALLEL_PUSHES).map(async (subscription) => {
        const { streak, freezes } = streakOfDates(daysOf.get(subscription.playerId)!, message.date);
        const status = await push(keys, subscription, streak, freezes, send);
        if (status >= 200 && status < 300) sent.push(subscription.id);
        else if (status === 404 || status === 410) gone.push(subscription.id);
        else outcome.failed += 1;
      }),
    );
  }
  await Promise.all([markReminded(db, sent, message.date), deleteSubscriptions(db, gone)]);
  outcome.sent = sent.length;
  outcome.gone = gone.length;
  return outcome;
}

/** The notification's payload: what the service worker shows, and where a click goes. */
export interface ReminderPayload {
  title: string;
  body: string;
  lang: string;
  url: string;
  tag: string;
}

async function push(keys: VapidKeys, subscription: PushSubscriptionRow, streak: number, freezes: number, send: typeof fetch): Promise<number> {
  const lang = isLanguageCode(subscription.lang) ? subscription.lang : "en";
  const payload: ReminderPayload = { ...reminderText(lang, streak, freezes), lang, url: lang === "en" ? "/" : `/${lang}`, tag: "tumbleword-reminder" };
  try {
    const request = await buildPushPayload(
      // A reminder is worth nothing after the day: it expires within the hours left.
      { data: { ...payload }, options: { ttl: 6 * 3600, urgency: "normal" } },
      { endpoint: subscription.endpoint, expirationTime: null, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      keys,
    );
    const response = await send(subscription.endpoint, request);
    return response.status;
  } catch {
    return 0;
  }
}
