// Every repository path the README and the architecture docs name exists: a path written out in
// the text (`worker/results/sync-consumer.ts`, site/src/i18n/) and every relative link ([api](docs/api.md)).
// Text paths are read from the repository's root, links from the linking file's folder.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const DOCUMENTS = ["README.md", "docs/architecture.md", "docs/api.md", "docs/rules-and-lexicon.md"];
/** The folders a path written in the text starts with (what it names is under the repository's root). */
const TOP_FOLDERS = ["shared", "worker", "site", "cli", "scripts", "test", "docs", "migrations", ".ci"];

/** A path in running text: a top folder then path characters, not inside a longer word or URL. */
const TEXT_PATH = new RegExp(`(?<![\\w./@-])((?:${TOP_FOLDERS.map((f) => f.replace(".", "\\.")).join("|")})/(?:[\\w./*<>-]|\\[\\w+\\])*)`, "g");
/** A markdown link's target. */
const LINK = /\]\(([^)\s]+)\)/g;

interface NamedPath {
  /** As written. */
  written: string;
  /** Relative to the repository's root. */
  resolved: string;
}

/** The repository paths a markdown file at `file` (relative to the root) names. */
function namedPaths(file: string, text: string): NamedPath[] {
  const found: NamedPath[] = [];
  for (const [, raw] of text.matchAll(TEXT_PATH)) {
    // Sentence punctuation after a path is not part of it.
    const written = raw.replace(/[.,]+$/, "");
    // Patterns and placeholders (test/*/vitest.config.ts, days/<date>/) name no one file.
    if (/[*<>]/.test(written)) continue;
    found.push({ written, resolved: path.normalize(written) });
  }
  for (const [, target] of text.matchAll(LINK)) {
    if (/^[a-z]+:/i.test(target) || target.startsWith("#") || target.startsWith("/")) continue;
    const written = target.replace(/#.*$/, "");
    found.push({ written, resolved: path.normalize(path.join(path.dirname(file), written)) });
  }
  return found;
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchor(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** Links to a heading (`file.md#heading`) whose file has no such heading. */
function brokenAnchors(file: string, text: string): string[] {
  const broken: string[] = [];
  for (const [, target] of text.matchAll(LINK)) {
    const [, linked, fragment] = /^([^#:]*\.md)?#(.+)$/.exec(target) ?? [];
    if (fragment === undefined) continue;
    const targetFile = linked ? path.join(path.dirname(file), linked) : file;
    const headings = readFileSync(path.join(root, targetFile), "utf8").match(/^#+ .*$/gm) ?? [];
    if (!headings.some((h) => anchor(h.replace(/^#+ /, "")) === fragment)) broken.push(`${file}: ${target}`);
  }
  return broken;
}

function missing(file: string, text: string): string[] {
  return namedPaths(file, text)
    .filter((p) => !existsSync(path.join(root, p.resolved)))
    .map((p) => `${file}: ${p.written}`);
}

describe("the paths the docs name", () => {
  test("are found in text and links, read from the right folder", () => {
    const text = "Errors live in `worker/http/errors.ts`, see [the API](api.md#errors) and shared/http.ts. Not https://x.dev/shared/a.ts nor test/*/vitest.config.ts.";
    expect(namedPaths("docs/architecture.md", text)).toEqual([
      { written: "worker/http/errors.ts", resolved: "worker/http/errors.ts" },
      { written: "shared/http.ts", resolved: "shared/http.ts" },
      { written: "api.md", resolved: "docs/api.md" },
    ]);
    // A wrong path is caught (the README used to name shared/http.ts).
    expect(missing("README.md", "the helpers in `shared/http.ts`")).toEqual(["README.md: shared/http.ts"]);
  });

  test.each(DOCUMENTS)("%s names only paths that exist", (file) => {
    const text = readFileSync(path.join(root, file), "utf8");
    expect(namedPaths(file, text).length).toBeGreaterThan(3);
    expect(missing(file, text)).toEqual([]);
  });

  test("links to a heading find it (GitHub's anchors)", () => {
    expect(anchor("The embed's cookie")).toBe("the-embeds-cookie");
    expect(anchor("First load (`npm run first-load`)")).toBe("first-load-npm-run-first-load");
    expect(brokenAnchors("README.md", "[rooms](docs/architecture.md#live-rooms), [gone](docs/architecture.md#http-api)")).toEqual(["README.md: docs/architecture.md#http-api"]);
    for (const file of DOCUMENTS) expect(brokenAnchors(file, readFileSync(path.join(root, file), "utf8"))).toEqual([]);
  });

  test("the README lists every file in docs/", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const listed = new Set(namedPaths("README.md", readme).map((p) => p.resolved));
    const docs = readdirSync(path.join(root, "docs")).filter((name) => name.endsWith(".md"));
    expect(docs.filter((name) => !listed.has(`docs/${name}`))).toEqual([]);
  });
});
