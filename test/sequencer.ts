// The order files start in. All projects share one pool of a few workers, and the browser tests'
// server boots during the first half minute of the run. So:
//   0. the long engine, CLI and Worker files (they need nothing but themselves) while it boots;
//   1. the long files that drive the server (browser, scripts): mostly waiting on a round's clock,
//      the sync queue or wrangler, so they leave room for the next part beside them;
//   2. the short browser files (5 to 15 s each: still the longest left);
//   3. the short engine, CLI and Worker files (about a second each), one project after the other
//      (a worker then runs a project's files in one process where the project allows it: isolate
//      false), to fill the workers as they free up.
// Within each part: files that failed last time first, then new files, then the longest first
// (durations from vitest's cache).
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SERVER_DRIVEN = new Set(["browser", "scripts"]);
/** Files at least this long (last run) are "long": 5 s for the self-contained ones, 15 s for the others. */
const LONG_MS = { selfContained: 5000, serverDriven: 15_000 };

export class ServerTestsAfterLongOnes extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const results = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`);
    const rank = (spec: TestSpecification) => {
      const last = results(spec);
      const duration = last?.duration ?? 0;
      // "browser@2027-08-18": the browser project as of a sweep day (vitest.config.ts).
      const serverDriven = SERVER_DRIVEN.has(spec.project.name.split("@")[0]!);
      const long = last === undefined || last.failed || duration >= (serverDriven ? LONG_MS.serverDriven : LONG_MS.selfContained);
      const part = serverDriven ? (long ? 1 : 2) : long ? 0 : 3;
      return { part, project: part === 3 ? spec.project.name : "", failed: last?.failed ? 0 : 1, known: last ? 1 : 0, duration };
    };
    return [...files].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x.part - y.part || x.project.localeCompare(y.project) || x.failed - y.failed || x.known - y.known || y.duration - x.duration;
    });
  }
}
