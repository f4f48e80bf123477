import { readFileSync } from "node:fs";
import { Lexicon } from "../shared/index.ts";
const probe: Record<string, string[]> = {
  fr: ["eleve", "maison", "etre", "coeur", "oeuvre", "paris", "francois", "lyon", "aujourdhui", "qu", "cinq", "coq", "boeuf", "manger", "mangeames"],
  es: ["año", "ano", "niño", "kilo", "whisky", "pinguino", "madrid", "jose", "corazon", "comer", "comiendo", "españa", "espanol", "español"],
  de: ["schoen", "schon", "haus", "strasse", "berlin", "gedanke", "milch", "goethe", "deutschland", "hiroshima", "europa", "donau", "mozart", "anna", "kummer", "laufen", "gelaufen", "muenchen", "oesterreich", "bmw"],
};
for (const code of ["fr", "es", "de"]) {
  const lex = Lexicon.fromBytes(readFileSync(`dist/lexicon/${code}.bin`));
  console.log(code, lex.wordCount, lex.commonCount, lex.alphabet, probe[code].map((w) => `${w}:${lex.has(w) ? (lex.isCommon(w) ? "C" : "y") : "-"}`).join(" "));
  const words = [...lex.words()];
  console.log("  sample:", words.filter((_, i) => i % Math.floor(words.length / 30) === 0).join(" "));
  const byLen: Record<number, number> = {};
  for (const w of words) byLen[w.length] = (byLen[w.length] ?? 0) + 1;
  console.log("  maxLen", lex.maxWordLength, "<=16:", words.filter((w) => w.length <= 16).length);
}
