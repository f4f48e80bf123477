// The product server's state as global-setup.ts records it in a small JSON file, read by the
// test files: they wait for "ready" before their first page, and fail with the server's log
// when it has gone ("failed") instead of timing out on a dead port.
import { readFileSync } from "node:fs";

/** Debian's Chromium; scripts/ensure-install.mjs installs it for `npm test`. */
export const CHROMIUM = "/usr/bin/chromium";

export type ServerStatus = { state: "starting" } | { state: "ready" } | { state: "failed"; message: string };

export function readServerStatus(file: string): ServerStatus {
  return JSON.parse(readFileSync(file, "utf8")) as ServerStatus;
}

/** Resolves once the server is ready; throws its log when it failed or never got there. */
export async function serverReady(file: string, timeoutMs = 170_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = readServerStatus(file);
    if (status.state === "ready") return;
    if (status.state === "failed") throw new Error(status.message);
    if (Date.now() > deadline) throw new Error(`the product server was still starting after ${timeoutMs / 1000} s`);
    // Polling a local file: the setup writes it when the server's output says it is up.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Throws the server's log if it exited or was restarted during the run. */
export function serverStillUp(file: string): void {
  const status = readServerStatus(file);
  if (status.state === "failed") throw new Error(status.message);
}
