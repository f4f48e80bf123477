// Files the site needs beside Astro's pages: the default lexicon (content-hashed name), the
// embeddable widget script (/widget.js) and the service worker (/sw.js), both bundled from TS.
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const siteDir = dirname(fileURLToPath(import.meta.url));
const lexiconFile = join(siteDir, "../dist/lexicon/english.bin");

/** The lexicon's public URL, derived from its bytes. Built by `npm run build:lexicon` first. */
export function lexiconAsset() {
  if (!existsSync(lexiconFile)) {
    throw new Error(`${lexiconFile} is missing: run \`npm run build:lexicon\` before building the site`);
  }
  const hash = createHash("sha256").update(readFileSync(lexiconFile)).digest("hex").slice(0, 12);
  return { file: lexiconFile, url: `/lexicon/english.${hash}.bin` };
}

/** @param {{file: string, url: string}} lexicon */
export function tumblewordAssets(lexicon) {
  return {
    name: "tumbleword-assets",
    hooks: {
      "astro:build:done": async ({ dir }) => {
        const out = fileURLToPath(dir);
        const target = join(out, lexicon.url);
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(lexicon.file, target);
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
 * The URLs the service worker stores on install so that every page works offline after one
 * visit: each page at its canonical (extension-less) URL, the scripts, styles and icons.
 * The lexicon is left out (the pages that need it cache it), and so are the worker itself and
 * the files only the server reads. The version changes whenever any of those bytes change.
 */
function precacheList(out) {
  const files = readdirSync(out, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(out, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((file) => !file.startsWith("lexicon/") && !["sw.js", "_redirects", "_headers", "404.html"].includes(file))
    .sort();
  const hash = createHash("sha256");
  const urls = files.map((file) => {
    hash.update(file).update(readFileSync(join(out, file)));
    if (file === "index.html") return "/";
    return "/" + file.replace(/\.html$/, "");
  });
  return { urls, version: hash.digest("hex").slice(0, 12) };
}
