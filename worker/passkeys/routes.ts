// Passkeys: "keep your streak on every device". A signed-in player registers passkeys (several,
// listed and removable); a passkey signs in anywhere and answers a fresh token of its player,
// the same history. See passkeys/ceremonies.ts (WebAuthn, challenges) and
// players/identity-merge.ts (what happens to the browser's own player on sign-in).
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { Hono } from "hono";
import * as z from "zod";
import { plainText } from "../http/schemas.ts";
import { currentPlayer, playerDb, requirePlayer } from "../auth/middleware.ts";
import { issueToken } from "../auth/tokens.ts";
import { deletePasskey, insertPasskey, notePasskeyUse, playerPasskeys } from "./queries.ts";
import { findPasskeyAnywhere } from "./sharded-passkeys.ts";
import { dbForPlayer } from "../db/shards.ts";
import { findPlayer } from "../players/queries.ts";
import type { AppEnv } from "../env.ts";
import { ApiError } from "../http/errors.ts";
import { clientIp, enforceLimit, limitPerPlayer } from "../http/rate-limit.ts";
import { validate } from "../http/validate.ts";
import { mergeLocalPlayer } from "../players/identity-merge.ts";
import { defaultName } from "../players/names.ts";
import {
  MAX_PASSKEYS_PER_PLAYER,
  authenticationOptions,
  registrationOptions,
  relyingPartyOf,
  spendLoginChallenge,
  verifyAuthentication,
  verifyRegistration,
} from "./ceremonies.ts";

const base64url = z.string().min(1).max(2048).regex(/^[A-Za-z0-9_-]+$/, "base64url text");
/** The shape of a browser's WebAuthn answer; @simplewebauthn/server checks everything inside. */
export const credentialAnswer = z.looseObject({
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  response: z.looseObject({ clientDataJSON: base64url }),
  clientExtensionResults: z.looseObject({}).default({}),
});
const challengeId = z.uuid({ message: "a challengeId from the matching /options answer" });
/** Sign-in challenge ids are signed (passkeys/ceremonies.ts); a registration id is refused with its reason. */
export const loginChallengeId = z.string({ message: "a challengeId from the matching /options answer" }).min(1).max(300).regex(/^[A-Za-z0-9_.:-]+$/, "a challengeId from the matching /options answer");

const limitPasskeyChanges = limitPerPlayer((env) => env.ACCOUNT_LIMITER, (playerId) => `passkey:${playerId}`, "passkey changes");

const view = (p: { id: string; name: string; createdAt: number; lastUsedAt: number | null }) => ({
  id: p.id,
  name: p.name,
  createdAt: new Date(p.createdAt).toISOString(),
  lastUsedAt: p.lastUsedAt === null ? null : new Date(p.lastUsedAt).toISOString(),
});

export const passkeys = new Hono<AppEnv>()
  .get("/", requirePlayer, async (c) => {
    const playerId = currentPlayer(c);
    const rows = await playerPasskeys(playerDb(c), playerId);
    return c.json({ passkeys: rows.map(view) });
  })
  .post("/register/options", requirePlayer, limitPasskeyChanges, async (c) => {
    const db = c.get("db");
    const playerId = currentPlayer(c);
    const [player, existing] = await Promise.all([findPlayer(playerDb(c), playerId), playerPasskeys(playerDb(c), playerId)]);
    if (player === undefined) throw new ApiError(401, "unauthorized", "this player does not exist");
    if (existing.length >= MAX_PASSKEYS_PER_PLAYER) throw new ApiError(409, "conflict", `a player has at most ${MAX_PASSKEYS_PER_PLAYER} passkeys: remove one first`);
    const name = player.name ?? defaultName(playerId);
    return c.json(await registrationOptions(db, relyingPartyOf(c.req.url), { id: playerId, name }, existing, Date.now()));
  })
  .post(
    "/register/verify",
    requirePlayer,
    validate("json", z.object({ challengeId: z.union([challengeId, loginChallengeId]), response: credentialAnswer, name: plainText(60).pipe(z.string().min(1)).optional() })),
    async (c) => {
      const db = c.get("db");
      const playerId = currentPlayer(c);
      const { challengeId: id, response, name } = c.req.valid("json");
      const now = Date.now();
      const credential = await verifyRegistration(db, relyingPartyOf(c.req.url), playerId, id, response as unknown as RegistrationResponseJSON, now);
      const row = {
        id: credential.id,
        playerId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: name ?? `Passkey added ${new Date(now).toISOString().slice(0, 10)}`,
        createdAt: now,
        lastUsedAt: null,
      };
      // Credential ids are unique over every shard: a sign-in finds exactly one.
      const taken = (await findPasskeyAnywhere(c.env, row.id)) !== undefined;
      if (taken || !(await insertPasskey(playerDb(c), row))) throw new ApiError(409, "conflict", "this passkey is already registered");
      return c.json({ passkey: view(row) }, 201);
    },
  )
  .post("/login/options", async (c) => {
    await enforceLimit(c, c.env.PLAYER_LIMITER, `passkey:${clientIp(c)}`, "passkey sign-ins from this address");
    return c.json(await authenticationOptions(c.env, relyingPartyOf(c.req.url), Date.now()));
  })
  // `localToken`: the token of the player this browser had (if any), whose history may join the
  // passkey's player (players/identity-merge.ts). A bad or expired one just merges nothing.
  .post("/login/verify", validate("json", z.object({ challengeId: loginChallengeId, response: credentialAnswer, localToken: z.string().max(200).optional() })), async (c) => {
    await enforceLimit(c, c.env.PLAYER_LIMITER, `passkey:${clientIp(c)}`, "passkey sign-ins from this address");
    const db = c.get("db");
    const { challengeId: id, response, localToken } = c.req.valid("json");
    const now = Date.now();
    const passkey = await findPasskeyAnywhere(c.env, response.id, (response.response as { userHandle?: string }).userHandle);
    if (passkey === undefined) {
      // The challenge is spent either way: a probe for credential ids costs a fresh challenge each.
      await spendLoginChallenge(c.env, db, id, now);
      throw new ApiError(404, "not-found", "this passkey is not registered here (it was removed, or made for another site)");
    }
    const info = await verifyAuthentication(c.env, db, relyingPartyOf(c.req.url), passkey, id, response as unknown as AuthenticationResponseJSON, now);
    await notePasskeyUse(dbForPlayer(c.env, passkey.playerId), passkey.id, info.newCounter, now);
    const player = await findPlayer(dbForPlayer(c.env, passkey.playerId), passkey.playerId);
    if (player === undefined) throw new ApiError(404, "not-found", "this passkey's player no longer exists");
    const merge = await mergeLocalPlayer(c.env, db, localToken, player.id, now);
    const token = await issueToken(c.env, player.id, { version: player.tokenVersion, now });
    return c.json({ playerId: player.id, token, name: player.name, merge });
  })
  .delete("/:id", requirePlayer, limitPasskeyChanges, validate("param", z.object({ id: base64url })), async (c) => {
    const playerId = currentPlayer(c);
    if (!(await deletePasskey(playerDb(c), playerId, c.req.valid("param").id))) {
      throw new ApiError(404, "not-found", "you have no passkey with this id");
    }
    return c.json({ deleted: true });
  });

