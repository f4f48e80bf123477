// /api/reminders: the daily reminder by Web Push (reminders/reminders.ts). A page asks for the
// server's VAPID public key, subscribes the browser with it, and saves the subscription (on the
// player's shard) with the hour picked (its own clock's, the same hour in UTC, and the page's time
// zone, which must agree) and the page's language; one DELETE turns it off. The endpoint is one
// the server fetches: only a public push service's https address (reminders/push-endpoints.ts).
import { Hono } from "hono";
import * as z from "zod";
import { currentPlayer, playerDb, requirePlayer } from "../auth/middleware.ts";
import { deleteSubscription, forgetEndpoint, saveSubscription } from "./queries.ts";
import { allShards, shardCount, shardOfPlayer } from "../db/shards.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { enforceLimit } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import { checkPushEndpoint, hoursAgree } from "./push-endpoints.ts";
import { LANGUAGE_CODES } from "#engine";

const base64url = z.string().min(8).max(200).regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url");
const hour = z.number().int().min(0).max(23);
/** An IANA time zone name (the page's Intl.DateTimeFormat().resolvedOptions().timeZone). */
const timeZone = z.string().min(1).max(64);

export const reminders = new Hono<AppEnv>()
  .get("/key", (c) => {
    if (!c.env.VAPID_PUBLIC_KEY || !c.env.VAPID_PRIVATE_KEY) throw new ApiError(503, "unavailable", "reminders are not set up on this server");
    return c.json({ publicKey: c.env.VAPID_PUBLIC_KEY });
  })
  .put(
    "/",
    requirePlayer,
    validate("json", z.object({ endpoint: z.string().max(2000), keys: z.object({ p256dh: base64url, auth: base64url }), hour, hourUtc: hour, timeZone, lang: z.enum(LANGUAGE_CODES) })),
    async (c) => {
      const playerId = currentPlayer(c);
      await enforceLimit(c, c.env.ACCOUNT_LIMITER, `reminders:${playerId}`, "reminder changes");
      const body = c.req.valid("json");
      const endpoint = checkPushEndpoint(body.endpoint, new URL(c.req.url).hostname);
      if (!endpoint.ok) throw new ApiError(400, "invalid-request", endpoint.reason);
      // With whole hours every difference is some zone's offset (they span UTC-12 to UTC+14), so
      // the hours are checked against the page's own zone.
      const agree = hoursAgree(body.timeZone, body.hour, body.hourUtc, Date.now());
      if (agree === undefined) throw new ApiError(400, "invalid-request", `timeZone: ${JSON.stringify(body.timeZone)} is not a time zone this server knows (an IANA name such as Europe/Paris)`);
      if (!agree) throw new ApiError(400, "invalid-request", `hourUtc: ${body.hour}:00 in ${body.timeZone} is not ${body.hourUtc}:00 UTC`);
      // On the player's shard; a browser reminds one player, so a subscription it saved for a
      // player on another shard goes.
      const own = shardOfPlayer(playerId, shardCount(c.env));
      await Promise.all(allShards(c.env).flatMap((db, shard) => (shard === own ? [] : [forgetEndpoint(db, body.endpoint)])));
      await saveSubscription(playerDb(c), {
        endpoint: body.endpoint,
        playerId,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        lang: body.lang,
        localHour: body.hour,
        hourUtc: body.hourUtc,
        createdAt: Date.now(),
      });
      return c.json({ hour: body.hour, hourUtc: body.hourUtc, lang: body.lang, knownService: endpoint.knownService });
    },
  )
  .delete("/", requirePlayer, validate("json", z.object({ endpoint: z.string().max(2000) })), async (c) => {
    const playerId = currentPlayer(c);
    const removed = await deleteSubscription(playerDb(c), playerId, c.req.valid("json").endpoint);
    return c.json({ removed });
  });
