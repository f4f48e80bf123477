// Compiled dictionaries kept on disk, so a word list given with --dict is compiled once, not on
// every run. An entry is named by a SHA-256 of the lexicon format version, the words kept and the
// dictionary file's bytes: an edited file is a new entry, never a stale one. It holds the lexicon
// file followed by a CRC-32 of it, checked on every read, so a damaged entry is rebuilt rather
// than trusted. Entries are written to a temporary file and renamed into place, so concurrent
// runs never read half a file (the last rename wins; the contents are the same anyway). The cache
// is an optimisation: when its directory cannot be used, dictionaries are simply compiled.
import { LEXICON_FORMAT_VERSION as VERSION, Lexicon } from "#engine";

const { closeSync, fstatSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } =
  process.getBuiltinModule("node:fs");
const { homedir } = process.getBuiltinModule("node:os");
const { dirname, isAbsolute, join } = process.getBuiltinModule("node:path");
const { fileURLToPath } = process.getBuiltinModule("node:url");
// Loaded on first use: only commands given a --dict need them.
const nodeCrypto = () => process.getBuiltinModule("node:crypto");
const crc32 = (bytes: Uint8Array) => process.getBuiltinModule("node:zlib").crc32(bytes);

/** How many compiled dictionaries to keep (each about as large as its word list). */
const MAX_ENTRIES = 16;
/** A temporary file older than this was left by a run that died mid-write. */
const STALE_TEMP_MS = 10 * 60_000;
const CHECKSUM_BYTES = 4;

/**
 * Where compiled dictionaries go: $XDG_CACHE_HOME/tumbleword when that is set, else
 * node_modules/.cache/tumbleword of the project the CLI runs from (where build tools keep their
 * caches), else ~/.cache/tumbleword.
 */
export function cacheDirectory(from: string = dirname(fileURLToPath(import.meta.url))): string {
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg !== undefined && isAbsolute(xdg)) return join(xdg, "tumbleword");
  for (let dir = from; ; dir = dirname(dir)) {
    if (isDirectory(join(dir, "node_modules"))) return join(dir, "node_modules", ".cache", "tumbleword");
    if (dirname(dir) === dir) break;
  }
  return join(homedir(), ".cache", "tumbleword");
}

/** The cache key of a dictionary file's bytes compiled with the given word filter. */
export function dictionaryKey(source: Uint8Array, filter: string): string {
  return nodeCrypto().createHash("sha256").update(`tumbleword lexicon v${VERSION}\n${filter}\n`).update(source).digest("hex");
}

/**
 * The lexicon compiled from a dictionary file's bytes: read from the cache when a sound entry is
 * there, else compiled by `compile` (which may throw on a bad word list) and stored.
 */
export function cachedDictionary(source: Uint8Array, filter: string, compile: () => Uint8Array): Lexicon {
  const dir = cacheDirectory();
  const key = dictionaryKey(source, filter);
  const cached = readEntry(join(dir, `${key}.bin`));
  if (cached !== null) return cached;
  const bytes = compile();
  writeEntry(dir, key, bytes);
  return Lexicon.fromBytes(bytes);
}

/** The entry's lexicon, or null when it is missing, damaged or not a lexicon of this version. */
function readEntry(path: string): Lexicon | null {
  let entry: Uint8Array;
  try {
    entry = readShared(path);
  } catch {
    return null;
  }
  if (entry.length <= CHECKSUM_BYTES) return null;
  const bytes = entry.subarray(0, entry.length - CHECKSUM_BYTES);
  const stored = new DataView(entry.buffer, entry.byteOffset + bytes.length, CHECKSUM_BYTES).getUint32(0, true);
  if (crc32(bytes) !== stored) return null;
  try {
    const lexicon = Lexicon.fromBytes(bytes);
    touch(path);
    return lexicon;
  } catch {
    return null;
  }
}

/**
 * A file's bytes in shared memory: a batch's helper threads are sent the lexicon without a copy
 * (a view over an ordinary buffer would be copied to each of them).
 */
function readShared(path: string): Uint8Array {
  const fd = openSync(path, "r");
  try {
    const bytes = new Uint8Array(new SharedArrayBuffer(fstatSync(fd).size));
    for (let at = 0, read = 1; at < bytes.length && read > 0; at += read) read = readSync(fd, bytes, at, bytes.length - at, at);
    return bytes;
  } finally {
    closeSync(fd);
  }
}

/** A cache entry's bytes: the lexicon file, then its CRC-32 (little-endian). */
export function cacheEntry(lexiconBytes: Uint8Array): Buffer {
  const checksum = Buffer.alloc(CHECKSUM_BYTES);
  checksum.writeUInt32LE(crc32(lexiconBytes));
  return Buffer.concat([lexiconBytes, checksum]);
}

function writeEntry(dir: string, key: string, bytes: Uint8Array): void {
  const temp = join(dir, `${key}.${process.pid}-${nodeCrypto().randomBytes(4).toString("hex")}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temp, cacheEntry(bytes), { flag: "wx" });
    renameSync(temp, join(dir, `${key}.bin`));
    prune(dir);
  } catch {
    removeQuietly(temp);
  }
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // nothing to clean up where nothing could be written
  }
}

/** Keeps the MAX_ENTRIES most recently used entries and clears temporary files left by dead runs. */
function prune(dir: string): void {
  const now = Date.now();
  const entries: { path: string; used: number }[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const used = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (used === undefined) continue; // removed meanwhile by another run
    if (name.endsWith(".bin")) entries.push({ path, used });
    else if (name.endsWith(".tmp") && now - used > STALE_TEMP_MS) removeQuietly(path);
  }
  entries.sort((a, b) => b.used - a.used);
  for (const { path } of entries.slice(MAX_ENTRIES)) removeQuietly(path);
}

/** Marks an entry as used (for pruning); best effort. */
function touch(path: string): void {
  try {
    const now = new Date();
    utimesSync(path, now, now);
  } catch {
    // read-only cache: the entry still serves
  }
}

function isDirectory(path: string): boolean {
  return statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}
