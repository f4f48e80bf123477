// How many test files run at once, in every project: they all run together in one pool (vitest
// wants one maxWorkers for projects run together). Four on a 2-core machine, where vitest's
// default would be one: most files wait (on workerd, child processes, the browser, the server,
// the sync queue) more than they compute: a run used about half of the two cores' time with three
// workers, and four took 162 s of vitest against 175 s.
export const TEST_WORKERS = 4;
