// A loopback port for the servers the scripts and the test setups start: one helper, not a copy per script.
import { createServer } from "node:net";

/** A loopback port free right now (the OS picks it), for a server the script or test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
