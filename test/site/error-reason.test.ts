// An API error is said in the page's language: on a French page, by its code in the French
// catalogue's words; an English page keeps the server's message, and any other failure its own.
import { expect, test } from "vitest";
import { MESSAGES } from "#site/i18n/all.ts";
import { ApiError } from "#site/core/api-error.ts";
import { errorReason } from "#site/core/error-reason.ts";

test("a French page says an API error's code in French, and keeps another error's message", () => {
  const taken = new ApiError(409, "name-taken", "someone in this league is already called Zoé");
  expect(errorReason(taken, MESSAGES.fr, "fr")).toBe("Quelqu'un porte déjà ce nom.");
  expect(errorReason(new ApiError(0, "network", "The network is unreachable; trying again shortly."), MESSAGES.de, "de")).toBe("Keine Verbindung zum Netz; neuer Versuch in Kürze.");
  expect(errorReason(new ApiError(429, "rate-limited", "slow down"), MESSAGES.fr, "fr")).toBe("Trop de requêtes\u202f; patientez un instant et réessayez.");
  expect(errorReason(taken, MESSAGES.en, "en")).toBe("someone in this league is already called Zoé");
  expect(errorReason(new Error("quota exceeded"), MESSAGES.es, "es")).toBe("quota exceeded");
});
