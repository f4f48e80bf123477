// Prints how many words of the lexicon have a definition as the site resolves them (the built
// file, its irregular forms, then the browser's morphy suffix rules): all words and common ones.
// Run after `npm run build`: node scripts/definitions-coverage.ts
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Lexicon, lemmaCandidates } from "#engine";
import { definitionsFile } from "./build-definitions.ts";

const root = join(import.meta.dirname, "..");
const lexicon = Lexicon.fromBytes(readFileSync(join(root, "dist/lexicon/english.bin")));
const defined = new Set(readFileSync(definitionsFile, "utf8").split("\n").map((line) => line.split("\t")[0]));
const count = { all: 0, allDefined: 0, common: 0, commonDefined: 0 };
for (const word of lexicon.words()) {
  const has = lemmaCandidates(word).some((form) => defined.has(form));
  count.all++;
  if (has) count.allDefined++;
  if (lexicon.isCommon(word)) {
    count.common++;
    if (has) count.commonDefined++;
  }
}
const pct = (a: number, b: number) => ((a / b) * 100).toFixed(1);
console.log(`common words: ${count.commonDefined} of ${count.common} defined (${pct(count.commonDefined, count.common)}%)`);
console.log(`all words:    ${count.allDefined} of ${count.all} defined (${pct(count.allDefined, count.all)}%)`);
