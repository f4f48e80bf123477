import { describe, expect, it } from "vitest";
import { cli } from "./run.ts";

const COMMANDS = ["solve", "check", "shake", "batch", "play", "daily", "bench"];

describe("--help", () => {
  it("lists every command at the top level (also with no arguments)", () => {
    for (const args of [["--help"], ["-h"], []]) {
      const result = cli(args);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^Usage: tumbleword <command> \[options\]/);
      for (const name of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^  ${name} +\\S`, "m"));
    }
  });

  for (const name of COMMANDS) {
    it(`explains '${name}'`, () => {
      const result = cli([name, "--help"]);
      expect(result.status).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(new RegExp(`^Usage: tumbleword ${name}\\b`));
      expect(result.stdout).toContain("-h, --help");
      expect(cli([name, "-h"]).stdout).toBe(result.stdout);
      expect(cli(["help", name]).stdout).toBe(result.stdout);
    });
  }

  it("wins over other arguments, even bad ones", () => {
    const result = cli(["solve", "--bogus", "--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Usage: tumbleword solve/);
  });
});
