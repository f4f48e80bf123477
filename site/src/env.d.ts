/// <reference types="astro/client" />

/** The content-hashed URL of the default lexicon, set at build time (see astro.config.mjs). */
declare const __LEXICON_URL__: string;
