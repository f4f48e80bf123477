// What a language's catalogue is made with (en.ts, fr.ts, es.ts, de.ts): the helpers the languages
// share, the ranks and the share text's English, handed in by whoever loads a catalogue
// (messages.ts at run time, all.ts at build time). A catalogue's chunk then imports nothing: a
// page's language arrives beside its other scripts, not after a chunk of helpers of its own, and
// the core that awaits it is never waited on by it.
import { RANKS } from "#game/ranks.ts";
import { plural, plurals, topPercent } from "./catalogue.ts";
import { SHARE_HINT_NAMES, sharePlace } from "./share-english.ts";
import { frenchSpacing, typeset } from "./typography.ts";

export const CATALOGUE_TOOLS = { plural, plurals, topPercent, ranks: RANKS, sharePlace, shareHintNames: SHARE_HINT_NAMES, typeset, frenchSpacing } as const;

export type CatalogueTools = typeof CATALOGUE_TOOLS;
