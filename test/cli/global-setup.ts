// The CLI's tests run the bundled binary, dist/cli.js: built through the project's own npm script
// when it is missing or older than a source it bundles (`npm test` has just built it: no second
// build). The lexicon comes from the run's root setup (test/global-setup.ts).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { CLI, ROOT } from "./run.ts";

/** The newest modification time of the files under `dir`. */
function newest(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((latest, entry) => Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs), 0);
}

export default function setup(): void {
  const sources = Math.max(newest(path.join(ROOT, "cli")), newest(path.join(ROOT, "shared")), statSync(path.join(ROOT, "package.json")).mtimeMs);
  if (existsSync(CLI) && statSync(CLI).mtimeMs >= sources) return;
  execFileSync("npm", ["run", "-s", "build:cli"], { cwd: ROOT, stdio: "inherit" });
}
