// Installs what `npm start` and `npm test` need when it is missing, so that both work on a fresh
// clone. Plain .mjs: it runs on whatever Node the machine has, before node_modules (and the
// pinned Node 24 inside it) exists.
//   node scripts/ensure-install.mjs            npm dependencies (pinned by package-lock.json)
//   node scripts/ensure-install.mjs --browser  and Chromium for the browser tests (`npm test`)
import { existsSync, readFileSync } from "node:fs";
import { execSync } from "node:child_process";

// Stale when a package the lockfile pins is missing or at another version (a fresh clone, a merge
// that adds or bumps a dependency). Compared by content, not by file times: a checkout or a git
// worktree sharing one node_modules gives the lockfile a new time without changing what it pins.
const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const stale = Object.entries(lock.packages ?? {}).some(([where, pinned]) => {
  if (!where.startsWith("node_modules/") || pinned.link) return false;
  const manifest = `${where}/package.json`;
  // Optional packages for other platforms are never installed.
  if (!existsSync(manifest)) return !pinned.optional;
  return JSON.parse(readFileSync(manifest, "utf8")).version !== pinned.version;
});
if (stale) {
  // `npm install` rather than `npm ci`: the lockfile pins every version either way, and `npm ci`
  // refuses lockfiles that lack optional platform packages the registry does not serve.
  console.log("Installing dependencies (pinned by package-lock.json)...");
  execSync("npm install --no-audit --no-fund", { stdio: "inherit" });
}

// The browser tests drive Debian's Chromium (test/browser/server-status.ts names the path):
// installed here, in the open, rather than by the tests behind the user's back.
const CHROMIUM = "/usr/bin/chromium";
const INSTRUCTION = "sudo apt-get update && sudo apt-get install -y chromium";
if (process.argv.includes("--browser") && !existsSync(CHROMIUM)) {
  const canApt = process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
  if (!canApt) {
    console.error(`The browser tests need Chromium at ${CHROMIUM}. Install it with: ${INSTRUCTION}`);
    process.exit(1);
  }
  console.log(`Installing Chromium for the browser tests (apt-get install chromium; ${CHROMIUM} is missing)...`);
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get did not install ${CHROMIUM}. Install Chromium with: ${INSTRUCTION}`);
    process.exit(1);
  }
}
