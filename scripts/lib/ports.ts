// A loopback port for the servers the scripts and the test setups start: one helper, not a copy per script.
import { createServer } from "node:net";

/**
 * Below the system's ephemeral range (Linux: 32768-60999), where every listen(0) of another
 * program lands: workerd's, Chromium's and wrangler's own sockets. A port chosen there and left
 * free while its server boots (serve.ts migrates the shards first, seconds on a busy machine) was
 * taken meanwhile by one of them; below it only the servers chosen here compete, at random.
 */
const RANGE = { from: 20_000, to: 32_000 };

/** Whether a loopback port can be listened on right now. */
export function tryPort(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A loopback port free right now, for a server the script or test starts. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = RANGE.from + Math.floor(Math.random() * (RANGE.to - RANGE.from));
    if (await tryPort(port)) return port;
  }
  throw new Error(`no free port between ${RANGE.from} and ${RANGE.to} after 50 tries`);
}

/** Waits until `port` is free again (a killed server's socket can outlive it by a moment); false after `timeoutMs`. */
export async function waitForFreePort(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!(await tryPort(port))) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return true;
}
