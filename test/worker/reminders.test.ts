// The daily reminder (reminders/reminders.ts, reminders/routes.ts): saving and removing a
// subscription, the hourly fan-out at 100,000 subscribers in bounded pages and queue batches, and
// the consumer: one reminder a day, none for a player who already played, a subscription the
// push service answers 404 or 410 for deleted; and end to end, from the cron through the queue's
// messages to a local push service that decrypts what it receives (push-service.ts).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { addDays, dayStart } from "#engine";
import worker from "#worker/index.ts";
import { allShardD1s, shardOfPlayer } from "#worker/db/shards.ts";
import { emptySummary, foldDay } from "#worker/players/player-summary.ts";
import { FAN_OUT_PAGE, IDS_PER_MESSAGE, REMINDER_CRON, type ReminderMessage, type SendOutcome, enqueueReminders, sendReminders, vapidKeys } from "#worker/reminders/reminders.ts";
import keys from "../vapid-test-keys.json";
import { call, callJson, countEverywhere, expectError, newPlayer, newPlayerWhere, play, puzzleOf, solutionWords, today, playerShard, newPlayerOnAnotherShard } from "./helpers.ts";

const browserKeys = keys.browser;
// West Africa Time is UTC+1 all year (no daylight saving): the local hour is the UTC hour + 1.
const subscription = (endpoint: string, hourUtc = 7, lang = "en") => ({ endpoint, keys: browserKeys, hour: (hourUtc + 1) % 24, hourUtc, timeZone: "Africa/Lagos", lang });

/** How many subscriptions with this endpoint (or, ending in %, starting so) each shard holds. */
async function endpointRows(endpoint: string): Promise<number[]> {
  const where = endpoint.endsWith("%") ? "substr(endpoint, 1, ?2) = ?1" : "endpoint = ?1";
  const bound = endpoint.endsWith("%") ? [endpoint.slice(0, -1), endpoint.length - 1] : [endpoint];
  return Promise.all(allShardD1s(env).map(async (d1) => (await d1.prepare(`select count(*) as n from push_subscriptions where ${where}`).bind(...bound).first<number>("n")) ?? 0));
}

/** The reminder messages the fan-out would send for the subscriptions matching `endpoints`: one per shard holding some. */
async function messagesFor(date: string, endpoints: string): Promise<ReminderMessage[]> {
  const perShard = await Promise.all(
    allShardD1s(env).map(async (d1, shard) => ({ shard, ids: (await d1.prepare("select id from push_subscriptions where endpoint like ? order by id").bind(endpoints).all<{ id: number }>()).results.map((r) => r.id) })),
  );
  return perShard.filter((m) => m.ids.length > 0).map((m) => ({ kind: "reminders", date, ...m }));
}

function sum(outcomes: readonly SendOutcome[]): SendOutcome {
  return outcomes.reduce((a, b) => ({ sent: a.sent + b.sent, played: a.played + b.played, gone: a.gone + b.gone, failed: a.failed + b.failed }), { sent: 0, played: 0, gone: 0, failed: 0 });
}

describe("/api/reminders", () => {
  it("gives the public key, saves a subscription for the player, and one DELETE removes it", async () => {
    expect(await callJson("/api/reminders/key")).toEqual({ publicKey: keys.publicKey });
    const player = await newPlayer("Reminded");
    const endpoint = "https://push.example/api-test";
    expect(await callJson("/api/reminders", { method: "PUT", token: player.token, json: subscription(endpoint, 18, "de") })).toEqual({ hour: 19, hourUtc: 18, lang: "de", knownService: false });
    const row = await playerShard(player.playerId).prepare("select player_id, lang, local_hour, hour_utc from push_subscriptions where endpoint = ?").bind(endpoint).first();
    expect(row).toEqual({ player_id: player.playerId, lang: "de", local_hour: 19, hour_utc: 18 });
    // The same browser then reminds a player on another shard: its subscription moves there.
    const next = await newPlayerOnAnotherShard(player.playerId, "Next");
    await callJson("/api/reminders", { method: "PUT", token: next.token, json: subscription(endpoint, 18, "de") });
    expect(await endpointRows(endpoint)).toEqual(allShardD1s(env).map((_, shard) => (shard === shardOfPlayer(next.playerId, 4) ? 1 : 0)));
    await callJson("/api/reminders", { method: "PUT", token: player.token, json: subscription(endpoint, 18, "de") });
    expect(await endpointRows(endpoint)).toEqual(allShardD1s(env).map((_, shard) => (shard === shardOfPlayer(player.playerId, 4) ? 1 : 0)));
    // Another player can't remove it; its own player can, in one call.
    const other = await newPlayer();
    expect(await callJson("/api/reminders", { method: "DELETE", token: other.token, json: { endpoint } })).toEqual({ removed: false });
    expect(await callJson("/api/reminders", { method: "DELETE", token: player.token, json: { endpoint } })).toEqual({ removed: true });
    expect(await endpointRows(endpoint)).toEqual([0, 0, 0, 0]);
  });

  it("refuses a subscription without a player, with a non-https endpoint, a bad hour or a language it lacks", async () => {
    await expectError(await call("/api/reminders", { method: "PUT", json: subscription("https://push.example/x") }), 401, "unauthorized");
    const player = await newPlayer();
    const put = (json: object) => call("/api/reminders", { method: "PUT", token: player.token, json });
    await expectError(await put(subscription("http://push.example/x")), 400, "invalid-request");
    await expectError(await put({ ...subscription("https://push.example/x"), hourUtc: 3 }), 400, "invalid-request");
    await expectError(await put({ ...subscription("https://push.example/x"), hour: 24 }), 400, "invalid-request");
    await expectError(await put({ ...subscription("https://push.example/x"), lang: "it" }), 400, "invalid-request");
    await expectError(await put({ ...subscription("https://push.example/x"), keys: { p256dh: "<script>", auth: "x" } }), 400, "invalid-request");
  });
});

describe("the endpoint and the hours a subscription names", () => {
  const put = async (json: object) => call("/api/reminders", { method: "PUT", token: (await newPlayer()).token, json });
  const refused = async (json: object, reason: RegExp) => {
    const res = await put(json);
    const text = await res.text();
    expect(res.status, text).toBe(400);
    expect(JSON.parse(text).error).toMatchObject({ code: "invalid-request", message: expect.stringMatching(reason) });
  };

  it("refuses addresses inside a network, IP literals in any spelling, this service, look-alikes, ports, credentials and control characters", async () => {
    // What a hostile tester sent and today's main saved (issue 38), then their cousins.
    await refused(subscription("https://169.254.169.254/latest/meta-data"), /not an IP address/);
    await refused(subscription("https://10.0.0.1/"), /not an IP address/);
    await refused(subscription("http://localhost:8850/api/health"), /https/);
    await refused(subscription("https://fcm.googleapis.com/fcm/send/a\u0000b"), /control or invisible/);
    await refused(subscription("https://fcm.googleapis.com/fcm/send/\u202Eabc"), /control or invisible/);
    await refused(subscription("https://fcm.gооgleapis.com/fcm/send/abc"), /internationalised, a look-alike/); // Cyrillic о
    await refused(subscription("https://[::1]/"), /not an IP address/);
    await refused(subscription("https://[fd00::1]/push"), /not an IP address/);
    await refused(subscription("https://2130706433/"), /not an IP address/); // 127.0.0.1
    await refused(subscription("https://0x7f.1/"), /not an IP address/);
    await refused(subscription("https://localhost/"), /domain/);
    await refused(subscription("https://push.localhost/"), /local network/);
    await refused(subscription("https://metadata.google.internal/computeMetadata/v1/"), /local network/);
    await refused(subscription("https://printer.local/"), /local network/);
    await refused(subscription("https://1.0.0.127.in-addr.arpa/"), /local network/);
    await refused(subscription("https://tumbleword.test/api/health"), /this service itself/); // the tests' origin
    await refused(subscription("https://api.tumbleword.test/x"), /this service itself/);
    await refused(subscription("https://fcm.googleapis.com:8443/fcm/send/abc"), /port/);
    await refused(subscription("https://user:secret@fcm.googleapis.com/fcm/send/abc"), /user name or password/);
    await refused(subscription("not a url"), /not a URL/);
    // Nothing refused was kept.
    expect(await countEverywhere("select count(*) as n from push_subscriptions where endpoint like '%169.254%' or endpoint like '%localhost%' or endpoint like '%tumbleword.test%'")).toBe(0);
  });

  it("takes the push services browsers use, and says whether a public host is one of them", async () => {
    expect(await (await put(subscription("https://fcm.googleapis.com/fcm/send/abc123", 13))).json()).toMatchObject({ knownService: true });
    expect(await (await put(subscription("https://updates.push.services.mozilla.com/wpush/v2/abc", 13))).json()).toMatchObject({ knownService: true });
    expect(await (await put(subscription("https://web.push.apple.com/QGa", 13))).json()).toMatchObject({ knownService: true });
    expect(await (await put(subscription("https://wns2-by3p.notify.windows.com/w/?token=abc", 13))).json()).toMatchObject({ knownService: true });
    expect(await (await put(subscription("https://push.example.org/self-hosted/abc", 13))).json()).toMatchObject({ knownService: false });
  });

  it("needs the hour and its UTC form to agree in the page's time zone", async () => {
    const endpoint = "https://fcm.googleapis.com/fcm/send/hours";
    // (13:00 UTC: an hour the fan-out's tests leave alone.)
    expect((await put({ ...subscription(endpoint), hour: 14, hourUtc: 13, timeZone: "Africa/Lagos" })).status).toBe(200);
    // India is UTC+5:30: 19:00 there is reminded at 13:00 UTC, as the page reckons it (13:30 rounded down).
    expect((await put({ ...subscription(endpoint), hour: 19, hourUtc: 13, timeZone: "Asia/Kolkata" })).status).toBe(200);
    expect((await put({ ...subscription(endpoint), hour: 13, hourUtc: 13, timeZone: "UTC" })).status).toBe(200);
    await refused({ ...subscription(endpoint, 7), hour: 8, hourUtc: 3, timeZone: "Africa/Lagos" }, /hourUtc: 8:00 in Africa\/Lagos is not 3:00 UTC/);
    await refused({ ...subscription(endpoint, 7), hour: 20, hourUtc: 7, timeZone: "UTC" }, /hourUtc/);
    await refused({ ...subscription(endpoint, 7), timeZone: "Mars/Olympus_Mons" }, /not a time zone/);
    const { timeZone: _, ...withoutZone } = subscription(endpoint, 7);
    await refused(withoutZone, /timeZone/);
  });
});

describe("the hourly fan-out", () => {
  it("sends 100,000 subscribers due at an hour to the queue once each, in pages of ids and batches of messages of one shard", async () => {
    // On shard 0, 100,000 subscriptions at 07:00 UTC and 1,000 at 08:00; on shard 2, 1,500 at
    // 07:00 (its ids the same numbers as shard 0's first): written by SQLite itself.
    const insert = (d1: D1Database, from: number, to: number, at7: number) =>
      d1
        .prepare(
          `with recursive n(i) as (select ? union all select i + 1 from n where i < ?)
           insert into push_subscriptions (endpoint, player_id, p256dh, auth, lang, local_hour, hour_utc, created_at)
           select 'https://push.example/fan/' || i, 'p' || i, 'k', 'a', 'en', 9, case when i <= ? then 7 else 8 end, 0 from n`,
        )
        .bind(from, to, at7)
        .run();
    await insert(env.DB, 1, 101_000, 100_000);
    await insert(env.DB_2, 200_001, 201_500, 201_500);
    const batches: ReminderMessage[][] = [];
    const recorder = { sendBatch: async (messages: Iterable<MessageSendRequest<ReminderMessage>>) => void batches.push([...messages].map((m) => m.body)) };
    const total = await enqueueReminders(env, recorder, Date.parse("2026-11-25T07:00:00Z"));
    expect(total).toBe(101_500);
    const messages = batches.flat();
    const ids = (shard: number) => messages.filter((m) => m.shard === shard).flatMap((m) => m.ids);
    expect(ids(0)).toHaveLength(100_000);
    expect(new Set(ids(0)).size).toBe(100_000);
    expect(ids(2)).toHaveLength(1_500);
    expect(new Set(ids(2)).size).toBe(1_500);
    expect(messages.every((m) => m.shard === 0 || m.shard === 2)).toBe(true);
    expect(Math.max(...messages.map((m) => m.ids.length))).toBe(IDS_PER_MESSAGE);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(100);
    // One sendBatch per page of FAN_OUT_PAGE ids: 100 pages of 20 messages on shard 0, 2 on shard 2.
    expect(batches).toHaveLength(100_000 / FAN_OUT_PAGE + 2);
    expect(messages.every((m) => m.date === "2026-11-25" && m.kind === "reminders")).toBe(true);
    const dueAt8 = (await env.DB.prepare("select min(id) as first from push_subscriptions where hour_utc = 8").first<{ first: number }>())!.first;
    expect(ids(0).some((id) => id >= dueAt8)).toBe(false);
  });
});

describe("sending reminders", () => {
  it("reminds a player who has not played today once, never one who has, and deletes a subscription that is gone", async () => {
    const date = today();
    const streaky = await newPlayer("Streaky");
    // Off shard 0: its round of today is on its own shard, where the reminder looks.
    const done = await newPlayerWhere((shard) => shard !== 0, "Done");
    const lapsed = await newPlayer("Lapsed");
    // Streaky played the three days before today (archived into their summary).
    const summary = [3, 2, 1].reduce((s, n) => foldDay(s, { roundId: `r${n}`, date: addDays(date, -n), ranked: true, score: 1, words: 1, verified: true, flags: "", found: [] }), emptySummary());
    await playerShard(streaky.playerId).prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, ?)").bind(streaky.playerId, JSON.stringify(summary), addDays(date, -1)).run();
    const [word] = solutionWords(await puzzleOf(date), 1);
    await play(done, [word!.word]);
    for (const [player, name, lang] of [[streaky, "streaky", "fr"], [done, "done", "en"], [lapsed, "lapsed", "en"]] as const) {
      await callJson("/api/reminders", { method: "PUT", token: player.token, json: subscription(`https://push.example/send/${name}`, 7, lang) });
    }
    const messages = await messagesFor(date, "https://push.example/send/%");
    const posted: { url: string; headers: Headers; bytes: number }[] = [];
    const pushService = (async (url: string, init: RequestInit) => {
      posted.push({ url, headers: new Headers(init.headers), bytes: (init.body as Uint8Array).byteLength });
      return new Response(null, { status: url.endsWith("/lapsed") ? 410 : 201 });
    }) as typeof fetch;
    const sendAll = async () => sum(await Promise.all(messages.map((message) => sendReminders(env, vapidKeys(env)!, message, pushService))));
    expect(await sendAll()).toEqual({ sent: 1, played: 1, gone: 1, failed: 0 });
    expect(posted.map((p) => p.url).sort()).toEqual(["https://push.example/send/lapsed", "https://push.example/send/streaky"]);
    for (const p of posted) {
      // Encrypted for the browser (RFC 8291), signed with VAPID (RFC 8292).
      expect(p.headers.get("Content-Encoding")).toBe("aes128gcm");
      expect(p.headers.get("Authorization")).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
      expect(p.bytes).toBeGreaterThan(100);
    }
    // 410: the subscription is gone; the others stay.
    expect((await endpointRows("https://push.example/send/%")).reduce((a, b) => a + b, 0)).toBe(2);
    // The same hour's message again (a redelivery): nobody is reminded twice a day.
    posted.length = 0;
    expect(await sendAll()).toEqual({ sent: 0, played: 1, gone: 0, failed: 0 });
    expect(posted).toEqual([]);
  });
});

describe("end to end, through a local push service that decrypts", () => {
  const service = inject("pushServiceUrl");
  interface LocalSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    clientHash: string;
  }
  const post = (path: string, body?: object) =>
    fetch(`${service}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const subscribe = async () => ((await (await post("/subscribe", { userVisibleOnly: "true", applicationServerKey: keys.publicKey })).json()) as { data: LocalSubscription }).data;
  const received = async (s: LocalSubscription) => ((await (await post("/get-notifications", { clientHash: s.clientHash })).json()) as { data: { messages: string[] } }).data.messages;
  // Push services are public https hosts (the route refuses anything else); this local one is
  // plain http on this machine, so the subscriptions name a public-looking host and the push's
  // fetch maps it back.
  const PUBLIC = "https://push.e2e.example";
  const secure = (url: string) => url.replace(service, PUBLIC);
  const localFetch = ((url: string, init: RequestInit) => fetch(url.replace(PUBLIC, service), init)) as typeof fetch;

  it("the hour's cron and the queue remind a player at risk in their page's language; none for one who played; a 410 deletes the subscription", async () => {
    const date = today();
    // 05:00 UTC today: the subscriptions due then.
    const scheduledTime = dayStart(date) + 5 * 3_600_000;
    const atRisk = await newPlayer("Ana");
    const played = await newPlayer("Ben");
    const gone = await newPlayer("Cleo");
    const summary = [3, 2, 1].reduce((s, n) => foldDay(s, { roundId: `e2e${n}`, date: addDays(date, -n), ranked: true, score: 1, words: 1, verified: true, flags: "", found: [] }), emptySummary());
    await playerShard(atRisk.playerId).prepare("insert into player_summaries (player_id, summary, through_date) values (?, ?, ?)").bind(atRisk.playerId, JSON.stringify(summary), addDays(date, -1)).run();
    const [word] = solutionWords(await puzzleOf(date), 1);
    await play(played, [word!.word]);
    const subs = { atRisk: await subscribe(), played: await subscribe(), gone: await subscribe() };
    for (const [player, sub, lang] of [[atRisk, subs.atRisk, "fr"], [played, subs.played, "en"], [gone, subs.gone, "en"]] as const) {
      await callJson("/api/reminders", { method: "PUT", token: player.token, json: { endpoint: secure(sub.endpoint), keys: sub.keys, hour: 6, hourUtc: 5, timeZone: "Africa/Lagos", lang } });
    }
    // The browser behind the third one unsubscribed: its push service now answers 410.
    expect((await post(`/expire-subscription/${subs.gone.clientHash}`)).status).toBe(200);

    // The cron, with the queue's producer recorded, then each message as the queue's consumer takes it.
    const queued: ReminderMessage[] = [];
    const producer = { sendBatch: async (messages: Iterable<MessageSendRequest<ReminderMessage>>) => void queued.push(...[...messages].map((m) => m.body)) };
    const cronCtx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime, cron: REMINDER_CRON }), { ...env, REMINDER_QUEUE: producer as unknown as Queue }, cronCtx);
    await waitOnExecutionContext(cronCtx);
    expect(queued.flatMap((m) => m.ids)).toHaveLength(3);
    const outcomes = [];
    for (const message of queued) outcomes.push(await sendReminders(env, vapidKeys(env)!, message, localFetch));
    expect(sum(outcomes)).toEqual({ sent: 1, played: 1, gone: 1, failed: 0 });

    const [message, ...more] = await received(subs.atRisk);
    expect(more).toEqual([]);
    expect(JSON.parse(message!)).toEqual({
      title: "Votre série de 3 jours est en danger",
      body: "Jouez la grille du jour avant minuit UTC pour la garder.",
      lang: "fr",
      url: "/fr",
      tag: "tumbleword-reminder",
    });
    expect(await received(subs.played)).toEqual([]);
    expect(await endpointRows(secure(subs.gone.endpoint))).toEqual([0, 0, 0, 0]);
    expect(await endpointRows(secure(subs.atRisk.endpoint))).toEqual(allShardD1s(env).map((_, shard) => (shard === shardOfPlayer(atRisk.playerId, 4) ? 1 : 0)));
  });
});
