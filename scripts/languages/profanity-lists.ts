// Independently maintained lists of vulgar words and slurs (npm packages), per language: each
// list's single words folded as a typed word is (`language.normalize`), of the daily rules'
// minimum length, grouped by where they come from. Lists that share a source count as one
// ("family"): agreement between copies of one list is not agreement.
//   LDNOOBW:      naughty-words; allprofanity's English list is a copy of it, and cuss's Spanish
//                 list is built on it (with three Spanish sites), so both count as LDNOOBW;
//   Google:       washyourmouthoutwithsoap (Google's "What Do You Love" list, machine translated)
//                 and @2toad/profanity (the same English list and more, machine translated);
//   cuss:         cuss's English list (Carnegie Mellon's list and Wikipedia's ethnic slurs),
//                 the words it rates "likely" profane (2 of 0-2; 1 is "maybe");
//   Wiktionary:   cuss's French list and french-badwords-list (both from fr.wiktionary.org);
//   allprofanity: allprofanity's own French, Spanish and German lists.
// leo-profanity (Shutterstock's list, which is LDNOOBW) would be a copy and is not used.
import { createRequire } from "node:module";
import allprofanityDe from "allprofanity/dist/languages/german-words.js";
import allprofanityEn from "allprofanity/dist/languages/english-words.js";
import allprofanityEs from "allprofanity/dist/languages/spanish-words.js";
import allprofanityFr from "allprofanity/dist/languages/french-words.js";
import { cuss as cussEn } from "cuss";
import { cuss as cussEs } from "cuss/es";
import { cuss as cussFr } from "cuss/fr";
import { DAILY_RULES, type Language, type LanguageCode } from "#engine";

const require = createRequire(import.meta.url);
const naughtyWords = require("naughty-words") as Record<string, string[]>;
const wash = require("washyourmouthoutwithsoap") as { words(locale: string): string[] };
const { profaneWords } = require("@2toad/profanity") as { profaneWords: Map<string, string[]> };
const frenchBadwords = require("french-badwords-list") as { array: string[] };

export type Family = "LDNOOBW" | "Google" | "cuss" | "Wiktionary" | "allprofanity";

export interface ProfanityList {
  /** The npm package (and, where it has several, which of its lists). */
  name: string;
  family: Family;
  entries: readonly string[];
}

/** cuss's rating at or above which a word counts: 1 is "maybe profane", 2 "likely". */
const CUSS_MIN_RATING = 2;
const rated = (ratings: Record<string, number>) => Object.keys(ratings).filter((w) => ratings[w]! >= CUSS_MIN_RATING);

/** Every list used for a language, as published. */
export function profanityLists(code: LanguageCode): ProfanityList[] {
  const google: ProfanityList[] = [
    { name: "washyourmouthoutwithsoap", family: "Google", entries: wash.words(code) },
    { name: "@2toad/profanity", family: "Google", entries: profaneWords.get(code) ?? [] },
  ];
  const ldnoobw: ProfanityList = { name: "naughty-words", family: "LDNOOBW", entries: naughtyWords[code] ?? [] };
  switch (code) {
    case "en":
      return [ldnoobw, { name: "allprofanity (en)", family: "LDNOOBW", entries: allprofanityEn }, ...google, { name: "cuss", family: "cuss", entries: rated(cussEn) }];
    case "fr":
      return [
        ldnoobw,
        ...google,
        { name: "cuss/fr", family: "Wiktionary", entries: rated(cussFr) },
        { name: "french-badwords-list", family: "Wiktionary", entries: frenchBadwords.array },
        { name: "allprofanity (fr)", family: "allprofanity", entries: allprofanityFr },
      ];
    case "es":
      return [ldnoobw, { name: "cuss/es", family: "LDNOOBW", entries: rated(cussEs) }, ...google, { name: "allprofanity (es)", family: "allprofanity", entries: allprofanityEs }];
    case "de":
      return [ldnoobw, ...google, { name: "allprofanity (de)", family: "allprofanity", entries: allprofanityDe }];
  }
}

/** A list's single words (letters only), folded as a typed word is, of at least the daily rules' length. */
export function listWords(list: ProfanityList, language: Language): Set<string> {
  return new Set(
    list.entries.flatMap((entry) => {
      const text = entry.trim().toLowerCase();
      const word = /^\p{L}+$/u.test(text) ? language.normalize(text) : null;
      return word !== null && word.length >= DAILY_RULES.minLength ? [word] : [];
    }),
  );
}

/** Every word any list names, with the families that name it. */
export function namedBy(language: Language): Map<string, Set<Family>> {
  const named = new Map<string, Set<Family>>();
  for (const list of profanityLists(language.code)) {
    for (const word of listWords(list, language)) {
      const families = named.get(word) ?? new Set<Family>();
      named.set(word, families.add(list.family));
    }
  }
  return named;
}

/** How many independent families must name a word for it to be blocked without reading. */
export const AGREEMENT = 3;
