// How many test files run at once, in every project: they all run together in one pool (vitest
// wants one maxWorkers for projects run together). Three on a 2-core machine, where vitest's
// default would be one: most files wait (on workerd, child processes, the browser, the server,
// the sync queue) more than they compute.
export const TEST_WORKERS = 3;
