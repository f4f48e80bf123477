// Runs the real `tumbleword` binary in a child process and collects what it printed.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const CLI = join(ROOT, "dist/cli.js");
export const LEXICON = join(ROOT, "dist/lexicon/english.bin");

export interface Result {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A cache directory of the tests' own, so runs never share compiled dictionaries with a user's. */
export const TEST_CACHE_HOME = mkdtempSync(join(tmpdir(), "tumbleword-cli-cache-"));

/** `node dist/cli.js ...args`, with optional standard input (a pipe, never a TTY). */
export function cli(args: string[], options: { input?: string; env?: NodeJS.ProcessEnv; bin?: string; timeoutMs?: number } = {}): Result {
  const result = spawnSync(process.execPath, [options.bin ?? CLI, ...args], {
    cwd: ROOT,
    input: options.input ?? "",
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: undefined, FORCE_COLOR: undefined, XDG_CACHE_HOME: TEST_CACHE_HOME, ...options.env },
    timeout: options.timeoutMs ?? 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The same, asynchronously, with stdin left open until `close` is called (for timed play). */
export function cliOpen(args: string[]): { done: Promise<Result>; write(text: string): void; close(): void } {
  const child = spawn(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, XDG_CACHE_HOME: TEST_CACHE_HOME },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const done = new Promise<Result>((resolveDone) => child.on("close", (status) => resolveDone({ status, stdout, stderr })));
  return { done, write: (text) => child.stdin.write(text), close: () => child.stdin.end() };
}

/** A fresh temporary directory with the given files written into it. */
export function tempFiles(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tumbleword-cli-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Asserts the single error path: exit 2, one line `tumbleword: ...` on stderr, nothing on stdout. */
export function expectUsageError(result: Result, mentions: RegExp | string): void {
  const lines = result.stderr.split("\n").filter((l) => l !== "");
  expect(result.status, result.stderr).toBe(2);
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^tumbleword: \S/);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:|node:internal/);
  expect(result.stdout).toBe("");
  if (typeof mentions === "string") expect(lines[0]).toContain(mentions);
  else expect(lines[0]).toMatch(mentions);
}
