import { describe, expect, it } from "vitest";
import { cli, ROOT } from "./run.ts";
import { join } from "node:path";

describe("the two ways to run the CLI", () => {
  it("cli/main.ts under Node's type stripping behaves like the bundled dist/cli.js", () => {
    const args = ["solve", "--board", "case/mopi/stre/napd", "--json"];
    const source = cli(args, { bin: join(ROOT, "cli/main.ts") });
    expect(source.status, source.stderr).toBe(0);
    expect(source.stdout).toBe(cli(args).stdout);
  });

  // Its cold-start rows start fresh processes, and the popcount-trie reference is built and checked
  // first: tens of seconds on a busy 2-core machine, however short the timed part.
  it("bench prints one table with every measure (short run)", { timeout: 150_000 }, () => {
    const result = cli(["bench", "--seconds", "0.05", "--batch-boards", "20"], { timeoutMs: 140_000 });
    expect(result.status, result.stderr).toBe(0);
    for (const row of [
      /^4x4 search only \(solveTotals: totals, no paths\), median of 5 +[\d,]+ boards\/s \(wall clock [\d,]+\) /m,
      /^4x4 popcount-trie reference \(TS\), same boards, turns with the row above, median of 5 +[\d,]+ boards\/s \(wall clock [\d,]+\); engine \/ reference = [\d.]+x /m,
      /^Popcount-trie reference: .* the same totals as the engine on [\d,]+ of the 16,384 boards timed \([\d,]+ points\)\.$/m,
      /^4x4 solve, compact \(solveCompact: words, paths, sorted\) +[\d,]+ boards\/s /m,
      /^4x4 solve, objects \(solve: strings, cells, objects\) +[\d,]+ boards\/s /m,
      /^16x16 solve with paths, median of 40: compact +[\d.,]+ ms /m,
      /^16x16 solve with paths, median of 40: objects +[\d.,]+ ms /m,
      /^64x64 solve, median of 9 +[\d.,]+ ms /m,
      /^batch end to end, 20 boards, dictionary cached \(median of 5\) +[\d,]+ boards\/s \([\d,]+ ms wall, [\d,]+ ms CPU\) /m,
      /^batch, first run \(compiles and caches the dictionary\) +[\d,]+ boards\/s /m,
      /^cold start CPU: load lexicon \+ first 4x4 .* +[\d.,]+ ms \(load [\d.]+ ms, shake \+ solve [\d.]+ ms\) /m,
      /^cold start: importing the engine module before that +[\d.]+ ms /m,
      /^lexicon file +[\d,]+ bytes raw, [\d,]+ gzipped /m,
      /^one-word check \(checkWord\) +[\d.]+ µs /m,
      /^peak memory, one 64x64 solve .* [\d.]+ MB peak RSS /m,
    ]) {
      expect(result.stdout).toMatch(row);
    }
  });
});
