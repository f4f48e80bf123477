// The code's layers, checked by reading every import (TypeScript's own parser, so `import type`
// is told apart from a value import): shared/ stands alone; the site reads the Worker's types but
// never its code; the Worker never reads the site, the scripts or the CLI; the storage layer
// (worker/db) reads no service or route; only the Worker's entry imports its queue consumer; and
// no file of site/src/scripts is over 300 lines.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";

const root = resolve(import.meta.dirname, "../..");

interface Import {
  /** The importing file, relative to the repository. */
  from: string;
  /** The imported file, relative to the repository (only relative specifiers are followed). */
  to: string;
  typeOnly: boolean;
}

function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|astro)$/.test(name) && !name.endsWith(".d.ts") && !name.includes("node_modules"))
    .map((name) => join(dir, name));
}

/** An .astro file's TypeScript: its frontmatter and its <script> blocks. */
function astroCode(text: string): string {
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join("\n");
}

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), "utf8");
  const source = ts.createSourceFile(file, file.endsWith(".astro") ? astroCode(text) : text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    if (specifier.startsWith(".")) found.push({ from: file, to: relative(root, resolve(root, dirname(file), specifier)), typeOnly });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      // `import type {…}`, or `import { type A, type B }` (nothing of it is kept in the output).
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      add(node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      add(node.arguments[0].text, false);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const imports = ["shared", "worker", "site/src", "cli"].flatMap(filesUnder).flatMap(importsOf);
const inside = (dir: string) => (path: string) => path === dir || path.startsWith(`${dir}/`);
const show = (list: Import[]) => list.map((i) => `${i.from} -> ${i.to}${i.typeOnly ? " (type)" : ""}`);

test("the scan sees the imports it checks (a broken scan would pass every rule)", () => {
  expect(imports.length).toBeGreaterThan(300);
  expect(imports).toContainEqual({ from: "site/src/scripts/core/api-client.ts", to: "worker/app.ts", typeOnly: true });
  expect(imports).toContainEqual({ from: "worker/index.ts", to: "worker/results/sync-consumer.ts", typeOnly: false });
  expect(imports.some((i) => i.from.endsWith(".astro") && inside("shared")(i.to))).toBe(true);
});

test("shared/ imports nothing of the Worker, the site, the scripts or the CLI", () => {
  const wrong = imports.filter((i) => inside("shared")(i.from) && !inside("shared")(i.to));
  expect(show(wrong)).toEqual([]);
});

test("the site imports the Worker only as types, and never the scripts or the CLI", () => {
  const site = imports.filter((i) => inside("site")(i.from));
  const wrong = site.filter((i) => (inside("worker")(i.to) && !i.typeOnly) || inside("scripts")(i.to) || inside("cli")(i.to));
  expect(show(wrong)).toEqual([]);
});

test("the Worker never imports the site, the scripts or the CLI", () => {
  const wrong = imports.filter((i) => inside("worker")(i.from) && ["site", "scripts", "cli"].some((dir) => inside(dir)(i.to)));
  expect(show(wrong)).toEqual([]);
});

test("the storage layer (worker/db) imports no service, route or room", () => {
  const wrong = imports.filter((i) => inside("worker/db")(i.from) && ["worker/services", "worker/routes", "worker/rooms", "worker/http"].some((dir) => inside(dir)(i.to)));
  expect(show(wrong)).toEqual([]);
});

test("only the Worker's entry imports the entry modules (worker/index.ts, worker/results/sync-consumer.ts)", () => {
  const entries = ["worker/index.ts", "worker/results/sync-consumer.ts"];
  const wrong = imports.filter((i) => entries.includes(i.to) && i.from !== "worker/index.ts");
  expect(show(wrong)).toEqual([]);
});

test("no file of site/src/scripts is over 300 lines", () => {
  const long = filesUnder("site/src/scripts")
    .map((file) => ({ file, lines: readFileSync(join(root, file), "utf8").trimEnd().split("\n").length }))
    .filter((f) => f.lines > 300);
  expect(long).toEqual([]);
});
