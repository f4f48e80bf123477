// `npm run deploy` runs this first: a deployment never runs on a pinned day. TODAY (worker/dev/pinned-day.ts)
// is for `npm start` and the tests, passed to wrangler dev as a var; set in wrangler.toml's [vars]
// it would move a deployment's clock too, so the deploy stops here, with the line to remove.
//   node scripts/refuse-pinned-day.ts [CONFIG]   (default: the project's wrangler.toml)
import { readFileSync } from "node:fs";
import path from "node:path";
import { projectRoot } from "./lib/server.ts";

const config = readFileSync(process.argv[2] ?? path.join(projectRoot, "wrangler.toml"), "utf8");
const vars = /^\[vars\]\s*$([\s\S]*?)(?=^\[)/m.exec(config)?.[1] ?? "";
const pinned = /^\s*TODAY\s*=.*$/m.exec(vars);
if (pinned) {
  console.error(`wrangler.toml pins the day (${pinned[0].trim()}): TODAY is for local development and the tests only; remove it before deploying`);
  process.exit(2);
}
