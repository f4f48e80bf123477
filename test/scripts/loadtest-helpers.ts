// What the load-test tests share: scripts/loadtest.ts run as a child process against a server of
// its own, pinned to the tests' daily secret and day (test/days.ts).
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { inject } from "vitest";
import { projectNode as node, projectRoot as root } from "#scripts/lib/server.ts";
import { TEST_DAILY_SECRET } from "../days.ts";

/** The server's daily secret and day (test/days.ts): the same board on every clone and every date. */
const pinned = { DAILY_SECRET: TEST_DAILY_SECRET, TODAY: inject("today"), TODAY_BEGAN_AT: String(inject("todayBeganAt")) };

/** A runner of scripts/loadtest.ts with these settings (environment) and arguments, stopped after `timeout` ms. */
export function loadtestWithin(timeout: number): (env: Record<string, string>, ...args: string[]) => SpawnSyncReturns<string> {
  return (env, ...args) => spawnSync(node, ["scripts/loadtest.ts", ...args], { cwd: root, env: { ...process.env, ...pinned, ...env }, encoding: "utf8", timeout });
}
