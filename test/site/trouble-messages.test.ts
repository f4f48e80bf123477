// Issue 27: the daily game's error paths (word list, server, share, name) and the newest
// achievement speak the page's language: every message is in all four catalogues, and French,
// Spanish and German say it in their own words, with what goes into the sentence kept.
import { expect, test } from "vitest";
import type { Messages } from "#site/i18n/all.ts";
import { MESSAGES } from "#site/i18n/all.ts";

/** Each message of `trouble` as text, functions called with sample values. */
function troubleTexts(t: Messages): Record<string, string> {
  const sample: Record<string, unknown[]> = {
    wordsWaiting: [3],
    notRecordedForLeaderboard: ["CLÉ"],
    checking: ["CLÉ"],
    notRecorded: ["CLÉ", "E42"],
    solutionNotYet: ["E42"],
    puzzleFailed: ["E42"],
    nameSaved: ["Zoé"],
    nameRefused: ["E42"],
  };
  return Object.fromEntries(
    Object.entries(t.trouble).map(([key, value]) => [key, typeof value === "function" ? (value as (...args: unknown[]) => string)(...(sample[key] ?? [])) : value]),
  );
}

test("every error message of the game is in every catalogue, translated, with its word or reason", () => {
  const english = troubleTexts(MESSAGES.en);
  expect(Object.keys(english).length).toBeGreaterThanOrEqual(16);
  for (const lang of ["fr", "es", "de"] as const) {
    const texts = troubleTexts(MESSAGES[lang]);
    expect(Object.keys(texts).sort(), lang).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(texts)) {
      expect(text.trim(), `${lang} ${key}`).not.toBe("");
      expect(text, `${lang} ${key} is not the English`).not.toBe(english[key]);
      // What goes into the sentence is kept (the word, the reason, the name, the count).
      for (const part of ["CLÉ", "E42", "Zoé"]) if (english[key].includes(part)) expect(text, `${lang} ${key}`).toContain(part);
      if (key === "wordsWaiting") expect(text).toContain("3");
    }
  }
});

test("the league week achievement has a name and a rule in every language", () => {
  const names = Object.values(MESSAGES).map((t) => t.comeback.achievements["league-week"]);
  for (const { name, rule } of names) expect([name.length > 0, rule.length > 0]).toEqual([true, true]);
  expect(new Set(names.map((n) => n.name)).size).toBe(4);
});
