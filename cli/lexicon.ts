// Finding and loading word lists: the built-in English lexicon, or a user's dictionary file.
import { ENGLISH, EngineError, type Language, Lexicon, buildLexicon, parseWordList } from "#engine";
import { UsageError } from "./args.ts";
import { cachedDictionary } from "./dict-cache.ts";

const { existsSync, readFileSync } = process.getBuiltinModule("node:fs");
const { dirname, join, resolve } = process.getBuiltinModule("node:path");
const { fileURLToPath } = process.getBuiltinModule("node:url");

const DEFAULT_LEXICON = join("dist", "lexicon", "english.bin");

/**
 * Finds a project file by searching upward from this file's directory, so the same code works
 * when run as `cli/main.ts` (one level below the root) and as the bundled `dist/cli.js`.
 */
export function findUp(relativePath: string, from: string = dirname(fileURLToPath(import.meta.url))): string | null {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, relativePath);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

export function loadDefaultLexicon(): Lexicon {
  const path = findUp(DEFAULT_LEXICON);
  if (path === null) {
    throw new UsageError(`the English lexicon (${DEFAULT_LEXICON}) is missing: run 'npm run build:lexicon'`);
  }
  return Lexicon.fromBytes(readFileSync(path));
}

/** Reads a text file a user named, turning "not found" and friends into one-line usage errors. */
export function readUserFile(path: string, what: string): string {
  return new TextDecoder().decode(readUserBytes(path, what));
}

/** Reads a file a user named as bytes, with the same one-line errors. */
function readUserBytes(path: string, what: string): Buffer {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const why =
      code === "ENOENT" ? "does not exist"
      : code === "EISDIR" ? "is a directory"
      : code === "EACCES" ? "cannot be read (permission denied)"
      : `cannot be read (${code ?? (error as Error).message})`;
    throw new UsageError(`${what} '${path}' ${why}`);
  }
}

/** Runs an engine step on a user's file, naming the file in any EngineError it raises. */
function aboutFile<T>(what: string, path: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof EngineError) throw new UsageError(`${what} '${path}': ${error.message}`);
    throw error;
  }
}

/** Which words of a dictionary file to keep, by length in letters. */
export interface WordLengths {
  min: number;
  max: number;
}

/**
 * A lexicon compiled from a user's dictionary file (plain, or the course format whose first line
 * is the count), keeping only words of the given lengths. Compiled once per file content: later
 * runs read it from the on-disk cache (dict-cache.ts). In a language other than English, its
 * words are folded as the language folds a typed word, in the language's letters.
 */
export function loadDictFile(path: string, lengths: WordLengths = { min: 1, max: Infinity }, language: Language = ENGLISH): Lexicon {
  const source = readUserBytes(path, "dictionary file");
  // English's cache key is as it always was; another language's adds its code.
  const filter = `letters ${lengths.min}-${lengths.max}${language === ENGLISH ? "" : ` lang ${language.code}`}`;
  return cachedDictionary(source, filter, () => {
    const text = new TextDecoder().decode(source);
    const normalize = language === ENGLISH ? undefined : (word: string) => language.normalize(word);
    const words = aboutFile("dictionary file", path, () => parseWordList(text, normalize));
    const kept = words.filter((w) => w.length >= lengths.min && w.length <= lengths.max);
    if (kept.length === 0) throw new UsageError(`dictionary file '${path}' has no usable words`);
    return aboutFile("dictionary file", path, () => buildLexicon(kept, undefined, language.alphabet));
  });
}

/**
 * A language's built-in lexicon (English's through loadDefaultLexicon(), as always); the others
 * are read only when a command asks for their language.
 */
export function loadLanguageLexicon(language: Language): Lexicon {
  if (language === ENGLISH) return loadDefaultLexicon();
  const file = join("dist", "lexicon", language.lexiconFile);
  const path = findUp(file);
  if (path === null) throw new UsageError(`the ${language.name} lexicon (${file}) is missing: run 'npm run build:lexicon'`);
  return Lexicon.fromBytes(readFileSync(path));
}

/** `--dict FILE` when given, else the language's built-in lexicon (English unless given). */
export function loadLexicon(dict: string | undefined, language: Language = ENGLISH): Lexicon {
  return dict === undefined ? loadLanguageLexicon(language) : loadDictFile(dict, undefined, language);
}
