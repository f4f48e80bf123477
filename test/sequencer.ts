// The order files start in. All projects run in one group of a few workers, so the engine, CLI
// and Worker files go first (they need nothing but themselves) while the browser tests' server
// boots; the files that drive that server (browser, scripts) follow, filling each worker as it
// frees up. Within each part, vitest's own order: failed first, then longest first.
import { BaseSequencer, type TestSpecification } from "vitest/node";

const LAST = new Set(["browser", "scripts"]);

export class ServerTestsLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (spec: TestSpecification) => LAST.has(spec.project.name);
    return [...sorted.filter((spec) => !last(spec)), ...sorted.filter(last)];
  }
}
