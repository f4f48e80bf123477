// The reference solver `tumbleword bench` races the engine against (cli/bench-popcount-trie.ts)
// must find what the engine finds, or its speed says nothing.
import { describe, expect, it } from "vitest";
import { PopcountTrie } from "../../cli/bench-popcount-trie.ts";
import { DICE, RULES, createRng, customRules, parseBoard, shake, solveTotals } from "../../shared/engine/index.ts";
import { englishLexicon, lexiconOf } from "./lexicon-fixture.ts";

describe("the popcount-trie reference solver", () => {
  it("unfolds the word graph into one trie node per prefix", () => {
    // Prefixes of cat, cats, car, dog: root, c, ca, cat, cats, car, d, do, dog.
    expect(PopcountTrie.fromLexicon(lexiconOf(["cat", "cats", "car", "dog"])).nodeCount).toBe(9);
  });

  it("scores seeded 'new' dice boards exactly as the engine does", () => {
    const english = englishLexicon();
    const trie = PopcountTrie.fromLexicon(english);
    for (let seed = 1; seed <= 300; seed++) {
      const board = shake(DICE.new, createRng(seed));
      const { words, points } = solveTotals(board, english, RULES.classic);
      expect(trie.scoreBoard(board, RULES.classic), board.faces.join(" ")).toEqual({ words, points });
    }
  });

  it("counts Qu as two letters, each word once, and keeps to the rules' lengths", () => {
    const lex = lexiconOf(["queue", "que", "tat", "tats", "at", "tab", "tabs"]);
    const trie = PopcountTrie.fromLexicon(lex);
    const qu = parseBoard("qe/eu");
    expect(trie.scoreBoard(qu, RULES.classic)).toEqual({ words: 2, points: RULES.classic.points(3) + RULES.classic.points(5) });
    const twice = parseBoard("tat/xxx/tat");
    expect(trie.scoreBoard(twice, RULES.classic)).toEqual({ words: 1, points: 1 });
    const upTo3 = customRules({ minLength: 2, maxLength: 3, points: [0, 0, 1, 2] });
    const tabs = parseBoard("ta/bs");
    expect(trie.scoreBoard(tabs, upTo3)).toEqual({ words: 2, points: 3 });
    expect(trie.scoreBoard(tabs, RULES.big)).toEqual({ words: solveTotals(tabs, lex, RULES.big).words, points: solveTotals(tabs, lex, RULES.big).points });
  });
});
