// The project's scripts take their settings from environment variables; `--help` prints them and
// exits before anything starts, and a setting that is not a positive whole number stops the script
// with one line and exit code 2 (bad input is never a half-run load test).

/** Prints `usage` and exits 0 when the script was run with --help or -h. */
export function helpRequested(usage: string): void {
  if (process.argv.includes("--help") || process.argv.includes("-h")) {
    console.log(usage.trim());
    process.exit(0);
  }
}

/** A positive whole number from the environment, or `fallback` when unset. */
export function positiveIntegerSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${process.argv[1]?.split("/").pop() ?? "script"}: ${name} must be a positive whole number, got "${raw}"`);
    process.exit(2);
  }
  return value;
}
