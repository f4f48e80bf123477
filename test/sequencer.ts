// The order files start in. All projects share one pool of a few workers, and the browser tests'
// server boots during the first half minute of the run. So: first the long engine, CLI and Worker
// files (which need nothing but themselves) while it boots; then the files that drive the server
// (browser, scripts), longest first, since the longest mostly wait on a round's clock; and the
// short engine, CLI and Worker files last, to fill each worker as it frees up, one project after
// the other (a worker then runs a project's files one after another in the same process where the
// project allows it: isolate false). Within each part: files that failed last time first, then
// new files, then the longest first (vitest's cache).
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SERVER_DRIVEN = new Set(["browser", "scripts"]);
/** A file at least this long (last run) goes before the server-driven files. */
const LONG_MS = 5000;

export class ServerTestsAfterLongOnes extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const results = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`);
    const rank = (spec: TestSpecification) => {
      const last = results(spec);
      const duration = last?.duration ?? 0;
      const part = SERVER_DRIVEN.has(spec.project.name) ? 1 : last === undefined || last.failed || duration >= LONG_MS ? 0 : 2;
      return { part, project: part === 2 ? spec.project.name : "", failed: last?.failed ? 0 : 1, known: last ? 1 : 0, duration };
    };
    return [...files].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x.part - y.part || x.project.localeCompare(y.project) || x.failed - y.failed || x.known - y.known || y.duration - x.duration;
    });
  }
}
