// The play page's JavaScript budget: at most 45 KB gzipped before the lexicon (40 KB until this
// round's account, embed and sync strings grew the French, Spanish and German catalogues to about
// 43.8 KB on their daily pages; the English page is 38 KB: issue 40's lighter pages take it back
// down). Measured on the
// built site by following the page's module scripts and their static imports (what a browser
// downloads before any lexicon request); printed so the number can be quoted. Each of those
// imports is announced in the page (modulepreload), so none waits for the chunk that imports it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { root } from "./helpers.ts";

const site = path.join(root, "dist/site");
const BUDGET = 45 * 1024;

function pageScripts(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
}

/** What the page announces to fetch at once (its scripts' imports and its language's catalogue). */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
}

function withImports(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (url: string) => {
    if (seen.has(url)) return;
    seen.add(url);
    const code = readFileSync(path.join(site, url), "utf8");
    for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) visit(path.posix.join(path.posix.dirname(url), m[1]));
  };
  entries.forEach(visit);
  return seen;
}

for (const pagePath of ["index.html", "fr.html", "es.html", "de.html", "play.html", "embed.html", "practice.html", "room.html", "league.html"]) {
  test(`${pagePath} ships at most 45 KB of gzipped JavaScript before the lexicon`, () => {
    const html = readFileSync(path.join(site, pagePath), "utf8");
    const files = withImports([...pageScripts(html), ...preloads(html)]);
    let raw = 0;
    let gzipped = 0;
    for (const file of files) {
      const bytes = readFileSync(path.join(site, file));
      raw += bytes.length;
      gzipped += gzipSync(bytes, { level: 9 }).length;
    }
    console.log(`${pagePath}: ${files.size} scripts, ${raw} bytes raw, ${gzipped} bytes gzipped`);
    expect(files.size).toBeGreaterThan(1);
    expect(gzipped).toBeLessThanOrEqual(BUDGET);
  });

  test(`${pagePath} announces every module its scripts import, however deep (no round trip per level)`, () => {
    const html = readFileSync(path.join(site, pagePath), "utf8");
    const entries = pageScripts(html).filter((src) => src.startsWith("/_astro/"));
    const preloaded = new Set(preloads(html));
    const imported = [...withImports(entries)].filter((url) => !entries.includes(url));
    expect(imported.length).toBeGreaterThan(0);
    expect(imported.filter((url) => !preloaded.has(url))).toEqual([]);
    // Only the page's own language's catalogue: an English page carries no other language, and a
    // French one no English.
    const lang = /<html lang="(\w\w)"/.exec(html)?.[1] ?? "en";
    const catalogues = [...withImports([...entries, ...preloaded])].map((url) => /\/_astro\/(en|fr|es|de)\.[\w-]+\.js$/.exec(url)?.[1]).filter(Boolean);
    expect(catalogues).toEqual([lang]);
  });
}

// A daily page's first word is judged once the game's script, everything it imports, the page's
// catalogue, its stylesheet, the theme script and the day's puzzle are in. Over HTTP/1.1 (a local
// server, and any browser that falls back to it) a page gets six connections to its origin: with
// at most six such files they all leave in the first round of requests, and on slow 4G each
// further round costs 562 ms (npm run first-load measures the time).
for (const pagePath of ["index.html", "fr.html", "es.html", "de.html"]) {
  test(`${pagePath} needs at most six files before its first word can be judged`, () => {
    const html = readFileSync(path.join(site, pagePath), "utf8");
    const modules = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    const gameEntry = modules.find((src) => [...withImports([src])].some((url) => /customElements\.define\(["'`]tw-game["'`]/.test(readFileSync(path.join(site, url), "utf8"))));
    expect(gameEntry).toBeDefined();
    const catalogue = preloads(html).filter((url) => /\/_astro\/(en|fr|es|de)\.[\w-]+\.js$/.test(url));
    const stylesheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
    const classicScripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
    const fetched = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((m) => m[1]);
    const needed = new Set([...withImports([gameEntry!]), ...catalogue, ...stylesheets, ...classicScripts, ...fetched]);
    console.log(`${pagePath}: ${needed.size} files before the first word is judged: ${[...needed].join(", ")}`);
    expect(catalogue).toHaveLength(1);
    expect(fetched).toHaveLength(1);
    expect(needed.size).toBeLessThanOrEqual(6);
  });
}
