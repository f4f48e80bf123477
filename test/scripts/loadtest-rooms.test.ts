// `npm run loadtest -- --rooms` (scripts/loadtest-rooms.ts) in the defaults' shape: rooms of 20
// players, each joining from its own address (more joins in all than the 60 a minute one address
// may make), a round played, and every room's results against an independent recount.
import { expect, test } from "vitest";
import { loadtestWithin } from "./loadtest-helpers.ts";

const loadtest = loadtestWithin(400_000);

// The defaults' shape (full rooms of 20, the default pace), fewer rooms: 80 joins from this one
// machine, past the per-address limit of 60 a minute that the seats' own addresses stay under.
// About 3 minutes on a loaded two-core machine (80 WebSockets and a server of its own).
test("--rooms: four rooms of 20 play a round and their results match an independent recount", () => {
  const run = loadtest({ LOADTEST_ROOMS: "4", LOADTEST_ROUND_SECONDS: "10" }, "--rooms");
  expect(run.status, run.stdout + run.stderr).toBe(0);
  expect(run.stdout).toMatch(/4 rooms x 20 players, 10 s rounds, think time 300 ms/);
  expect(run.stdout).toMatch(/80 WebSockets connected/);
  expect(run.stdout).toMatch(/^results\s+OK: all 4 rooms equal the recount/m);
}, 420_000);
