// A software WebAuthn authenticator for Worker tests: an ECDSA P-256 key made with WebCrypto,
// answering registration ("none" attestation) and sign-in challenges exactly as a browser would
// hand them to the server, for an origin of our choice. Browser tests use Chromium's own
// virtual authenticator instead.
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import { ORIGIN } from "./helpers.ts";

const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(Uint8Array.from(bytes));
const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", Uint8Array.from(bytes)));

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** WebCrypto signs ECDSA as r||s; WebAuthn wants DER. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const v = bytes[i]! & 0x80 ? concat(new Uint8Array([0]), bytes.slice(i)) : bytes.slice(i);
    return concat(new Uint8Array([0x02, v.length]), v);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export interface SoftAuthenticator {
  credentialId: string;
  /** An answer to the options of POST /api/passkeys/register/options (it keeps the user's id, as a discoverable credential does). */
  register(options: { challenge: string; rp: { id?: string }; user?: { id?: string } }, origin?: string): Promise<Record<string, unknown>>;
  /** An answer to the options of POST /api/passkeys/login/options, with the user handle unless `withUserHandle` is false (a credential that is not discoverable). */
  signIn(options: { challenge: string; rpId?: string }, origin?: string, withUserHandle?: boolean): Promise<Record<string, unknown>>;
}

export async function softAuthenticator(): Promise<SoftAuthenticator> {
  const keys = (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey("jwk", keys.publicKey)) as JsonWebKey;
  const idBytes = crypto.getRandomValues(new Uint8Array(16));
  const credentialId = b64(idBytes);
  let counter = 0;
  let userHandle: string | undefined;
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
  const clientData = (type: string, challenge: string, origin: string) => new TextEncoder().encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const header = async (rpId: string, flags: number) => {
    counter++;
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, counter);
    return concat(await sha256(new TextEncoder().encode(rpId)), new Uint8Array([flags]), count);
  };
  const rpIdOf = (origin: string) => new URL(origin).hostname;
  return {
    credentialId,
    async register(options, origin = ORIGIN) {
      userHandle = options.user?.id;
      const idLength = new Uint8Array([0, idBytes.length]);
      // UP | UV | AT (attested credential data follows).
      const authData = concat(await header(options.rp.id ?? rpIdOf(origin), 0x45), new Uint8Array(16), idLength, idBytes, cose);
      const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", authData]]) as never);
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: { clientDataJSON: b64(clientData("webauthn.create", options.challenge, origin)), attestationObject: b64(attestationObject), transports: ["internal"] },
        clientExtensionResults: {},
      };
    },
    async signIn(options, origin = ORIGIN, withUserHandle = true) {
      const authData = await header(options.rpId ?? rpIdOf(origin), 0x05);
      const data = clientData("webauthn.get", options.challenge, origin);
      const signed = concat(authData, await sha256(data));
      const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, keys.privateKey, Uint8Array.from(signed)));
      return {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        response: { clientDataJSON: b64(data), authenticatorData: b64(authData), signature: b64(derSignature(raw)), ...(withUserHandle && userHandle !== undefined ? { userHandle } : {}) },
        clientExtensionResults: {},
      };
    },
  };
}
