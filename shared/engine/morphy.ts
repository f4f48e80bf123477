// WordNet's morphy: the dictionary forms an inflected word may come from (no DOM here: the
// site's definitions and scripts/definitions-coverage.ts both read it).

/** WordNet's morphy suffix rules (noun, verb, adjective), plus a doubled final consonant (stopped). */
const RULES: [string, string][] = [
  ["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"],
  ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""],
  ["er", ""], ["est", ""], ["er", "e"], ["est", "e"],
];

/** The forms to look up for a word, most likely first: the word, then candidate lemmas. */
export function lemmaCandidates(word: string): string[] {
  const out = [word];
  for (const [suffix, ending] of RULES) {
    if (word.length > suffix.length + 1 && word.endsWith(suffix)) {
      const base = word.slice(0, -suffix.length) + ending;
      out.push(base);
      // stopped -> stop, bigger -> big
      if (ending === "" && /([b-df-hj-np-tv-z])\1$/.test(base)) out.push(base.slice(0, -1));
    }
  }
  return [...new Set(out)];
}
