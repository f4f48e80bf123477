// The Tumbleword site: static pages built into ../dist/site, which the Worker serves as static
// assets on the same origin as the API. See tumbleword-assets.mjs for the files added beside them.
import { defineConfig } from "astro/config";
import { definitionsAsset, lexiconAssets, spellingsAssets, tumblewordAssets } from "./tumbleword-assets.mjs";

/**
 * The chunk of a module the pages share: the small modules every page uses in one file ("core")
 * rather than twenty, since over HTTP/1.1 (six connections) each round of requests costs a round
 * trip, 562 ms on slow 4G. Not the engine's solver and lexicon (practice's), nor the languages'
 * catalogues: a page loads its own (English too), which imports nothing (src/i18n/tools.ts), since
 * the core's messages.ts awaits it at its top level (a chunk cycle through a top-level await never
 * settles).
 */
function chunkOf(id) {
  // The saved game and sharing with them (game-store.ts, game-state.ts, share.ts, result-text.ts):
  // the daily pages, stats and the archive use them, and each chunk less is a request less there.
  const shared = /[\\/](site[\\/]src[\\/](core|i18n)|shared)[\\/]|[\\/]site[\\/]src[\\/]islands[\\/]board[\\/][\w-]+\.ts$|[\\/]islands[\\/]daily[\\/](game-store|game-state|share|result-text)\.ts$/.test(id);
  const apart = /[\\/](shared[\\/]engine[\\/](solver|lexicon)|i18n[\\/](en|fr|es|de|all)\.ts|core[\\/](lexicon|spellings-file)\.ts)/.test(id);
  return shared && !apart ? "core" : undefined;
}

const lexicons = lexiconAssets();
const definitions = definitionsAsset();
const spellings = spellingsAssets();

export default defineConfig({
  outDir: "../dist/site",
  // "file" gives leaderboard.html, which Workers Static Assets serves at /leaderboard (no slash).
  build: { format: "file", inlineStylesheets: "never" },
  trailingSlash: "never",
  devToolbar: { enabled: false },
  integrations: [tumblewordAssets(lexicons, definitions, spellings)],
  vite: {
    // The lexicons' and definitions' URLs carry their content hash, so browsers may cache them forever.
    define: {
      __LEXICON_URL__: JSON.stringify(lexicons.en.url),
      __LEXICON_URLS__: JSON.stringify(Object.fromEntries(Object.entries(lexicons).map(([lang, l]) => [lang, l.url]))),
      __SPELLINGS_URLS__: JSON.stringify(Object.fromEntries(Object.entries(spellings).map(([lang, s]) => [lang, s.url]))),
      __DEFINITIONS_URL__: JSON.stringify(definitions.url),
      __DEFINITIONS_PREFIXES__: JSON.stringify(definitions.prefixes),
    },
    build: {
      // External scripts only: keeps the pages compatible with a strict script-src CSP.
      assetsInlineLimit: 0,
      // The engine (shared/) has no import-time side effects: a page that imports one function of its
      // index gets that function's modules, not the whole engine (the solver, the dice) by the
      // index's re-exports. The site's own modules keep theirs (custom elements define themselves).
      rollupOptions: {
        treeshake: { moduleSideEffects: (id) => !/[\\/]shared[\\/]/.test(id) },
        output: { manualChunks: chunkOf },
      },
    },
  },
});
