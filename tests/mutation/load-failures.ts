import type { Reporter, Vitest } from "vitest/node";
import type { Test } from "@vitest/runner";

/**
 * A mutant that makes a module throw while it loads (a machine's `setup({})`, a constant emptied) fails every test
 * file that imports it, as `npm test` would. Stryker's Vitest runner builds its verdict from the tests it collected,
 * and a file that could not load has none, so it reported such a mutant as survived (stryker-js issues 6150 and
 * 6209). This reporter gives a file that failed before any test ran one failed test carrying the file's own error, so
 * the mutant counts as what it is: killed. Decision 037.
 */
export class LoadFailuresAsFailedTests implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  /** Runs before Stryker reads the run's files from the same state. */
  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
      const failed: Test = {
        type: "test",
        id: `${file.id}_load`,
        name: "loads its modules",
        fullName: `${file.name} loads its modules`,
        fullTestName: "loads its modules",
        mode: "run",
        context: undefined as never, // never run: it only reports the file's own failure
        file,
        suite: file,
        meta: {},
        timeout: 0,
        annotations: [],
        artifacts: [],
        result: { state: "fail", errors: file.result.errors },
      };
      file.tasks.push(failed);
    }
  }
}
