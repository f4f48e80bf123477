// Passkeys for worker tests: registering one for a player and signing in with it, through the
// API's register and login ceremonies answered by the software authenticator.
import { type Json, type TestPlayer, callJson } from "./helpers.ts";
import { type SoftAuthenticator, softAuthenticator } from "./soft-authenticator.ts";

/** Registers a new passkey (a fresh software authenticator) for the player, named if `name` is given; the authenticator. */
export async function registerPasskey(player: TestPlayer, name?: string): Promise<SoftAuthenticator> {
  const authenticator = await softAuthenticator();
  const { challengeId, options } = await callJson("/api/passkeys/register/options", { method: "POST", token: player.token });
  const response = await authenticator.register(options);
  await callJson("/api/passkeys/register/verify", { token: player.token, json: { challengeId, response, ...(name ? { name } : {}) } }, 201);
  return authenticator;
}

/**
 * Signs in with the authenticator's passkey (with the browser's own player's `localToken` if given,
 * to be merged) and expects `status`; the answer. `withUserHandle` false: a credential that is not discoverable.
 */
export async function signIn(authenticator: SoftAuthenticator, localToken?: string, status = 200, withUserHandle = true): Promise<Json> {
  const { challengeId, options } = await callJson("/api/passkeys/login/options", { method: "POST" });
  const response = await authenticator.signIn(options, undefined, withUserHandle);
  return callJson("/api/passkeys/login/verify", { json: { challengeId, response, ...(localToken ? { localToken } : {}) } }, status);
}
