// How a definition reads under a word: the lemma it belongs to when the word is an inflection
// ("(wear) verb: be dressed in"), and an honest line when there is none.
// Only types from definitions.ts, so the solution's own chunk stays small until it is opened.
import type { Definition } from "./definitions.ts";

const PART_NAMES: Record<string, string> = {
  n: "noun",
  v: "verb",
  adj: "adjective",
  adv: "adverb",
  pron: "pronoun",
  prep: "preposition",
  conj: "conjunction",
  interj: "interjection",
};

export function partName(part: string): string {
  return PART_NAMES[part] ?? part;
}

export const NO_ENTRY = "no dictionary entry (a rare or specialist word in the game's list)";

export function definitionLine(word: string, d: Definition | null | undefined): string {
  if (!d) return NO_ENTRY;
  return `${d.lemma !== word ? `(${d.lemma}) ` : ""}${partName(d.part)}: ${d.gloss}`;
}

/** Fills every `[data-def=word]` under `root` with its word's definition. */
export function fillDefinitions(root: ParentNode, definitions: ReadonlyMap<string, Definition | null>): void {
  for (const el of root.querySelectorAll<HTMLElement>("[data-def]")) {
    const word = el.dataset.def ?? "";
    const d = definitions.get(word);
    el.textContent = d ? definitionLine(word, d) : "no entry";
    el.classList.toggle("is-none", !d);
  }
}
