// What a passkey sign-in tells the player about the history it brought along (passkeys.ts).
import { expect, test } from "vitest";
import type { PasskeySignIn } from "#site/core/api.ts";
import { WebAuthnError } from "@simplewebauthn/browser";
import { passkeyProblem, signInMessage } from "#site/islands/account/passkeys.ts";

const signIn = (merge: PasskeySignIn["merge"]): PasskeySignIn => ({ playerId: "p", token: "t", name: "Ada", merge });

test("says which rounds and leagues joined and which stayed apart", () => {
  const merged = (over: Partial<Extract<PasskeySignIn["merge"], { kind: "merged" }>>) =>
    signInMessage(signIn({ kind: "merged", from: "old", moved: [], kept: [], archivedMoved: 0, archivedDays: 0, leagues: 0, ...over }));
  expect(merged({})).toBe("Signed in as Ada.");
  expect(merged({ moved: [{ date: "2026-11-24", ranked: true }], archivedMoved: 40 })).toBe("Signed in as Ada. 41 rounds played in this browser joined your history.");
  expect(merged({ kept: [{ date: "2026-11-25", ranked: true }], archivedDays: 1, leagues: 2 })).toBe(
    "Signed in as Ada. You had already played 25 November 2026: that round from this browser stays apart and doesn't count for you (one round per day). " +
      "1 round from older days stays apart: you had played some of those days too. You are now in 2 leagues this browser's player had joined.",
  );
  expect(merged({ kept: [{ date: "2026-11-24", ranked: true }, { date: "2026-11-25-fr", ranked: true }] })).toBe(
    "Signed in as Ada. You had already played 24 November 2026 and 25 November 2026: those rounds from this browser stay apart and don't count for you (one round per day).",
  );
  expect(signInMessage(signIn({ kind: "switched", from: "other" }))).toMatch(/keeps its history\.$/);
});

test("a passkey refused for the address (a bare IP) says so, not that the prompt was closed", () => {
  const refused = new WebAuthnError({ message: "10.0.0.5 is an invalid domain", code: "ERROR_INVALID_DOMAIN", cause: new Error("SecurityError") });
  expect(passkeyProblem(refused)).toMatch(/^Passkeys only work when the site is opened by its name.*bare IP address/);
  const closed = new WebAuthnError({ message: "closed", code: "ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY", cause: new Error("NotAllowedError") });
  expect(passkeyProblem(closed)).toBe("No passkey was used (the prompt was closed or timed out). Nothing changed.");
});
