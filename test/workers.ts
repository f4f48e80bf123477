// How many test files run at once, in every project: they all run together in one pool (vitest
// wants one maxWorkers for projects run together). Twice the machine's cores: most files wait (on
// workerd, child processes, the browser, the server, the sync queue) more than they compute, so
// a core has room for a second file (on 2 cores, four workers ran the suite in 162 s of vitest
// against 175 s with three). TEST_WORKERS overrides it.
import { availableParallelism } from "node:os";

const fromEnv = Number(process.env.TEST_WORKERS);
export const TEST_WORKERS = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.max(2, 2 * availableParallelism());
