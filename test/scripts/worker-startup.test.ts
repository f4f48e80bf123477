// scripts/worker-startup.ts end to end, one start of each Worker: what `npm run deploy` would upload
// starts in workerd and answers, beside an empty Worker; the figures are printed, not asserted
// (they measure the machine). A setting that is not one is refused in one line with exit code 2.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { projectNode as node } from "#scripts/lib/server.ts";

const root = path.resolve(import.meta.dirname, "../..");
const run = (env: Record<string, string>) => spawnSync(node, ["scripts/worker-startup.ts"], { cwd: root, env: { ...process.env, ...env }, encoding: "utf8", timeout: 300_000 });

test("starts the upload's script and an empty Worker in workerd and prints both starts and the difference", () => {
  const started = run({ STARTUP_RUNS: "1" });
  expect(started.status, started.stdout + started.stderr).toBe(0);
  const ms = (label: string) => {
    const row = new RegExp(`^${label}\\s+ready\\s+([\\d.]+) ms\\s+first request\\s+([\\d.]+) ms$`, "m").exec(started.stdout);
    expect(row, `${label} in:\n${started.stdout}`).not.toBeNull();
    return { ready: Number(row![1]), first: Number(row![2]) };
  };
  expect(ms("an empty Worker").ready).toBeGreaterThan(0);
  expect(ms("Tumbleword's Worker").ready).toBeGreaterThan(0);
  // The upload holds the script and its lexicons (megabytes of data modules).
  const upload = /^the upload: index\.js ([\d,]+) B, (\d+) modules beside it, ([\d,]+) B in all$/m.exec(started.stdout);
  expect(upload).not.toBeNull();
  expect(Number(upload![2])).toBeGreaterThanOrEqual(4);
  expect(Number(upload![3].replaceAll(",", ""))).toBeGreaterThan(Number(upload![1].replaceAll(",", "")) + 1_000_000);
  expect(started.stdout).toMatch(/^the script's own start: -?[\d.]+ ms to ready, -?[\d.]+ ms more to its first answer$/m);
});

test("refuses a number of runs that is not one: one line, exit code 2", () => {
  const refused = run({ STARTUP_RUNS: "many" });
  expect(refused.status).toBe(2);
  expect(refused.stderr.trim()).toBe('STARTUP_RUNS must be a whole number of runs (1-100), got "many"');
});
