// Word definitions for the solution, from WordNet 3.1 and the project's function-word glosses,
// compiled at build time (scripts/build-definitions.ts): one small file per two-letter prefix,
// fetched only when the solution is opened (only prefixes the build says exist), kept in Cache
// Storage (so they work offline afterwards). Irregular forms come with their lemma in the file
// (wore -> wear); a regular inflection is looked up through WordNet's own detachment rules
// (morphy: "cats" -> "cat", "tried" -> "try", "bigger" -> "big"); a word with no entry says so.
import { DEFINITIONS_CACHE } from "../../core/cache-names.ts";
import { cachedFetch } from "../../core/cached-fetch.ts";
import { lemmaCandidates } from "#engine";

export interface Definition {
  /** The dictionary form the definition belongs to (the word itself, or its lemma). */
  lemma: string;
  /** n, v, adj or adv. */
  part: string;
  gloss: string;
}

const shards = new Map<string, Promise<Map<string, Definition>>>();
let shardPrefixes: Set<string> | null = null;

/** Whether the build made a file for a prefix (read on first use: a build-time constant). */
function hasShard(prefix: string): boolean {
  shardPrefixes ??= new Set(__DEFINITIONS_PREFIXES__.split(","));
  return shardPrefixes.has(prefix);
}

function loadShard(prefix: string): Promise<Map<string, Definition>> {
  let shard = shards.get(prefix);
  if (!shard) {
    shard = fetchShard(prefix).catch((error: unknown) => {
      shards.delete(prefix);
      throw error;
    });
    shards.set(prefix, shard);
  }
  return shard;
}

async function fetchShard(prefix: string): Promise<Map<string, Definition>> {
  const url = `${__DEFINITIONS_URL__}${prefix}.txt`;
  const res = await cachedFetch(url, DEFINITIONS_CACHE, (status) => new Error(`definitions unavailable (HTTP ${status})`));
  const map = new Map<string, Definition>();
  for (const line of (await res.text()).split("\n")) {
    const [word, part, gloss, lemma] = line.split("\t");
    if (word && part && gloss) map.set(word, { lemma: lemma ?? word, part, gloss });
  }
  return map;
}

/** Definitions of many words at once (null: WordNet has no entry for it or its lemma). */
export async function defineAll(words: readonly string[]): Promise<Map<string, Definition | null>> {
  const candidates = new Map(words.map((w) => [w, lemmaCandidates(w)]));
  // A prefix no entry starts with has no file: never asked for.
  const prefixes = new Set([...candidates.values()].flat().map((w) => w.slice(0, 2)).filter(hasShard));
  const loaded = new Map<string, Map<string, Definition>>();
  await Promise.all([...prefixes].map(async (p) => loaded.set(p, await loadShard(p))));
  const out = new Map<string, Definition | null>();
  for (const [word, forms] of candidates) {
    const hit = forms.map((f) => loaded.get(f.slice(0, 2))?.get(f)).find((d) => d !== undefined);
    out.set(word, hit ?? null);
  }
  return out;
}
