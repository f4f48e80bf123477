// The --dict compile cache, through the real binary: keyed by content, checked on every read,
// safe with concurrent runs, and never needed for a correct answer.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildLexicon } from "#engine";
import { cacheEntry, dictionaryKey } from "../../cli/dict-cache.ts";
import { CLI, cli, ROOT, tempFiles, type Result } from "./run.ts";

const DICTIONARY = ["6", "case", "cases", "mop", "mopes", "tops", "zoo"].join("\n");
const BOARDS = ["1", "case", "mopi", "stre", "napd", ""].join("\n");
const EXPECTED = "Words for Game #1:\ncase\nmop\nmopes\ntops\n\n\n";
// batch keeps words of 3 to 16 letters: that filter is part of the key.
const BATCH_FILTER = "letters 3-16";

/** A fresh cache home, the files, and a batch runner using them. */
function setup(dictionary = DICTIONARY) {
  const home = mkdtempSync(join(tmpdir(), "tumbleword-cache-test-"));
  const dir = tempFiles({ "dictionary.txt": dictionary, "boggle.txt": BOARDS });
  const dict = join(dir, "dictionary.txt");
  const run = (): Result => cli(["batch", "--dict", dict, "--boards", join(dir, "boggle.txt")], { env: { XDG_CACHE_HOME: home } });
  const cacheDir = join(home, "tumbleword");
  const entries = () => (existsSync(cacheDir) ? readdirSync(cacheDir).sort() : []);
  return { home, dict, run, cacheDir, entries };
}

describe("the --dict compile cache", () => {
  it("stores the compiled dictionary under a hash of its content and serves later runs from it", () => {
    const { dict, run, cacheDir, entries } = setup();
    expect(run().stdout).toBe(EXPECTED);
    const key = dictionaryKey(readFileSync(dict), BATCH_FILTER);
    expect(entries()).toEqual([`${key}.bin`]);

    // A valid entry with other words under that key is what the next run uses: the cache is read.
    writeFileSync(join(cacheDir, `${key}.bin`), cacheEntry(buildLexicon(["case", "zoo"])));
    expect(run().stdout).toBe("Words for Game #1:\ncase\n\n\n");

    // An edited file is a new key: compiled afresh, never answered from the old entry.
    writeFileSync(dict, `${DICTIONARY}\nnap\n`.replace(/^6/, "7"));
    expect(run().stdout).toBe("Words for Game #1:\ncase\nmop\nmopes\nnap\ntops\n\n\n");
    expect(entries()).toHaveLength(2);
  });

  it("rebuilds an entry that is truncated, damaged or not a lexicon, rather than trusting it", () => {
    const { dict, run, cacheDir } = setup();
    expect(run().stdout).toBe(EXPECTED);
    const path = join(cacheDir, `${dictionaryKey(readFileSync(dict), BATCH_FILTER)}.bin`);
    const good = readFileSync(path);
    const flipped = Buffer.from(good);
    flipped[good.length >> 1] ^= 0x40; // one bit inside the word graph: the checksum no longer matches
    for (const bad of [good.subarray(0, good.length - 9), flipped, Buffer.from("not a lexicon at all"), Buffer.alloc(0)]) {
      writeFileSync(path, bad);
      const result = run();
      expect(result.stderr).toBe("");
      expect(result.stdout).toBe(EXPECTED);
      expect(readFileSync(path).equals(good)).toBe(true);
    }
  });

  it("gives every concurrent run the right answer and leaves one entry, no temporary files", async () => {
    const { home, dict, entries } = setup();
    const boards = join(dict, "..", "boggle.txt");
    const runs = Array.from({ length: 4 }, () =>
      new Promise<Result>((resolve) => {
        const child = spawn(process.execPath, [CLI, "batch", "--dict", dict, "--boards", boards], {
          cwd: ROOT,
          env: { ...process.env, XDG_CACHE_HOME: home },
        });
        let stdout = "";
        let stderr = "";
        child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
        child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
        child.on("close", (status) => resolve({ status, stdout, stderr }));
      }),
    );
    for (const result of await Promise.all(runs)) expect(result).toEqual({ status: 0, stdout: EXPECTED, stderr: "" });
    expect(entries()).toEqual([`${dictionaryKey(readFileSync(dict), BATCH_FILTER)}.bin`]);
  });

  it("still answers when the cache directory cannot be made", () => {
    const dir = tempFiles({ "dictionary.txt": DICTIONARY, "boggle.txt": BOARDS, "not-a-directory": "" });
    const result = cli(["batch", "--dict", join(dir, "dictionary.txt"), "--boards", join(dir, "boggle.txt")], {
      env: { XDG_CACHE_HOME: join(dir, "not-a-directory") },
    });
    expect(result).toEqual({ status: 0, stdout: EXPECTED, stderr: "" });
  });

  it("keeps the 16 most recently used entries", () => {
    const { home, entries } = setup();
    const dir = tempFiles({ "boggle.txt": BOARDS });
    for (let i = 0; i < 18; i++) {
      writeFileSync(join(dir, `d${i}.txt`), `case\nmop${"s".repeat(i)}\n`);
      cli(["batch", "--dict", join(dir, `d${i}.txt`), "--boards", join(dir, "boggle.txt")], { env: { XDG_CACHE_HOME: home } });
    }
    const kept = entries();
    expect(kept).toHaveLength(16);
    const newest = dictionaryKey(readFileSync(join(dir, "d17.txt")), BATCH_FILTER);
    expect(kept).toContain(`${newest}.bin`);
  });

  it("keys solve --dict (every word kept) apart from batch (3 to 16 letters)", () => {
    const { home, dict, entries } = setup();
    cli(["solve", "--board", "case/mopi/stre/napd", "--dict", dict], { env: { XDG_CACHE_HOME: home } });
    expect(entries()).toEqual([`${dictionaryKey(readFileSync(dict), "letters 1-Infinity")}.bin`]);
  });
});
