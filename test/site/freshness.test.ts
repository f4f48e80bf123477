// The leaderboard's "updated ..." line under a cached page, in each language.
import { expect, test } from "vitest";
import { MESSAGES } from "#site/i18n/all.ts";
import { freshness } from "#site/core/freshness.ts";

test("says how old a page is in seconds, then minutes", () => {
  const now = 1_000_000;
  expect(freshness(now, now)).toBe("updated now");
  expect(freshness(now - 1_400, now)).toBe("updated now");
  expect(freshness(now - 5_000, now)).toBe("updated 5 seconds ago");
  expect(freshness(now - 119_000, now)).toBe("updated 119 seconds ago");
  expect(freshness(now - 120_000, now)).toBe("updated 2 minutes ago");
  expect(freshness(now - 10 * 60_000 - 20_000, now)).toBe("updated 10 minutes ago");
});

test("says it in the page's language, its plurals its own", () => {
  const now = 1_000_000;
  expect(freshness(now - 60_000, now, MESSAGES.fr, "fr")).toBe("mis à jour il y a 60 secondes");
  expect(freshness(now - 180_000, now, MESSAGES.es, "es")).toBe("actualizado hace 3 minutos");
  expect(freshness(now - 60_000 * 61, now, MESSAGES.de, "de")).toBe("aktualisiert vor 61 Minuten");
  expect(freshness(now - 60_000, now, MESSAGES.de, "de")).toBe("aktualisiert vor 60 Sekunden");
  expect(freshness(now, now, MESSAGES.fr, "fr")).toBe("mis à jour maintenant");
});

test("a page stamped ahead of this device's clock is fresh, not negative", () => {
  expect(freshness(2_000_000, 1_990_000)).toBe("updated now");
});
