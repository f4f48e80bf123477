// Every import of the project's code, read with TypeScript's own parser (so `import type` is told
// apart from a value import), each resolved to a repository path: relative specifiers from the
// importing file, `#…` aliases through package.json's `imports`. What the architecture tests read.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

export const root = resolve(import.meta.dirname, "../..");

export interface Import {
  /** The importing file, relative to the repository. */
  from: string;
  /** The imported file, relative to the repository (packages are not followed). */
  to: string;
  /** The specifier as written. */
  specifier: string;
  typeOnly: boolean;
}

export function filesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|astro|mjs)$/.test(name) && !name.endsWith(".d.ts") && !name.includes("node_modules"))
    .map((name) => join(dir, name));
}

/** An .astro file's TypeScript: its frontmatter and its <script> blocks. */
function astroCode(text: string): string {
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? "";
  const scripts = [...text.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return [frontmatter, ...scripts].join("\n");
}

const aliases = Object.entries((JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { imports?: Record<string, string> }).imports ?? {});

/** A `#…` specifier through package.json's imports ("#game/*": "./shared/game/*"); null when none matches. */
export function resolveAlias(specifier: string): string | null {
  for (const [pattern, target] of aliases) {
    const star = pattern.indexOf("*");
    if (star < 0 ? specifier === pattern : specifier.startsWith(pattern.slice(0, star))) {
      return relative(root, resolve(root, star < 0 ? target : target.replace("*", specifier.slice(star))));
    }
  }
  return null;
}

function resolveSpecifier(file: string, specifier: string): string | null {
  if (specifier.startsWith(".")) return relative(root, resolve(root, dirname(file), specifier.replace(/\?.*$/, "")));
  if (specifier.startsWith("#")) return resolveAlias(specifier);
  return null;
}

export function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), "utf8");
  const source = ts.createSourceFile(file, file.endsWith(".astro") ? astroCode(text) : text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: Import[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const to = resolveSpecifier(file, specifier);
    if (to !== null) found.push({ from: file, to, specifier, typeOnly });
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

/** Whether an import's target is a file of the repository (a broken import would pass every rule). */
export const exists = (i: Import) => existsSync(join(root, i.to));

/**
 * The import cycles among `imports` (type imports too: a cycle of types is still two files that
 * cannot be read apart), as the files of each strongly connected component (Tarjan).
 */
export function cycles(imports: readonly Import[]): string[][] {
  const edges = new Map<string, string[]>();
  for (const i of imports) edges.set(i.from, [...(edges.get(i.from) ?? []), i.to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}
