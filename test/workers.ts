// How many test files run at once, in every project: they all run together in one pool (vitest
// wants one maxWorkers for projects run together). One more than the machine's cores: most files
// wait (on workerd, child processes, the browser, the server, the sync queue) more than they
// compute, so one extra file fills the gaps; more than that (four on two cores) kept the machine's
// load near 20 while the browser files ran, and a server's boot then took minutes. TEST_WORKERS
// overrides it.
import { availableParallelism } from "node:os";

const fromEnv = Number(process.env.TEST_WORKERS);
export const TEST_WORKERS = Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Math.max(2, availableParallelism() + 1);
