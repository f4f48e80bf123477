/// <reference types="astro/client" />

/** The content-hashed URL of the default lexicon, set at build time (see astro.config.mjs). */
declare const __LEXICON_URL__: string;

/** Each language's lexicon URL (en, fr, es, de), content-hashed, set at build time. */
declare const __LEXICON_URLS__: Record<"en" | "fr" | "es" | "de", string>;

/** The content-hashed base URL of the definitions (a shard per two-letter prefix below it). */
declare const __DEFINITIONS_URL__: string;

/** The two-letter prefixes that have a definitions shard, comma-separated (set at build time). */
declare const __DEFINITIONS_PREFIXES__: string;

/** The display spellings' URL of each language that folds accents (fr, es, de), content-hashed, set at build time. */
declare const __SPELLINGS_URLS__: Partial<Record<"en" | "fr" | "es" | "de", string>>;
