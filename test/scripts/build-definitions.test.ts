// scripts/build-definitions.ts: WordNet lemmas, irregular forms from the exception lists with
// their lemma, and the project's function-word glosses winning over WordNet.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, expect, test } from "vitest";
import { buildDefinitions, readFunctionWords } from "#scripts/build-definitions.ts";
import { Lexicon } from "#engine";

const root = path.resolve(import.meta.dirname, "../..");
let lines: Map<string, string[]>;

beforeAll(() => {
  const lexicon = Lexicon.fromBytes(readFileSync(path.join(root, "dist/lexicon/english.bin")));
  const text = buildDefinitions(lexicon, readFunctionWords("the\tarticle\tthe definite article\nshalt\tverb\t(old) shall\nhow\tadv\tin what way\n"));
  lines = new Map(text.trim().split("\n").map((line) => [line.split("\t")[0], line.split("\t").slice(1)]));
  // Builds from the whole English lexicon: seconds on a quiet machine, more beside other suites.
}, 120_000);

test("irregular forms carry their lemma's gloss in the exception's part of speech", () => {
  expect(lines.get("wore")).toEqual(["v", "be dressed in", "wear"]);
  expect(lines.get("mice")?.[0]).toBe("n");
  expect(lines.get("mice")?.[2]).toBe("mouse");
  expect(lines.get("went")?.[2]).toBe("go");
  // A lemma keeps its own entry, with no lemma field.
  expect(lines.get("wear")?.length).toBe(2);
});

test("function words get the project's gloss, over WordNet's", () => {
  expect(lines.get("the")).toEqual(["article", "the definite article"]);
  expect(lines.get("shalt")).toEqual(["verb", "(old) shall"]);
  expect(lines.get("how")).toEqual(["adv", "in what way"]);
});

test("the project's list: every line is a word, a part of speech and a gloss", () => {
  const list = readFunctionWords(readFileSync(path.join(root, "shared/engine/lexicon/function-words.txt"), "utf8"));
  expect(list.get("these")?.gloss).toMatch(/plural of this/);
  expect(() => readFunctionWords("the\tarticle\n")).toThrow(/bad line/);
});
