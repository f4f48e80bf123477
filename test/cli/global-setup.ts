// Builds what the CLI needs before its tests: the default lexicon (skipped by the script when up
// to date) and the bundled binary dist/cli.js, through the project's own npm scripts.
import { execFileSync } from "node:child_process";
import { ROOT } from "./run.ts";

export default function setup(): void {
  const options = { cwd: ROOT, stdio: "inherit" as const };
  execFileSync(process.execPath, ["scripts/build-lexicon.ts"], options);
  execFileSync("npm", ["run", "-s", "build:cli"], options);
}
