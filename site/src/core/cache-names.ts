// Cache Storage names shared by the page scripts and the service worker.
export const LEXICON_CACHE = "tw-lexicon";
export const DEFINITIONS_CACHE = "tw-definitions";
export const SPELLINGS_CACHE = "tw-spellings";
