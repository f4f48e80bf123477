// A project run as of another day (TEST_DAY, see project.ts) moves this isolate's clock to that
// day at the current time of day, still running: the Worker, its Durable Objects and the tests
// share the isolate, so all of them see that day's board, rounds and deadlines.
import { env } from "cloudflare:workers";
import { vi } from "vitest";
import { dayStart } from "../../shared/calendar.ts";

const DAY_MS = 86_400_000;

if (env.TEST_DAY) {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true, now: dayStart(env.TEST_DAY) + (Date.now() % DAY_MS) });
}
