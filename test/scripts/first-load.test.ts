// `npm run first-load` (scripts/first-load.ts) end to end: the product served, Chromium throttled
// to slow 4G, a first and a second visit. The second visit must come from the caches (the
// lexicon not fetched again), and the first must fetch the lexicon compressed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { projectNode as node } from "../../scripts/lib/server.ts";
import { TEST_DAILY_SECRET } from "../days.ts";

const root = path.resolve(import.meta.dirname, "../..");

test("first and second visit: bytes, requests and time until a word can be judged", () => {
  const env = { ...process.env, DAILY_SECRET: TEST_DAILY_SECRET, TODAY: inject("today") };
  const run = spawnSync(node, ["scripts/first-load.ts"], { cwd: root, env, encoding: "utf8", timeout: 420_000 });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const row = (visit: string) => {
    const match = new RegExp(`^\\| / \\| ${visit} \\| ([\\d,]+) B .*\\| (\\d+) \\| ([\\d,]+) B \\| (english|none) \\| ([\\d.]+) s \\|$`, "m").exec(run.stdout);
    expect(match, run.stdout).not.toBeNull();
    const [, bytes, requests, lexicon, , seconds] = match!;
    return { bytes: Number(bytes.replaceAll(",", "")), requests: Number(requests), lexicon: Number(lexicon.replaceAll(",", "")), seconds: Number(seconds) };
  };
  const first = row("first");
  const second = row("second");
  // The lexicon is 1.5 MB raw: fetched compressed on the first visit, not at all on the second.
  expect(first.lexicon).toBeGreaterThan(100_000);
  expect(first.lexicon).toBeLessThan(1_000_000);
  expect(second.lexicon).toBe(0);
  expect(second.bytes).toBeLessThan(first.bytes / 10);
  expect(second.seconds).toBeGreaterThan(0);
});
