// What a reminder subscription may name (reminders/routes.ts): the server itself fetches the
// endpoint every day, so it must be a push service on the public internet, never an address
// inside a network (169.254.169.254's metadata, 10.0.0.1), nor this service. Push services are
// https on port 443 under an ASCII host name, so anything else is refused with the reason:
// - not https, or a port other than 443, or a user name or password in the address;
// - an IP literal of any form (the URL parser reads 2130706433 and 0x7f.1 as IPv4 too), so no
//   private, loopback or link-local range can be named at all;
// - a host without a dot, or under a name reserved for local networks (localhost, .local,
//   .internal, .home.arpa, .arpa's reverse zones), or this service's own host and its subdomains;
// - an internationalised host (xn-- labels: a look-alike of a push service's name) or any
//   control or invisible character (NUL, bidi controls) in the text sent.
// The push services browsers use are listed (KNOWN_PUSH_HOSTS); another public host is accepted
// (self-hosted push services exist) and the answer says it is not a known one.
// One exception, for local development only: a server answering on this machine's loopback name
// (`npm start`, never a deployment) accepts a push service on the same machine (https://localhost
// or 127.0.0.1 at any port: the README's local push service, sent to over http by reminders.ts).

/** The hosts (and their subdomains) of the push services of Chrome, Firefox, Safari and Edge. */
export const KNOWN_PUSH_HOSTS = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"] as const;

// Names for local networks (RFC 6761, 6762, 8375; .internal is ICANN's private-use name).
const LOCAL_NAMES = ["localhost", "local", "internal", "home.arpa", "arpa", "lan", "intranet", "corp"] as const;

// C0 and C1 controls, bidi controls and other format characters, line separators.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

export type EndpointCheck = { ok: true; url: URL; knownService: boolean } | { ok: false; reason: string };

const within = (host: string, name: string) => host === name || host.endsWith(`.${name}`);

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Whether `text` may be a reminder's push endpoint, for a service answering at `ownHost`. */
export function checkPushEndpoint(text: string, ownHost: string): EndpointCheck {
  const refuse = (reason: string): EndpointCheck => ({ ok: false, reason: `endpoint: ${reason}` });
  if (INVISIBLE.test(text)) return refuse("control or invisible characters (NUL, bidi controls) are not allowed");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse("not a URL");
  }
  const onThisMachine = LOOPBACK.has(ownHost.toLowerCase()) && LOOPBACK.has(url.hostname) && url.protocol === "https:" && url.username === "" && url.password === "";
  if (onThisMachine) return { ok: true, url, knownService: false };
  if (url.protocol !== "https:") return refuse("a push endpoint must be an https address");
  if (url.port !== "") return refuse("a push endpoint is on https's own port (443)");
  if (url.username !== "" || url.password !== "") return refuse("a push endpoint carries no user name or password");
  const host = url.hostname.replace(/\.$/, "");
  if (host.startsWith("[") || /^[\d.]+$/.test(host)) return refuse("a push service is named by its host name, not an IP address");
  const labels = host.split(".");
  if (labels.length < 2) return refuse("a push service's host name has a domain (a dot)");
  if (labels.some((label) => label.startsWith("xn--"))) return refuse("push services have plain ASCII host names (this one is internationalised, a look-alike)");
  if (!labels.every((label) => HOST_LABEL.test(label))) return refuse("not a valid host name");
  if (LOCAL_NAMES.some((name) => within(host, name))) return refuse("a push service is on the public internet, not a local network name");
  const own = ownHost.toLowerCase().replace(/\.$/, "");
  if (within(host, own)) return refuse("a push endpoint cannot be this service itself");
  return { ok: true, url, knownService: KNOWN_PUSH_HOSTS.some((name) => within(host, name)) };
}

/**
 * The offset (minutes east of UTC) a time zone has at an instant, or undefined for a zone the
 * runtime does not know.
 */
export function zoneOffsetMinutes(timeZone: string, at: number): number | undefined {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric" }).formatToParts(at);
  } catch {
    return undefined;
  }
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const local = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return Math.round((local - Math.floor(at / 60_000) * 60_000) / 60_000);
}

/** The UTC hour of a zone's local `hour` as the site reckons it (a half-hour zone rounds to the earlier UTC hour). */
export function utcHourAt(hour: number, offsetMinutes: number): number {
  return (((hour - Math.ceil(offsetMinutes / 60)) % 24) + 24) % 24;
}

/**
 * Whether `hourUtc` is `hour` in the time zone: at its offset now, or a day before or after (a
 * page that picked the hour across a daylight-saving change). Undefined for an unknown zone.
 */
export function hoursAgree(timeZone: string, hour: number, hourUtc: number, now: number): boolean | undefined {
  const offsets = [now - 86_400_000, now, now + 86_400_000].map((at) => zoneOffsetMinutes(timeZone, at));
  if (offsets.some((o) => o === undefined)) return undefined;
  return offsets.some((o) => utcHourAt(hour, o!) === hourUtc);
}
