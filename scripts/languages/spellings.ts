// How a language's folded words are spelled, for display: the lexicon keeps "cle" for "clé" and
// "schoen" for "schön" (shared/engine/languages.ts folds them), and the pages show the spelling. Pure: the
// build script (scripts/build-languages.ts) feeds it the dictionary's forms and writes the list.
//
// Only words whose spelling differs from the folded form are listed. When a folded form has
// several spellings, a dictionary headword (a .dic stem) beats a form its affix rules made
// ("fenetre": the noun fenêtre, not fenêtré of the verb fenêtrer; "eleve": élève, not élevé);
// among what is left, the one the language's frequency list ranks highest is shown; when none of
// them is in that list, a lone spelling is shown and several are not (the folded form stays, as
// typed: "cote" has cote, côte and côté as headwords, and a guess would be wrong twice in three).

/** Folded word -> its spelling (lowercase), for the words of `words` whose spelling differs. */
export function displaySpellings(
  forms: Iterable<string>,
  normalize: (form: string) => string | null,
  words: ReadonlySet<string>,
  frequencyRank: ReadonlyMap<string, number>,
  headwords: ReadonlySet<string> = new Set(),
): Map<string, string> {
  const spellings = new Map<string, Set<string>>();
  for (const form of forms) {
    const spelled = form.toLowerCase();
    const folded = normalize(spelled);
    if (folded === null || !words.has(folded)) continue;
    let set = spellings.get(folded);
    if (set === undefined) spellings.set(folded, (set = new Set()));
    set.add(spelled);
  }
  const out = new Map<string, string>();
  for (const [folded, set] of spellings) {
    const all = [...set];
    const heads = all.filter((c) => headwords.has(c));
    const chosen = chooseSpelling(heads.length > 0 ? heads : all, frequencyRank);
    if (chosen !== null && chosen !== folded) out.set(folded, chosen);
  }
  return out;
}

/** The most frequent spelling; else the only one; else none (several, none frequent). */
export function chooseSpelling(candidates: readonly string[], frequencyRank: ReadonlyMap<string, number>): string | null {
  let best: string | null = null;
  for (const c of candidates) {
    const rank = frequencyRank.get(c);
    if (rank !== undefined && (best === null || rank < frequencyRank.get(best)!)) best = c;
  }
  if (best !== null) return best;
  return candidates.length === 1 ? candidates[0] : null;
}

/** A frequency list's words (most frequent first, one a line) -> each word's rank (0 = most frequent). */
export function frequencyRanks(lines: Iterable<string>): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of lines) {
    const word = line.trim().toLowerCase();
    if (word !== "" && !ranks.has(word)) ranks.set(word, ranks.size);
  }
  return ranks;
}
