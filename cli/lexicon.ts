// Finding and loading word lists: the built-in English lexicon, or a user's dictionary file.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildLexicon, EngineError, Lexicon, parseWordList } from "../shared/index.ts";
import { UsageError } from "./args.ts";

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
  try {
    return readFileSync(path, "utf8");
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

/** The words of a dictionary file (plain, or the course format whose first line is the count). */
export function readWordList(path: string): string[] {
  const text = readUserFile(path, "dictionary file");
  const words = aboutFile("dictionary file", path, () => parseWordList(text));
  if (words.length === 0) throw new UsageError(`dictionary file '${path}' has no words`);
  return words;
}

/** A lexicon compiled from a user's dictionary file; `keep` filters the words first. */
export function loadDictFile(path: string, keep: (word: string) => boolean = () => true): Lexicon {
  const words = readWordList(path).filter(keep);
  if (words.length === 0) throw new UsageError(`dictionary file '${path}' has no usable words`);
  return aboutFile("dictionary file", path, () => Lexicon.fromBytes(buildLexicon(words)));
}

/** `--dict FILE` when given, else the built-in English lexicon. */
export function loadLexicon(dict: string | undefined): Lexicon {
  return dict === undefined ? loadDefaultLexicon() : loadDictFile(dict);
}
