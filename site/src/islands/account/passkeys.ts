// The browser's side of passkeys, with @simplewebauthn/browser: registering one for this
// browser's player ("keep your streak on every device") and signing in with one, which may bring
// this browser's own player along (the server merges it; see worker/players/identity-merge.ts).
// Loaded on demand (a click), so no page carries it up front.
import { WebAuthnError, browserSupportsWebAuthn, startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { ApiError, type PasskeySignIn, ensurePlayer, identity, passkeyApi } from "../../core/api.ts";
import { adoptIdentity } from "../../core/identity.ts";
import { forgetGame, savedDates } from "../daily/game-store.ts";
import { NAME_KEY } from "../../core/name-prompt.ts";
import { removeItem, writeItem } from "../../core/storage.ts";

/** This browser has no WebAuthn at all (an old browser, some in-app browsers). */
class PasskeysUnsupported extends Error {
  constructor() {
    super("This browser can't use passkeys. Try a recent Chrome, Safari, Edge or Firefox, or use a one-time code below.");
  }
}

/** Browsers offer passkeys only on a site's name (or localhost), never on a bare IP address. */
function addressProblem(): string {
  const host = globalThis.location?.hostname ?? "";
  const where = host ? ` (${host})` : "";
  return `Passkeys only work when the site is opened by its name, and this address${where} is not one the browser allows for them (a bare IP address never is). Open the site by its name, or use a one-time code below. Nothing changed.`;
}

/** A friendly sentence for whatever went wrong (cancelled prompt, no support, server refusal). */
export function passkeyProblem(error: unknown): string {
  if (error instanceof PasskeysUnsupported) return error.message;
  if (error instanceof WebAuthnError || (error instanceof Error && error.name === "NotAllowedError")) {
    const code = error instanceof WebAuthnError ? error.code : "";
    if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") return "This device already has a passkey for you.";
    if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID" || error.name === "SecurityError") return addressProblem();
    return "No passkey was used (the prompt was closed or timed out). Nothing changed.";
  }
  if (error instanceof ApiError) return error.transient ? "The server can't be reached right now; try again in a moment." : `That didn't work: ${error.message}.`;
  return "That didn't work; nothing changed. Try again.";
}

/** "Chrome on Android", from what the browser says of itself: a name for the passkeys list. */
function deviceName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? "Edge" : /Firefox\//.test(ua) ? "Firefox" : /Chrome\//.test(ua) ? "Chrome" : /Safari\//.test(ua) ? "Safari" : "Browser";
  const system = /Android/.test(ua) ? "Android" : /iPhone|iPad/.test(ua) ? "iOS" : /Mac OS X/.test(ua) ? "macOS" : /Windows/.test(ua) ? "Windows" : /Linux/.test(ua) ? "Linux" : "";
  return system ? `${browser} on ${system}` : browser;
}

export async function registerPasskey(): Promise<string> {
  if (!browserSupportsWebAuthn()) throw new PasskeysUnsupported();
  await ensurePlayer();
  const { challengeId, options } = await passkeyApi.registerOptions();
  const response = await startRegistration({ optionsJSON: options });
  const { passkey } = await passkeyApi.register(challengeId, response, deviceName());
  return `Passkey "${passkey.name}" added: sign in with it on any device to keep your streak.`;
}

/** "25 November 2026" (the sign-in messages are English, as the Stats page is). */
const dayName = (date: string) => new Date(`${date.slice(0, 10)}T12:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const dayList = (days: readonly string[]) => (days.length <= 1 ? days.join("") : `${days.slice(0, -1).join(", ")} and ${days.at(-1)}`);

/** What the sign-in did, in words for the player. */
export function signInMessage(result: PasskeySignIn): string {
  const who = result.name ?? "your player";
  const { merge } = result;
  if (merge.kind === "switched") return `Signed in as ${who}. The player this browser had before has a passkey of its own and keeps its history.`;
  if (merge.kind !== "merged") return `Signed in as ${who}.`;
  const parts = [`Signed in as ${who}.`];
  const rounds = (n: number) => (n === 1 ? "1 round" : `${n} rounds`);
  const joined = merge.moved.length + merge.archivedMoved;
  if (joined > 0) parts.push(`${rounds(joined)} played in this browser joined your history.`);
  if (merge.kept.length > 0) {
    const days = [...new Set(merge.kept.map((d) => d.date))].map(dayName);
    const one = merge.kept.length === 1;
    parts.push(`You had already played ${dayList(days)}: ${one ? "that round" : "those rounds"} from this browser ${one ? "stays" : "stay"} apart and ${one ? "doesn't" : "don't"} count for you (one round per day).`);
  }
  if (merge.archivedDays > 0) parts.push(`${rounds(merge.archivedDays)} from older days ${merge.archivedDays === 1 ? "stays" : "stay"} apart: you had played some of those days too.`);
  if (merge.leagues > 0) parts.push(`You are now in ${merge.leagues === 1 ? "1 league" : `${merge.leagues} leagues`} this browser's player had joined.`);
  return parts.join(" ");
}

export async function signInWithPasskey(): Promise<{ result: PasskeySignIn; message: string }> {
  if (!browserSupportsWebAuthn()) throw new PasskeysUnsupported();
  const { challengeId, options } = await passkeyApi.loginOptions();
  const response = await startAuthentication({ optionsJSON: options });
  const result = await passkeyApi.login(challengeId, response, identity()?.token);
  adoptIdentity({ playerId: result.playerId, token: result.token });
  // The name chosen on another device is this player's here too (the results card shows it).
  if (result.name) writeItem(NAME_KEY, result.name);
  else removeItem(NAME_KEY);
  // A day whose round stayed with the old player: this browser's game of it is not this player's.
  if (result.merge.kind === "merged") for (const day of result.merge.kept) forgetGame(day.date);
  // Another account's games in this browser: the signed-in player's come from the server.
  if (result.merge.kind === "switched") savedDates().forEach(forgetGame);
  return { result, message: signInMessage(result) };
}

