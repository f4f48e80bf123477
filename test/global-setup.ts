// Once per test run, whichever projects run: the compiled lexicon (dist/lexicon/english.bin, read
// by the CLI, the Worker and the browser tests) through its one entry point, `npm run
// build:lexicon`, which does nothing when the file is newer than its inputs (as after `npm run
// build`, which `npm test` runs first).
import { execFileSync } from "node:child_process";
import path from "node:path";

export default function setup(): void {
  execFileSync("npm", ["run", "-s", "build:lexicon"], { cwd: path.resolve(import.meta.dirname, ".."), stdio: "inherit" });
}
