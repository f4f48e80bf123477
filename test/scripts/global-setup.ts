// The Worker that scripts/serve.ts runs imports the compiled lexicon: build it (skipped by the
// script when up to date), with the project's pinned Node whatever Node started vitest.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export default function setup(): void {
  const root = path.resolve(import.meta.dirname, "../..");
  const pinned = path.join(root, "node_modules/node/bin/node");
  execFileSync(existsSync(pinned) ? pinned : process.execPath, ["scripts/build-lexicon.ts"], { cwd: root, stdio: "inherit" });
}
