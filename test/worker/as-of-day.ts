// A project run as of another day (TODAY, see project.ts) moves this isolate's clock to that day
// from the run's TODAY_BEGAN_AT (test/days.ts), still running, the way the test servers pin a day:
// the Worker's own module (worker/dev/pinned-day.ts) does it. The Worker, its Durable Objects and
// the tests share the isolate, so all of them see that day's board, rounds and deadlines.
import "#worker/dev/pinned-day.ts";
