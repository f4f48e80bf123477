// Passkeys (WebAuthn) through @simplewebauthn/server: the relying party is the host the request
// came to (localhost in tests, the deployed host in production), so nothing is configured and a
// passkey made on one host never signs in on another.
//
// Registration challenges are rows in D1 (passkey_challenges), made for one signed-in player:
// each is taken with one DELETE ... RETURNING that also names the player, so it answers once and
// only its player can spend it. Sign-in challenges are asked for anonymously (a simple cross-site
// POST can ask too), so asking writes nothing: the challenge id is signed (its expiry and the
// challenge under the token key), and only a verification writes a row, to mark it answered, that
// goes when the challenge would have expired. Every challenge expires after CHALLENGE_TTL_MS.
import { generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { Db } from "../db/client.ts";
import { signLabelled, verifyLabelled } from "../auth/tokens.ts";
import { type ChallengePurpose, claimChallenge, findChallenge, insertChallenge, takeOwnChallenge } from "./queries.ts";
import type { Env } from "../env.ts";
import type { PasskeyRow } from "../db/schema.ts";
import { DomainError } from "../domain-error.ts";

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

const LOGIN_PREFIX = "login.";
const expiredMessage = "challengeId: expired (a passkey prompt lasts 5 minutes); start again";

/**
 * Takes a registration challenge of this player (it never works again) and says in plain words
 * why it cannot be used. Another player's challenge is refused without being spent.
 */
async function useRegistrationChallenge(db: Db, id: string, playerId: string, now: number) {
  if (id.startsWith(LOGIN_PREFIX)) throw new DomainError("invalid-request", "challengeId: made for signing in, not this");
  const row = await takeOwnChallenge(db, id, "register", playerId);
  if (row === undefined) {
    const other = await findChallenge(db, id);
    if (other === undefined) throw new DomainError("invalid-request", "challengeId: unknown or already used; start again");
    if (other.purpose !== "register") throw new DomainError("invalid-request", "challengeId: made for signing in, not this");
    throw new DomainError("forbidden", "challengeId: made for another player");
  }
  if (row.expiresAt <= now) throw new DomainError("invalid-request", expiredMessage);
  return row;
}

const signedLoginText = (expiresAt: number, challenge: string) => `passkey-login/${expiresAt}/${challenge}`;

/** A sign-in challenge id: `login.<expiresAt>.<challenge>.<signature>`, checked without D1. */
export async function loginChallengeId(env: Env, challenge: string, expiresAt: number): Promise<string> {
  return `${LOGIN_PREFIX}${expiresAt}.${challenge}.${await signLabelled(env, signedLoginText(expiresAt, challenge))}`;
}

/** The sign-in challenge an id carries, once its signature and expiry are checked and it is marked answered. */
async function useLoginChallenge(env: Env, db: Db, id: string, now: number): Promise<{ challenge: string }> {
  const parts = id.startsWith(LOGIN_PREFIX) ? id.slice(LOGIN_PREFIX.length).split(".") : [];
  const [expiresText, challenge, signature] = parts;
  if (parts.length !== 3 || !/^[0-9]{1,15}$/.test(expiresText!) || !(await verifyLabelled(env, signedLoginText(Number(expiresText), challenge!), signature!))) {
    // A registration challenge (a uuid) is a real id, used for the wrong thing.
    const row = /^[0-9a-f-]{36}$/.test(id) ? await findChallenge(db, id) : undefined;
    if (row !== undefined) throw new DomainError("invalid-request", "challengeId: made for adding a passkey, not this");
    throw new DomainError("invalid-request", "challengeId: unknown or already used; start again");
  }
  const expiresAt = Number(expiresText);
  if (expiresAt <= now) throw new DomainError("invalid-request", expiredMessage);
  if (!(await claimChallenge(db, { id: `login:${challenge}`, challenge: challenge!, expiresAt }, now))) {
    throw new DomainError("invalid-request", "challengeId: unknown or already used; start again");
  }
  return { challenge: challenge! };
}

/** Spends a sign-in challenge whatever comes next (a probe for credential ids costs one each). */
export async function spendLoginChallenge(env: Env, db: Db, id: string, now: number): Promise<void> {
  await useLoginChallenge(env, db, id, now).catch(() => undefined);
}

/** What a verification failure of the library means to the client (its message names the check). */
function refused(error: unknown): DomainError {
  const message = error instanceof Error ? error.message : String(error);
  return new DomainError("invalid-request", `the passkey's answer did not verify: ${message}`);
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
  const challenge = await useRegistrationChallenge(db, challengeId, playerId, now);
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response, expectedChallenge: challenge.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
  } catch (error) {
    throw refused(error);
  }
  if (!verification.verified) throw new DomainError("invalid-request", "the passkey's answer did not verify");
  return verification.registrationInfo.credential;
}

/** Sign-in options: nothing is stored (see the top of this file). */
export async function authenticationOptions(env: Env, rp: RelyingParty, now: number) {
  // No allowCredentials: the browser offers every passkey it holds for this site.
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "preferred" });
  return { challengeId: await loginChallengeId(env, options.challenge, now + CHALLENGE_TTL_MS), options };
}

export async function verifyAuthentication(env: Env, db: Db, rp: RelyingParty, passkey: PasskeyRow, challengeId: string, response: AuthenticationResponseJSON, now: number) {
  const challenge = await useLoginChallenge(env, db, challengeId, now);
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
  if (!verification.verified) throw new DomainError("unauthorized", "the passkey's signature did not verify");
  return verification.authenticationInfo;
}
