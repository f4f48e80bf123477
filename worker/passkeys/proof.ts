// A signed-in player proving, with one of their own passkeys, that they are at the keyboard (before
// deleting their account): the sign-in ceremony (POST /api/passkeys/login/options, then the
// browser's answer), checked as a sign-in is, and refused unless the passkey is the player's.
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "../db/client.ts";
import { notePasskeyUse } from "./queries.ts";
import { findPasskeyAnywhere } from "./sharded-passkeys.ts";
import { dbForPlayer } from "../db/shards.ts";
import type { Env } from "../env.ts";
import { DomainError } from "../domain-error.ts";
import { relyingPartyOf, spendLoginChallenge, verifyAuthentication } from "./ceremonies.ts";

export async function proveOwnPasskey(env: Env, db: Db, requestUrl: string, playerId: string, challengeId: string, response: Record<string, unknown>, now = Date.now()): Promise<void> {
  const answer = response as unknown as AuthenticationResponseJSON;
  const passkey = await findPasskeyAnywhere(env, answer.id, answer.response.userHandle);
  if (passkey === undefined || passkey.playerId !== playerId) {
    // The challenge is spent either way, as a sign-in's is.
    await spendLoginChallenge(env, db, challengeId, now);
    throw new DomainError("forbidden", "that passkey is not one of this account's");
  }
  const info = await verifyAuthentication(env, db, relyingPartyOf(requestUrl), passkey, challengeId, answer, now);
  await notePasskeyUse(dbForPlayer(env, playerId), passkey.id, info.newCounter, now);
}
