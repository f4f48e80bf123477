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

  it("bench prints one table with every measure (short run)", () => {
    const result = cli(["bench", "--seconds", "0.05"]);
    expect(result.status, result.stderr).toBe(0);
    for (const row of [
      /^4x4 solve with paths \(one core\) +[\d,]+ boards\/s /m,
      /^4x4 score only \(solveTotals\) +[\d,]+ boards\/s /m,
      /^16x16 solve, median of 40 +[\d.,]+ ms /m,
      /^64x64 solve, median of 9 +[\d.,]+ ms /m,
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
