// .dev.vars for `npm start` (scripts/lib/dev-vars.ts): a fresh clone gets a daily secret and a
// VAPID key pair that signs and verifies; an existing file keeps its values and only gains what
// it lacks.
import { createPrivateKey, createPublicKey, sign, verify } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { ensureDevVars } from "#scripts/lib/dev-vars.ts";

const valuesIn = (file: string) => Object.fromEntries(readFileSync(file, "utf8").split("\n").flatMap((line) => (/^([A-Z_]+)=(.*)$/.exec(line) ? [line.split(/=(.*)/s).slice(0, 2)] : [])));

test("a fresh clone gets DAILY_SECRET and a VAPID key pair whose halves belong together", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dev-vars-")), ".dev.vars");
  expect(ensureDevVars(file)).toEqual(["DAILY_SECRET", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"]);
  const vars = valuesIn(file);
  expect(vars.DAILY_SECRET).toMatch(/^[0-9a-f]{64}$/);
  expect(vars.VAPID_SUBJECT).toMatch(/^mailto:/);
  const raw = Buffer.from(vars.VAPID_PUBLIC_KEY!, "base64url");
  expect(raw).toHaveLength(65);
  const jwk = { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") };
  const signature = sign("sha256", Buffer.from("push"), createPrivateKey({ key: { ...jwk, d: vars.VAPID_PRIVATE_KEY }, format: "jwk" }));
  expect(verify("sha256", Buffer.from("push"), createPublicKey({ key: jwk, format: "jwk" }), signature)).toBe(true);
  // Run again: nothing to add, nothing changed.
  const before = readFileSync(file, "utf8");
  expect(ensureDevVars(file)).toEqual([]);
  expect(readFileSync(file, "utf8")).toBe(before);
});

test("an existing .dev.vars keeps its secret and gains the VAPID keys it lacks", () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "dev-vars-")), ".dev.vars");
  writeFileSync(file, "# mine\nDAILY_SECRET=kept-as-it-is-0123456789\nMODERATOR_IDS=abc");
  expect(ensureDevVars(file)).toEqual(["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"]);
  const vars = valuesIn(file);
  expect(vars.DAILY_SECRET).toBe("kept-as-it-is-0123456789");
  expect(vars.MODERATOR_IDS).toBe("abc");
  expect(vars.VAPID_PUBLIC_KEY).toMatch(/^[A-Za-z0-9_-]{87}$/);
});
