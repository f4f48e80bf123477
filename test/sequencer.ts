// The order files start in. All projects share one pool of a few workers, so the engine, CLI and
// Worker files go first (they need nothing but themselves) while the browser tests' server boots;
// the files that drive that server (browser, scripts) follow, filling each worker as it frees up.
// Within each part, across projects: files that failed last time first, then new files, then
// the longest first (from vitest's cache), so that no long file starts last and runs alone.
import path from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const SERVER_DRIVEN = new Set(["browser", "scripts"]);

export class ServerTestsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const results = (spec: TestSpecification) => this.ctx.cache.getFileTestResults(`${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId)}`);
    const rank = (spec: TestSpecification) => {
      const last = results(spec);
      return { part: SERVER_DRIVEN.has(spec.project.name) ? 1 : 0, failed: last?.failed ? 0 : 1, known: last ? 1 : 0, duration: last?.duration ?? 0 };
    };
    return [...files].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x.part - y.part || x.failed - y.failed || x.known - y.known || y.duration - x.duration;
    });
  }
}
