import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Lexicon, boardRows, dailyPuzzle, parseBlocklist } from "#engine";
import { cli, LEXICON, ROOT } from "./run.ts";

describe("tumbleword daily", () => {
  it("prints the board the shared daily code derives for that date and secret", async () => {
    const blocklist = parseBlocklist(readFileSync(join(ROOT, "shared/engine/lexicon/blocklist.txt"), "utf8"));
    const expected = await dailyPuzzle("test-secret", "2026-11-21", Lexicon.fromBytes(readFileSync(LEXICON)), blocklist);

    const result = cli(["daily", "--date", "2026-11-21", "--secret", "test-secret", "--json"]);
    expect(result.status, result.stderr).toBe(0);
    const out = JSON.parse(result.stdout);
    expect(out).toEqual({
      date: "2026-11-21",
      lang: "en",
      board: boardRows(expected.board),
      rules: "classic",
      totals: expected.solution.totals,
      attempts: expected.attempts,
    });
    // The secret may come from the environment instead, with the same result.
    const fromEnv = cli(["daily", "--date", "2026-11-21", "--json"], { env: { DAILY_SECRET: "test-secret" } });
    expect(JSON.parse(fromEnv.stdout)).toEqual(out);
    // Another secret gives another board.
    const other = JSON.parse(cli(["daily", "--date", "2026-11-21", "--secret", "other", "--json"]).stdout);
    expect(other.board).not.toEqual(out.board);
  });

  it("prints the grid and the board's text syntax", () => {
    const result = cli(["daily", "--date", "2026-11-22", "--secret", "test-secret"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Daily puzzle for 2026-11-22\n\n( {2}(Qu|[A-Z]) +\S.*\n){4}\nboard: [a-z]{4}(\/[a-z]{4}){3}\n/);
  });
});
