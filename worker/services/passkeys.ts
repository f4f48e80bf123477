// Passkeys (WebAuthn) through @simplewebauthn/server: the relying party is the host the request
// came to (localhost in tests, the deployed host in production), so nothing is configured and a
// passkey made on one host never signs in on another.
//
// Challenges are rows in D1 (passkey_challenges), not a signed cookie: each is taken with one
// DELETE ... RETURNING, so a challenge answers once whatever the client replays, and it expires
// after CHALLENGE_TTL_MS. A stateless HMAC challenge could only bound replays by its expiry.
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "../db/client.ts";
import { type ChallengePurpose, insertChallenge, takeChallenge } from "../db/queries/passkeys.ts";
import type { PasskeyRow } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Enough for every device a person owns; a cap keeps the list and the exclude list short. */
export const MAX_PASSKEYS_PER_PLAYER = 20;
const RP_NAME = "Tumbleword";

export interface RelyingParty {
  /** The host name, without port (WebAuthn's RP ID). */
  id: string;
  /** Scheme, host and port: what the browser writes into clientDataJSON. */
  origin: string;
}

export function relyingPartyOf(requestUrl: string): RelyingParty {
  const url = new URL(requestUrl);
  return { id: url.hostname, origin: url.origin };
}

async function storeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, playerId: string | null, now: number): Promise<string> {
  const id = crypto.randomUUID();
  await insertChallenge(db, { id, challenge, purpose, playerId, expiresAt: now + CHALLENGE_TTL_MS }, now);
  return id;
}

/** Takes the challenge (it never works again) and says in plain words why it cannot be used. */
async function useChallenge(db: Db, id: string, purpose: ChallengePurpose, now: number) {
  const row = await takeChallenge(db, id);
  if (row === undefined) throw new ApiError(400, "invalid-request", "challengeId: unknown or already used; start again");
  if (row.expiresAt <= now) throw new ApiError(400, "invalid-request", "challengeId: expired (a passkey prompt lasts 5 minutes); start again");
  if (row.purpose !== purpose) throw new ApiError(400, "invalid-request", `challengeId: made for ${row.purpose === "login" ? "signing in" : "adding a passkey"}, not this`);
  return row;
}

/** What a verification failure of the library means to the client (its message names the check). */
function refused(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError(400, "invalid-request", `the passkey's answer did not verify: ${message}`);
}

export async function registrationOptions(db: Db, rp: RelyingParty, player: { id: string; name: string }, existing: readonly PasskeyRow[], now: number) {
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: player.name,
    userDisplayName: player.name,
    userID: Uint8Array.from(new TextEncoder().encode(player.id)),
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    // A discoverable credential: signing in then needs no user name at all.
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  return { challengeId: await storeChallenge(db, options.challenge, "register", player.id, now), options };
}

export async function verifyRegistration(db: Db, rp: RelyingParty, playerId: string, challengeId: string, response: RegistrationResponseJSON, now: number) {
  const challenge = await useChallenge(db, challengeId, "register", now);
  if (challenge.playerId !== playerId) throw new ApiError(403, "forbidden", "challengeId: made for another player");
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch (error) {
    throw refused(error);
  }
  if (!verification.verified) throw new ApiError(400, "invalid-request", "the passkey's answer did not verify");
  return verification.registrationInfo.credential;
}

export async function authenticationOptions(db: Db, rp: RelyingParty, now: number) {
  // No allowCredentials: the browser offers every passkey it holds for this site.
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  return { challengeId: await storeChallenge(db, options.challenge, "login", null, now), options };
}

export async function verifyAuthentication(db: Db, rp: RelyingParty, passkey: PasskeyRow, challengeId: string, response: AuthenticationResponseJSON, now: number) {
  const challenge = await useChallenge(db, challengeId, "login", now);
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.id, publicKey: Uint8Array.from(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: false,
    });
  } catch (error) {
    throw refused(error);
  }
  if (!verification.verified) throw new ApiError(401, "unauthorized", "the passkey's signature did not verify");
  return verification.authenticationInfo;
}
