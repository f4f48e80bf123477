// How many test files run at once, in every project: they all run together in one pool (vitest
// wants one maxWorkers for projects run together). Twice the machine's cores: most files wait (on
// workerd, child processes, the browser, the server, the sync queue) more than they compute; on
// the 2-core development machine four workers took 162 s of vitest against 175 s with three.
import os from "node:os";

export const TEST_WORKERS = Math.max(2, 2 * os.availableParallelism());
