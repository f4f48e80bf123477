// `npm run deploy` starts with scripts/refuse-pinned-day.ts: a wrangler.toml whose [vars] pin the
// day (TODAY) is refused in one line with exit code 2; the project's own passes.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { projectNode as node, projectRoot as root } from "#scripts/lib/server.ts";

const refuse = (...args: string[]) => spawnSync(node, ["scripts/refuse-pinned-day.ts", ...args], { cwd: root, encoding: "utf8" });

test("the project's wrangler.toml pins no day", () => {
  const run = refuse();
  expect(run.status, run.stderr).toBe(0);
});

test("a wrangler.toml that sets TODAY in [vars] stops the deploy", () => {
  const config = path.join(mkdtempSync(path.join(tmpdir(), "tumbleword-pinned-")), "wrangler.toml");
  writeFileSync(config, readFileSync(path.join(root, "wrangler.toml"), "utf8").replace(/^\[vars\]$/m, '[vars]\nTODAY = "2027-03-14"'));
  const run = refuse(config);
  expect(run.status).toBe(2);
  expect(run.stderr.trim().split("\n")).toEqual(['wrangler.toml pins the day (TODAY = "2027-03-14"): TODAY is for local development and the tests only; remove it before deploying']);
});
