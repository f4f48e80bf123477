// Every language's catalogue (site/src/i18n/) says everything English says: every key present and
// non-empty, none left as the English by accident (an allowlist names the words the languages
// share), French typography set everywhere, and the counts of the pages beyond the board plural by
// each language's rules.
import { expect, test } from "vitest";
import { MESSAGES } from "#site/i18n/all.ts";
import { FRAME_MESSAGES } from "#site/i18n/frame.ts";
import { frenchSpacing } from "#site/i18n/typography.ts";

/** Arguments a message function is tried with: numbers first (counts), else a list of [length, count] pairs (byLength). */
const SAMPLES: unknown[][] = [[7, 3, 2, 1], [[[4, 2]]]];

/** Every message as text, by its path ("pages.leaderboard.ranked"); a function's said with sample arguments. */
function flatten(value: unknown, path = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string" || typeof value === "number") out.set(path, String(value));
  else if (typeof value === "function") {
    for (const args of SAMPLES) {
      try {
        for (const [key, text] of flatten((value as (...a: unknown[]) => unknown)(...args), path)) out.set(key, text);
        break;
      } catch {
        // Not these arguments: the next sample.
      }
    }
  } else if (Array.isArray(value)) {
    // A line of rich text or a list: one text, its pieces joined (a language may cut a line into other pieces).
    out.set(path, value.map((item) => [...flatten(item).values()].join("")).join(" "));
  }
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) flatten(item, path ? `${path}.${key}` : key).forEach((text, k) => out.set(k, text));
  }
  return out;
}

/** Messages that are rightly the same as the English in a language: names, numbers, words the languages share. */
const SAME_AS_ENGLISH: Readonly<Record<"fr" | "es" | "de", readonly string[]>> = {
  fr: ["score", "points", "bonusSum", "results.points", "solution.heading", "pages.archive.date", "pages.archive.points", "pages.leaderboard.score"],
  es: ["pages.leaderboard.provisionalMark"],
  de: [],
};

const english = flatten(MESSAGES.en);

for (const lang of ["fr", "es", "de"] as const) {
  test(`${lang}: every message English has, none empty, none left in English`, () => {
    const texts = flatten(MESSAGES[lang]);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    const empty = [...texts].filter(([, text]) => text.trim() === "").map(([key]) => key);
    expect(empty).toEqual([]);
    const allowed = (key: string) => SAME_AS_ENGLISH[lang].includes(key);
    const untranslated = [...texts].filter(([key, text]) => text === english.get(key) && /[a-z]{3}/i.test(text) && !allowed(key)).map(([key, text]) => `${key}: ${text}`);
    expect(untranslated).toEqual([]);
  });

  test(`${lang}: the embed's own words are all there and translated`, () => {
    const frame = flatten(FRAME_MESSAGES[lang]);
    const frameEnglish = flatten(FRAME_MESSAGES.en);
    expect([...frame.keys()].sort()).toEqual([...frameEnglish.keys()].sort());
    expect([...frame].filter(([key, text]) => text.trim() === "" || text === frameEnglish.get(key)).map(([key]) => key)).toEqual([]);
  });
}

test("French spacing: a narrow no-break space before ; ! ?, a no-break space before : and inside « », never a plain or missing one", () => {
  expect(frenchSpacing("Déjà joué ? Oui ! Bien ; voilà : « mot »")).toBe("Déjà joué\u202f? Oui\u202f! Bien\u202f; voilà\u00a0: «\u00a0mot\u00a0»");
  expect(frenchSpacing("Nouveau succès: Première manche")).toBe("Nouveau succès\u00a0: Première manche");
  // Addresses and times keep their marks.
  expect(frenchSpacing("https://tumbleword.example/fr?lang=fr à 10:30")).toBe("https://tumbleword.example/fr?lang=fr à 10:30");
  const french = [...flatten(MESSAGES.fr), ...flatten(FRAME_MESSAGES.fr)];
  const unset = french.filter(([, text]) => /(?:^|[^\u00a0\u202f])[:;!?](?:\s|$)|« |[^\u00a0]»/u.test(text.replace(/https?:\/\/\S+/g, ""))).map(([key, text]) => `${key}: ${text}`);
  expect(unset).toEqual([]);
});

test("the leaderboard's count of players at 0, 1, 2 and 5, by each language's plural rules", () => {
  const ranked = (lang: keyof typeof MESSAGES) => [0, 1, 2, 5].map((n) => MESSAGES[lang].pages.leaderboard.ranked(n));
  expect(ranked("en")).toEqual(["0 players ranked.", "1 player ranked.", "2 players ranked.", "5 players ranked."]);
  // French counts 0 in the singular.
  expect(ranked("fr")).toEqual(["0 joueur classé.", "1 joueur classé.", "2 joueurs classés.", "5 joueurs classés."]);
  expect(ranked("es")).toEqual(["0 jugadores clasificados.", "1 jugador clasificado.", "2 jugadores clasificados.", "5 jugadores clasificados."]);
  expect(ranked("de")).toEqual(["0 Spieler in der Wertung.", "1 Spieler in der Wertung.", "2 Spieler in der Wertung.", "5 Spieler in der Wertung."]);
  // Large counts are written as each language writes numbers.
  expect(["en", "fr", "de"].map((lang) => MESSAGES[lang as "en"].words(12_345))).toEqual(["12,345 words", "12\u202f345 mots", "12.345 Wörter"]);
});
