import { describe, expect, it } from "vitest";
import { EngineError, Lexicon, RULES, buildLexicon, parseBoard, parseWordList, readListFile, solveCompact } from "../../shared/engine/index.ts";
import { englishLexicon, lexiconOf } from "./lexicon-fixture.ts";

describe("compiled lexicon", () => {
  it("answers membership, prefixes and the common flag", () => {
    const lex = lexiconOf(["cat", "cats", "dog", "do"], ["cats"]);
    expect(lex.wordCount).toBe(4);
    expect(lex.commonCount).toBe(3);
    expect(["cat", "cats", "dog", "do", "ca", "d", "dogs", ""].map((w) => lex.has(w))).toEqual([true, true, true, true, false, false, false, false]);
    expect(lex.isCommon("cat")).toBe(true);
    expect(lex.isCommon("cats")).toBe(false);
    expect(lex.hasPrefix("ca")).toBe(true);
    expect(lex.hasPrefix("cx")).toBe(false);
    expect([...lex.words()]).toEqual(["cat", "cats", "do", "dog"]);
    expect(lex.maxWordLength).toBe(4);
  });

  it("gives every word its alphabetical rank, and -1 to non-words", () => {
    const words = ["a", "ab", "abc", "abd", "b", "ba", "bab", "zz"];
    const lex = lexiconOf(words);
    expect(words.map((w) => lex.rank(w))).toEqual(words.map((_, i) => i));
    expect(lex.rank("abe")).toBe(-1);
    expect(lex.rank("z")).toBe(-1);
  });

  it("merges shared suffixes (a word graph, not a plain trie) without changing the words", () => {
    const words = ["walking", "talking", "balking", "walked", "talked", "balked"];
    const lex = lexiconOf(words);
    expect([...lex.words()]).toEqual([...words].sort());
    // A trie needs 1 + 3 + 3*(3 + 4 + 2) records; the graph shares "alk", "ing" and "ed".
    expect(lex.recordCount).toBeLessThan(15);
  });

  it("is deterministic: same words in any order give the same bytes", () => {
    const a = buildLexicon(["zebra", "apple", "apply", "apple"]);
    const b = buildLexicon(["apply", "apple", "zebra"]);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("loads from an ArrayBuffer and from a misaligned Uint8Array view", () => {
    const bytes = buildLexicon(["tile", "tiles"]);
    expect(Lexicon.fromBytes(bytes.slice().buffer).has("tiles")).toBe(true);
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    expect(Lexicon.fromBytes(shifted.subarray(1)).has("tile")).toBe(true);
  });

  it("refuses files that are not lexicons", () => {
    expect(() => Lexicon.fromBytes(new Uint8Array(64))).toThrow(/bad magic/);
    const bytes = buildLexicon(["tile"]);
    expect(() => Lexicon.fromBytes(bytes.slice(0, bytes.length - 4))).toThrow(/truncated/);
    const otherVersion = bytes.slice();
    otherVersion[4] = 3; // the header's version word
    expect(() => Lexicon.fromBytes(otherVersion)).toThrow(/version 3 is not supported/);
    expect(() => buildLexicon(["Tile"])).toThrow(EngineError);
  });

  it("ranks and solves right where rank steps are too large for their records", () => {
    // 40,000 words under "xa" put 40,000 words before "xb...": that step does not fit its record.
    const letters = (i: number) => Array.from({ length: 4 }, (_, k) => String.fromCharCode(97 + (Math.floor(i / 26 ** k) % 26))).join("");
    const filler = Array.from({ length: 40_000 }, (_, i) => `xa${letters(i)}`);
    const lex = lexiconOf([...filler, "xbe", "xbet", "zed"]);
    expect([lex.rank("xbe"), lex.rank("xbet"), lex.rank("zed")]).toEqual([40_000, 40_001, 40_002]);
    const solution = solveCompact(parseBoard("xb/te"), lex, RULES.open);
    expect([solution.word(0), solution.word(1)]).toEqual(["xbe", "xbet"]);
    expect([...solution.ranks]).toEqual([40_000, 40_001]);
    expect([...lex.words()].slice(-3)).toEqual(["xbe", "xbet", "zed"]);
  });
});

describe("word list files", () => {
  it("reads plain lists and the course format whose first line is the count", () => {
    expect(parseWordList("Cat\ndog\n\n")).toEqual(["cat", "dog"]);
    expect(parseWordList("2\napple\nbanana\ncherry\n")).toEqual(["apple", "banana"]);
  });

  it("names the bad line, and refuses empty lists and short counts", () => {
    expect(() => parseWordList("cat\nd0g")).toThrow(/line 2: "d0g"/);
    expect(() => parseWordList("\n\n")).toThrow(/empty/);
    expect(() => parseWordList("5\na\nb")).toThrow(/declares 5 words but holds 2/);
  });

  it("reads the reviewed lists with their reasons", () => {
    expect(readListFile("# header\nfoo   # why\n\nBar # why not\n")).toEqual(["foo", "bar"]);
  });
});

describe("the default English lexicon", () => {
  const lex = englishLexicon();

  it("holds the word-list words with SCOWL's common marks", () => {
    expect(lex.wordCount).toBeGreaterThan(270_000);
    expect(lex.has("queue")).toBe(true);
    expect(lex.isCommon("house")).toBe(true);
    expect(lex.has("aardwolf")).toBe(true);
    expect(lex.isCommon("aardwolf")).toBe(false);
  });

  it("ranks words in alphabetical order across the whole list", () => {
    const sample = [...lex.words()].filter((_, i) => i % 997 === 0);
    const ranks = sample.map((w) => lex.rank(w));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(lex.rank(sample[3])).toBe(3 * 997);
  });

  it("leaves out the blocklist and adds the allowlist", () => {
    expect(lex.has("wetback")).toBe(false);
    expect(lex.has("gook")).toBe(false);
    expect(lex.has("selfie")).toBe(true);
    expect(lex.isCommon("selfie")).toBe(true);
  });
});
