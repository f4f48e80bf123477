// The code's architecture, checked by reading every import (test/site/import-graph.ts): the rooms
// (shared/engine, shared/game, worker, site, cli, scripts) and the arrows allowed between them, no
// import cycle anywhere, the engine entered only through its index, the Worker's features that
// keep HTTP to their routes, an entry that only dispatches, and the claims docs/architecture.md
// makes about the Worker's folders.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { expect, test } from "vitest";
import { type Import, cycles, filesUnder, importsOf, resolveAlias, root } from "./import-graph.ts";

const all = ["shared", "worker", "site/src", "cli", "scripts", "test"].flatMap(filesUnder).flatMap(importsOf);
const code = all.filter((i) => !i.from.startsWith("test/"));
const inside = (dir: string) => (path: string) => path === dir || path.startsWith(`${dir}/`);
const show = (list: Import[]) => list.map((i) => `${i.from} -> ${i.to}${i.typeOnly ? " (type)" : ""}`);

test("the scan sees the imports it checks, every one a file that exists", () => {
  expect(code.length).toBeGreaterThan(800);
  expect(code).toContainEqual({ from: "site/src/core/api-client.ts", to: "worker/app.ts", specifier: "#worker/app.ts", typeOnly: true });
  expect(code).toContainEqual({ from: "worker/queues.ts", to: "worker/results/sync-consumer.ts", specifier: "./results/sync-consumer.ts", typeOnly: false });
  expect(code.some((i) => i.from.endsWith(".astro") && i.specifier === "#engine")).toBe(true);
  expect(resolveAlias("#game/round.ts")).toBe("shared/game/round.ts");
  // Built files (dist/) aside, a target that does not exist is a scan that reads paths wrongly.
  expect(show(all.filter((i) => !i.to.startsWith("dist/") && !existsSync(join(root, i.to))))).toEqual([]);
});

test("no import cycle anywhere (code and tests, types included)", () => {
  expect(cycles(all)).toEqual([]);
});

test("the engine imports only itself; the game's rules only themselves and the engine's index", () => {
  const engine = code.filter((i) => inside("shared/engine")(i.from) && !inside("shared/engine")(i.to));
  const game = code.filter((i) => inside("shared/game")(i.from) && !inside("shared/game")(i.to) && i.to !== "shared/engine/index.ts");
  expect(show([...engine, ...game])).toEqual([]);
});

test("outside shared/engine (and its own tests), the engine is imported only through its index, as #engine", () => {
  const deep = all.filter(
    (i) => inside("shared/engine")(i.to) && !inside("shared/engine")(i.from) && !inside("test/engine")(i.from) && /\.ts$/.test(i.to) && i.specifier !== "#engine" && !inside("shared/game")(i.from),
  );
  expect(show(deep)).toEqual([]);
});

test("an import that leaves its room uses an alias, never ../../../", () => {
  const climbing = all.filter((i) => i.specifier.startsWith("../../../"));
  expect(climbing.map((i) => `${i.from}: ${i.specifier}`)).toEqual([]);
});

test("the site imports the Worker only as types, and never the scripts or the CLI", () => {
  const wrong = code.filter((i) => inside("site")(i.from) && ((inside("worker")(i.to) && !i.typeOnly) || inside("scripts")(i.to) || inside("cli")(i.to)));
  expect(show(wrong)).toEqual([]);
});

test("the Worker never imports the site, the scripts or the CLI", () => {
  const wrong = code.filter((i) => inside("worker")(i.from) && ["site", "scripts", "cli"].some((dir) => inside(dir)(i.to)));
  expect(show(wrong)).toEqual([]);
});

test("the storage layer (worker/db) imports no feature: only itself, the Worker's env and shared/", () => {
  const wrong = code.filter((i) => inside("worker/db")(i.from) && !inside("worker/db")(i.to) && i.to !== "worker/env.ts" && !inside("shared")(i.to));
  expect(show(wrong)).toEqual([]);
});

/** The HTTP layer: the app, http/, auth/, each feature's routes.ts, and the rooms' Durable Object (it answers fetch). */
const isHttpLayer = (file: string) => ["worker/app.ts", "worker/index.ts", "worker/rooms/room.ts"].includes(file) || inside("worker/http")(file) || inside("worker/auth")(file) || file.endsWith("/routes.ts");

test("domain code never speaks HTTP: Hono and the HTTP errors only in the HTTP layer (services throw DomainError)", () => {
  const honoUsers = filesUnder("worker").filter((f) => /from "hono/.test(readFileSync(join(root, f), "utf8")) && !isHttpLayer(f));
  const errorUsers = code.filter((i) => inside("worker")(i.from) && i.to === "worker/http/errors.ts" && !isHttpLayer(i.from));
  expect([...honoUsers, ...show(errorUsers)]).toEqual([]);
});

test("the Worker's entry only dispatches: it declares no function and imports only the app, the crons, the queues and the room class", () => {
  const file = "worker/index.ts";
  const source = ts.createSourceFile(file, readFileSync(join(root, file), "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const functions = source.statements.filter((s) => ts.isFunctionDeclaration(s)).map((s) => (s as ts.FunctionDeclaration).name?.text);
  expect(functions).toEqual([]);
  const imported = code.filter((i) => i.from === file).map((i) => i.to).sort();
  expect(imported).toEqual(["worker/app.ts", "worker/dev/pinned-day.ts", "worker/env.ts", "worker/queues.ts", "worker/rooms/room.ts", "worker/scheduled.ts"]);
});

test("each queue's consumer is its feature's, and only worker/queues.ts hands it batches", () => {
  const consumers = filesUnder("worker").filter((f) => /export async function consume\w+\(batch/.test(readFileSync(join(root, f), "utf8")));
  expect(consumers.sort()).toEqual(["worker/archive/consumer.ts", "worker/queues.ts", "worker/reminders/consumer.ts", "worker/results/sync-consumer.ts"]);
  // worker/operations.ts is the scale benchmark's door into the Worker (the test below).
  const wrong = code.filter((i) => consumers.includes(i.to) && i.to !== "worker/queues.ts" && !["worker/queues.ts", "worker/operations.ts"].includes(i.from) && !i.typeOnly);
  expect(show(wrong)).toEqual([]);
});

test("the scale benchmark's Worker enters the Worker's code through one door (worker/operations.ts)", () => {
  const bench = code.filter((i) => i.from === "scripts/scale/bench-worker.ts" && inside("worker")(i.to)).map((i) => i.to);
  expect([...new Set(bench)].sort()).toEqual(["worker/dev/pinned-day.ts", "worker/operations.ts"]);
});

test("docs/architecture.md names exactly the Worker's folders, and the features own their routes", () => {
  const layout = /```\n([\s\S]*?)```/.exec(readFileSync(join(root, "docs/architecture.md"), "utf8").split("## Code layout")[1] ?? "")?.[1] ?? "";
  const worker = /^worker\/[\s\S]*?(?=^\S)/m.exec(layout)?.[0] ?? "";
  const named = [...worker.matchAll(/\b([a-z-]+)\/(?= |,|\))/g)].map((m) => m[1]).filter((n) => n !== "worker");
  const folders = readdirSync(join(root, "worker"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  expect([...new Set(named)].sort()).toEqual(folders.sort());
  // Every router lives in a feature folder as its routes.ts: no routes/ or services/ hallway left.
  expect(folders).not.toContain("routes");
  expect(folders).not.toContain("services");
});

test("the README opens with what it is, the two commands, then the map of the code", () => {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const sections = readme.match(/^## .*$/gm) ?? [];
  expect(sections.slice(0, 2)).toEqual(["## Quick start", "## A map of the code"]);
  const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## A map of the code"));
  expect(quickStart).toContain("npm start");
  expect(quickStart).toContain("npm test");
});

test("each island's markup and script live together: a component imports scripts of its own island, the board's, core or i18n", () => {
  const islands = readdirSync(join(root, "site/src/islands"));
  const ownsScript = islands.filter((island) => readdirSync(join(root, "site/src/islands", island)).some((f) => f.endsWith(".ts")));
  expect(ownsScript.length).toBe(islands.length);
  const wrong = code.filter((i) => {
    const island = /^site\/src\/islands\/([^/]+)\/[^/]+\.astro$/.exec(i.from)?.[1];
    if (island === undefined || !/\.ts$/.test(i.to)) return false;
    // The home page loads its embed dialog's script with its own (one request on a first visit, not two).
    if (i.from === "site/src/islands/home/HomeBoard.astro" && i.to === "site/src/islands/embed/embed-dialog.ts") return false;
    return !["site/src/core", "site/src/i18n", `site/src/islands/${island}`, "site/src/islands/board", "shared"].some((dir) => inside(dir)(i.to));
  });
  expect(show(wrong)).toEqual([]);
  expect(existsSync(join(root, "site/src/scripts"))).toBe(false);
});

test("no script file of the site is over 300 lines", () => {
  const long = ["site/src/islands", "site/src/core"].flatMap(filesUnder).filter((f) => f.endsWith(".ts"))
    .map((file) => ({ file, lines: readFileSync(join(root, file), "utf8").trimEnd().split("\n").length }))
    .filter((f) => f.lines > 300);
  expect(long).toEqual([]);
});
