import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Lexicon, buildLexicon } from "../../shared/engine/index.ts";

/** The default English lexicon, as `npm test` builds it before the tests run. */
export function englishLexicon(): Lexicon {
  const file = fileURLToPath(new URL("../../dist/lexicon/english.bin", import.meta.url));
  return Lexicon.fromBytes(readFileSync(file));
}

/** A small lexicon compiled from the given words, all marked common unless listed in `rare`. */
export function lexiconOf(words: string[], rare: string[] = []): Lexicon {
  return Lexicon.fromBytes(buildLexicon(words, (w) => !rare.includes(w)));
}
