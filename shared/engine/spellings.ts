// The file of a language's display spellings (dist/lexicon/<lang>.spellings.txt, built by
// scripts/build-languages.ts): how the words whose folded form differs from their spelling are
// written ("cle" -> "clé", "schoen" -> "schön"), for the pages to show a found word as it is spelled.
//
// One spelling a line, in the order of their folded forms, front-coded: each line starts with one
// base-36 digit, the number of leading characters it shares with the line before, then the rest
// ("0clé", "3ment" for clément). The folded form is not stored: the reader folds each spelling
// again. Front coding takes the French list from 411 KB to 128 KB gzipped (99 KB in brotli):
// docs/spellings.md.

/** The longest shared prefix one digit can say. */
const MAX_SHARED = 35;

/** Folded form -> spelling, as the file's text. */
export function encodeSpellings(spellings: ReadonlyMap<string, string>): string {
  const keys = [...spellings.keys()].sort();
  let previous = "";
  let out = "";
  for (const key of keys) {
    const spelled = spellings.get(key)!;
    let shared = 0;
    while (shared < MAX_SHARED && shared < previous.length && shared < spelled.length && previous[shared] === spelled[shared]) shared++;
    out += shared.toString(36) + spelled.slice(shared) + "\n";
    previous = spelled;
  }
  return out;
}

/** The file's text -> folded form (by `fold`, the language's) -> spelling. Malformed lines are skipped. */
export function decodeSpellings(text: string, fold: (spelled: string) => string): Map<string, string> {
  const out = new Map<string, string>();
  let previous = "";
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const shared = parseInt(line[0], 36);
    if (Number.isNaN(shared) || shared > previous.length) continue;
    const spelled = previous.slice(0, shared) + line.slice(1);
    out.set(fold(spelled), spelled);
    previous = spelled;
  }
  return out;
}
