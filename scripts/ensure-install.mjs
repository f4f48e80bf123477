// Installs dependencies when they are missing or older than the lockfile, so that `npm start`
// and `npm test` work on a fresh clone. Plain .mjs: it runs on whatever Node the machine has,
// before node_modules (and the pinned Node 24 inside it) exists.
import { existsSync, readFileSync, statSync } from "node:fs";
import { execSync } from "node:child_process";

const marker = "node_modules/.package-lock.json";
const manifest = JSON.parse(readFileSync("package.json", "utf8"));
const direct = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
// Older than the lockfile, or missing a direct dependency (a merge can add one without making
// the lockfile look newer than the last install).
const stale =
  !existsSync(marker) ||
  statSync("package-lock.json").mtimeMs > statSync(marker).mtimeMs ||
  direct.some((name) => !existsSync(`node_modules/${name}/package.json`));
if (stale) {
  // `npm install` rather than `npm ci`: the lockfile pins every version either way, and `npm ci`
  // refuses lockfiles that lack optional platform packages the registry does not serve.
  console.log("Installing dependencies (pinned by package-lock.json)...");
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}
