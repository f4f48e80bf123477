// The local secrets `npm start` needs, in .dev.vars (git ignores it): a random DAILY_SECRET, and a
// VAPID key pair (P-256) so that reminders work on a fresh clone. Missing ones are added to an
// existing file; values already there are kept.
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** A VAPID key pair as the Worker reads it: the raw public key and the private key's d, base64url. */
export function vapidKeyPair(): { publicKey: string; privateKey: string } {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url")]);
  return { publicKey: point.toString("base64url"), privateKey: jwk.d! };
}

/** The names set in a .dev.vars text (NAME=value lines; comments ignored). */
function namesIn(text: string): Set<string> {
  return new Set(text.split("\n").flatMap((line) => /^\s*([A-Z_][A-Z0-9_]*)\s*=/.exec(line)?.[1] ?? []));
}

/** Creates or completes `file`; returns the names it added. */
export function ensureDevVars(file: string): string[] {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Local development secrets (git ignores this file). See .dev.vars.example.\n";
  const have = namesIn(text);
  const lines: string[] = [];
  if (!have.has("DAILY_SECRET")) lines.push(`DAILY_SECRET=${randomBytes(32).toString("hex")}`);
  if (!have.has("VAPID_PUBLIC_KEY") && !have.has("VAPID_PRIVATE_KEY")) {
    const keys = vapidKeyPair();
    lines.push("# The daily reminder's key pair for this machine (npm run reminders:send sends today's reminders now).");
    lines.push(`VAPID_PUBLIC_KEY=${keys.publicKey}`, `VAPID_PRIVATE_KEY=${keys.privateKey}`);
    if (!have.has("VAPID_SUBJECT")) lines.push("VAPID_SUBJECT=mailto:reminders@localhost.invalid");
  }
  if (lines.length === 0) return [];
  writeFileSync(file, `${text}${text.endsWith("\n") ? "" : "\n"}${lines.join("\n")}\n`, { mode: 0o600 });
  return lines.flatMap((line) => /^([A-Z_]+)=/.exec(line)?.[1] ?? []);
}
