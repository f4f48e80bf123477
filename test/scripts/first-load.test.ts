// `npm run first-load` (scripts/first-load.ts) end to end: the product served, Chromium throttled
// to slow 4G on a Pixel 7 viewport, the four daily pages (a first and a second visit) and the
// three embeds on another site. Bytes are stable, so they are held to issue 40's targets: a daily
// page at most 120 KB to network idle, an embed at most 100 KB with all it loads, and no lexicon
// anywhere (today's board is judged from the day's words). Times are printed, not asserted.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, inject, test } from "vitest";
import { projectNode as node } from "#scripts/lib/server.ts";
import { TEST_DAILY_SECRET } from "../days.ts";

const root = path.resolve(import.meta.dirname, "../..");

interface Row {
  what: string;
  visit: string;
  bytes: number;
  requests: number;
  lexicon: number;
  seconds: number;
}

test("every daily page and embed under its byte target, no lexicon, the second visit from the cache", () => {
  const env = { ...process.env, DAILY_SECRET: TEST_DAILY_SECRET, TODAY: inject("today"), TODAY_BEGAN_AT: String(inject("todayBeganAt")) };
  const run = spawnSync(node, ["scripts/first-load.ts"], { cwd: root, env, encoding: "utf8", timeout: 420_000 });
  expect(run.status, run.stdout + run.stderr).toBe(0);
  const rows: Row[] = [...run.stdout.matchAll(/^\| ([^|]+) \| (first|second) \| ([\d,]+) B [^|]*\| (\d+) \| ([\d,]+) B \| [^|]+ \| ([\d.]+) s \|/gm)].map((m) => ({
    what: m[1]!.trim(),
    visit: m[2]!,
    bytes: Number(m[3]!.replaceAll(",", "")),
    requests: Number(m[4]),
    lexicon: Number(m[5]!.replaceAll(",", "")),
    seconds: Number(m[6]),
  }));
  const first = (what: string) => rows.find((r) => r.what === what && r.visit === "first")!;
  expect(rows.map((r) => `${r.what} ${r.visit}`)).toEqual([
    ...["/", "/fr", "/es", "/de"].flatMap((p) => [`${p} first`, `${p} second`]),
    ...["widget", "room", "league"].map((kind) => `${kind} embed on another site first`),
  ]);
  for (const row of rows) {
    expect(row.lexicon, row.what).toBe(0);
    expect(row.seconds, row.what).toBeGreaterThan(0);
  }
  for (const page of ["/", "/fr", "/es", "/de"]) {
    expect(first(page).bytes, page).toBeLessThanOrEqual(120 * 1024);
    const second = rows.find((r) => r.what === page && r.visit === "second")!;
    expect(second.bytes, page).toBeLessThan(first(page).bytes / 5);
  }
  for (const kind of ["widget", "room", "league"]) {
    const row = first(`${kind} embed on another site`);
    // The frame and what it loads, not just the snippet: a few requests at least.
    expect(row.requests, kind).toBeGreaterThan(3);
    expect(row.bytes, kind).toBeLessThanOrEqual(100 * 1024);
  }
  expect(run.stdout).not.toContain("MISSED");
});
